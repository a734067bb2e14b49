import { createPath, type DataRouter } from 'react-router';
import { onMaintenance } from '@/api';
import { fetchHealth } from '@/features/system/api/health';
import { MAINTENANCE_PATH } from './guards/protect';

/**
 * Sends the user to /maintenance whenever a call answers 503, remembering where they were going.
 * The home page calls no API, so a health check at start covers a first visit too.
 */
export function watchMaintenance(router: DataRouter): () => void {
  const goToMaintenance = () => {
    const { location, navigation } = router.state;
    if (location.pathname === MAINTENANCE_PATH) return;
    const from = createPath(navigation.location ?? location);
    void router.navigate(MAINTENANCE_PATH, { state: { from } });
  };
  const unsubscribe = onMaintenance(goToMaintenance);
  fetchHealth().then(
    (health) => {
      if (health.maintenance) goToMaintenance();
    },
    () => {
      // An unreachable API is not maintenance; each page reports its own failures.
    },
  );
  return unsubscribe;
}
