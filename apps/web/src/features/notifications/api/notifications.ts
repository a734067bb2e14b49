import { NOTIFICATION_POLL_MS, notificationsSchema } from '@lisbon/domain';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/api';

/** Stops polling once the API says the session is over (spec §7: stopped on a 401). */
export const pollInterval = (error: unknown): number | false =>
  isApiError(error) && error.status === 401 ? false : NOTIFICATION_POLL_MS;

/**
 * GET /users/{id}/notifications every NOTIFICATION_POLL_MS while logged in: counts of the user's
 * requests per status label and a total.
 */
export function useNotifications(userId: number | undefined) {
  return useQuery({
    queryKey: ['notifications', userId],
    queryFn: async () =>
      (await api.get(`users/${userId}/notifications`, null, { schema: notificationsSchema })).data,
    enabled: userId !== undefined,
    refetchInterval: (query) => pollInterval(query.state.error),
    staleTime: 0,
    retry: false,
  });
}
