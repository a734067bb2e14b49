import { Navigate } from 'react-router';
import { useCurrentUser } from '@/shared/session/currentUser';
import { homeQueue, queuePath } from '../queueNavigation';

/** `/staff`: the first queue this staff member works with. */
export function StaffHome() {
  const abilities = useCurrentUser().data?.abilities ?? {};
  return <Navigate to={queuePath(homeQueue(abilities))} replace />;
}
