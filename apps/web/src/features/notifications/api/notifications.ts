import { useQuery, useQueryClient } from '@tanstack/react-query';
import { pollInterval, refreshOnChange } from '@/shared/polls';
import { fetchNotifications } from '@/shared/session/currentUser';

/**
 * GET /users/{id}/notifications every NOTIFICATION_POLL_MS while logged in: counts of the user's
 * requests per status label and a total. When they change (staff moved a request), the user's
 * requests are fetched again: the page open shows the new status without a reload.
 */
export function useNotifications(userId: number | undefined) {
  const queryClient = useQueryClient();
  const queryKey = ['notifications', userId];
  return useQuery({
    queryKey,
    queryFn: async () =>
      refreshOnChange(queryClient, queryKey, await fetchNotifications(userId), { queryKey: ['practices'] }),
    enabled: userId !== undefined,
    refetchInterval: (query) => pollInterval(query.state.error),
    staleTime: 0,
    retry: false,
  });
}
