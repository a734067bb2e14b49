import { notificationsSchema, userSchema } from '@lisbon/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api';
import { getSessionToken } from '../storage';

/** The logged-in user's profile with abilities (spec §7 `GET /auth/me`), cached for the session. */
export const currentUserQuery = queryOptions({
  queryKey: ['auth', 'me'] as const,
  queryFn: async () => (await api.get('auth/me', null, { schema: userSchema })).data,
  staleTime: 5 * 60_000,
  retry: false,
});

/** The profile when a token is stored; pages outside the guard use it to show the right navigation. */
export function useCurrentUser() {
  return useQuery({ ...currentUserQuery, enabled: getSessionToken() !== null });
}

/**
 * GET /users/{id}/notifications once: the counts of the user's requests per status label and a
 * total, cached under `['notifications', userId]` by the header's badge, the refugee's request
 * limit and the login's landing alike.
 */
export const fetchNotifications = async (userId: number | undefined) =>
  (await api.get(`users/${userId}/notifications`, null, { schema: notificationsSchema })).data;
