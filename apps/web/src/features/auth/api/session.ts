import { userSchema } from '@lisbon/domain';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api';
import { clearSession, getSessionToken } from '@/shared/storage';

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

/** Logs out on this device: forgets the token and everything cached for this user. */
export function endSession(queryClient: QueryClient): void {
  clearSession();
  queryClient.clear();
}

/**
 * The user's own logout: asks the API to revoke the token (spec §7 `POST /auth/logout`), then
 * forgets it here without waiting, so logging out works even when the API cannot be reached.
 */
export function logout(queryClient: QueryClient, route: string): void {
  api.create('auth/logout', { route, cause: 'user' }).catch(() => undefined);
  endSession(queryClient);
}
