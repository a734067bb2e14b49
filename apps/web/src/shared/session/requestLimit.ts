import { isRequestLimitReached, submittedRequestsOf, type User } from '@lisbon/domain';
import { useQuery } from '@tanstack/react-query';
import { fetchNotifications } from './currentUser';

/**
 * Whether this account may create no more requests (the domain's rule, spec §1): asked only of a
 * refugee account, from its requests counted per status (the header's badge reads the same counts).
 */
export function useRequestLimit(user: Pick<User, 'id' | 'category'> | undefined) {
  const isRefugee = user?.category === 'refugee';
  const counts = useQuery({
    queryKey: ['notifications', user?.id],
    queryFn: () => fetchNotifications(user?.id),
    enabled: isRefugee,
    staleTime: 0,
  });
  return {
    isPending: isRefugee && counts.isPending,
    isReached:
      isRefugee &&
      counts.data !== undefined &&
      isRequestLimitReached('refugee', submittedRequestsOf(counts.data)),
  };
}
