import { createPath, type DataRouter } from 'react-router';
import { onMaintenance } from '@/api';
import { fetchHealth } from '@/features/system/api/health';
import { getSessionToken } from '@/shared/storage';
import { LOGIN_PATH } from '@/shared/session/loginPath';
import { MAINTENANCE_PATH } from './guards/protect';

/** Where staff log in while the administrators' switch keeps applicants out. */
const STAFF_LOGIN_PATHS = new Set([LOGIN_PATH, '/login']);

/**
 * Sends the user to /maintenance whenever a call answers 503, remembering where they were going.
 * The home page calls no API, so a health check at start covers a first visit too — except, while
 * maintenance is the administrators' switch, for someone logged in (the API tells staff from
 * applicants) or on the login page (staff still log in).
 *
 * The watch starts with the app, the move waits for `rendered`: React's first render reads the
 * router's state, and a page the build rendered is hydrated only if that state is still the page's
 * (boot/main.tsx). After React's first commit the router's changes reach React as transitions.
 */
export function watchMaintenance(
  router: DataRouter,
  { rendered = Promise.resolve() }: { rendered?: Promise<void> } = {},
): () => void {
  const goToMaintenance = () =>
    void rendered.then(() => {
      const { location, navigation } = router.state;
      if (location.pathname === MAINTENANCE_PATH) return;
      const from = createPath(navigation.location ?? location);
      void router.navigate(MAINTENANCE_PATH, { state: { from } });
    });
  const unsubscribe = onMaintenance(goToMaintenance);
  fetchHealth().then(
    (health) => {
      if (!health.maintenance) return;
      const isStaffPossible =
        health.maintenance_staff_only &&
        (getSessionToken() !== null || STAFF_LOGIN_PATHS.has(router.state.location.pathname));
      if (!isStaffPossible) goToMaintenance();
    },
    () => {
      // An unreachable API is not maintenance; each page reports its own failures.
    },
  );
  return unsubscribe;
}
