import type { User } from '@lisbon/domain';
import { QueryClient } from '@tanstack/react-query';
import { currentUserQuery } from '@/shared/session/currentUser';
import { storage } from '@/shared/storage';
import { testUser } from './users';

/** A stored session for `user`, with its profile already cached: pass the client to renderApp. */
export function logIn(user: User = testUser()): QueryClient {
  storage.set('token', 't'.repeat(43));
  storage.set('tokenExpiresAt', '2099-01-01T00:00:00.000Z');
  storage.set('auth', { userId: user.id });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(currentUserQuery.queryKey, user);
  return queryClient;
}
