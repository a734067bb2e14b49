import type { Abilities, QueueCounts, StaffQueue } from '@lisbon/domain';
import { Navigate } from 'react-router';
import { useCurrentUser } from '@/shared/session/currentUser';
import { PageLoader } from '@/shared/ui/PageLoader';
import { useQueueCounts } from '../api/queues';
import { homeQueue, QUEUE_ABILITIES, QUEUE_ORDER, queuePath } from '../queueNavigation';

/**
 * The first queue of the navigation this staff member works with that holds requests, so nobody
 * lands on an empty "Assigned" while requests wait elsewhere; with none, the first they work with.
 */
export function firstQueueWithRequests(abilities: Partial<Abilities>, counts: QueueCounts): StaffQueue {
  return (
    QUEUE_ORDER.find((queue) => abilities[QUEUE_ABILITIES[queue]] === true && counts[queue] > 0) ??
    homeQueue(abilities)
  );
}

/** `/staff`: an administrator's dashboard, else the first of their queues that holds requests. */
export function StaffHome() {
  const abilities: Partial<Abilities> = useCurrentUser().data?.abilities ?? {};
  const isAdmin = abilities['staff.manage'] === true && abilities['staff.dashboard'] === true;
  const counts = useQueueCounts(!isAdmin);
  if (isAdmin) return <Navigate to="/staff/dashboard" replace />;
  if (counts.isPending && !counts.isError) return <PageLoader />;
  const queue = counts.data ? firstQueueWithRequests(abilities, counts.data) : homeQueue(abilities);
  return <Navigate to={queuePath(queue)} replace />;
}
