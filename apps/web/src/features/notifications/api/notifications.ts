import { notificationsSchema } from '@lisbon/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api';
import { pollInterval, refreshOnChange } from '@/shared/polls';

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
      refreshOnChange(
        queryClient,
        queryKey,
        (await api.get(`users/${userId}/notifications`, null, { schema: notificationsSchema })).data,
        { queryKey: ['practices'] },
      ),
    enabled: userId !== undefined,
    refetchInterval: (query) => pollInterval(query.state.error),
    staleTime: 0,
    retry: false,
  });
}
