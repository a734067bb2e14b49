import { type LOGOUT_CAUSES, type Session } from '@lisbon/domain';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/api';
import { clearSession, storage, unsavedValues } from '../storage';

export type LogoutCause = (typeof LOGOUT_CAUSES)[number];

/**
 * Whether the user has just logged out on purpose and the page they land on has not said so yet:
 * in memory only, so a reload, a later visit or another tab never says it again.
 */
let isLogoutUnconfirmed = false;

/** True once after a logout on purpose: the login page confirms it (and only it, once). */
export function takeLogoutConfirmation(): boolean {
  const isUnconfirmed = isLogoutUnconfirmed;
  isLogoutUnconfirmed = false;
  return isUnconfirmed;
}

/**
 * Keeps a session that passed every login step: token, expiry and owner (spec §2 client storage).
 * A token this browser held before (a login in another tab, a session someone left here, an
 * expired one) is ended on the server too, not only forgotten here, so no one who copied it can go
 * on with it (decision 013): unless the call that answered this session ended it already
 * (`isPreviousEnded`: turning two factors on, logging out everywhere).
 */
export function startSession(
  session: Pick<Session, 'access_token' | 'expires_at' | 'user_id'>,
  { isPreviousEnded = false }: { isPreviousEnded?: boolean } = {},
): void {
  const previous = storage.get('token');
  if (previous && previous !== session.access_token && !isPreviousEnded)
    api.create('auth/logout', { cause: 'replaced' }, { token: previous }).catch(() => undefined);
  isLogoutUnconfirmed = false;
  // What another account typed in this tab before its session ended is not this user's to find.
  unsavedValues.forgetAllBut(session.user_id);
  storage.set('token', session.access_token);
  storage.set('auth', { userId: session.user_id });
  storage.set('tokenExpiresAt', session.expires_at);
}

/** Records the expiry `POST /auth/refresh` reported. */
export function extendSession(expiresAt: string): void {
  storage.set('tokenExpiresAt', expiresAt);
}

/**
 * Logs out on this device: forgets the token and everything cached for this user; with
 * `isForgettingTyped`, what they typed and did not save too (a logout on purpose, a deleted account).
 */
export function endSession(queryClient: QueryClient, { isForgettingTyped = false } = {}): void {
  if (isForgettingTyped) unsavedValues.forgetAll();
  clearSession();
  queryClient.clear();
}

/**
 * Ends the session: asks the API to revoke the token, recording where and why (spec §7
 * `POST /auth/logout`), then forgets it here without waiting, so logging out works even when
 * the API cannot be reached.
 */
export function logout(queryClient: QueryClient, route: string, cause: LogoutCause = 'user'): void {
  // The raw stored token, even past its expiry: the API still closes an expired session.
  const token = storage.get('token');
  if (token) api.create('auth/logout', { route, cause }, { token }).catch(() => undefined);
  // Logging out on purpose leaves nothing typed behind; an expired session keeps it for the login.
  endSession(queryClient, { isForgettingTyped: cause === 'user' });
  isLogoutUnconfirmed = cause === 'user';
}
