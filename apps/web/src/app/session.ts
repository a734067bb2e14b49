import type { QueryClient } from '@tanstack/react-query';
import { createPath, type DataRouter } from 'react-router';
import { onUnauthorized } from '@/api';
import { i18n } from '@/shared/i18n';
import { keepSessionAlive } from '@/shared/session/keeper';
import { isGuard } from './guards/protect';
import { loginPath } from '@/shared/session/loginPath';
import { endSession, logout } from '@/shared/session/session';
import { showError } from '@/shared/ui/toast';

const isAuthPage = (pathname: string) => pathname === '/login' || pathname.startsWith('/auth/');

/**
 * The end of a session wherever it happens (spec §2): a 401 to any call, or a token that lapsed
 * while the user was idle, logs out and goes to /auth/login, remembering the page. On a public
 * page (no guard: the home page, a verification, a shared statement) the visitor stays, told the
 * session ended. While the user is active the keeper refreshes the token before it lapses.
 */
export function watchSession(router: DataRouter, queryClient: QueryClient): () => void {
  const goToLogin = (message: string) => {
    const { location, navigation } = router.state;
    const current = createPath(navigation.location ?? location);
    if (isAuthPage(location.pathname)) return;
    showError(message);
    const needsSession = router.state.matches.some((match) => isGuard(match.route.loader));
    if (needsSession) void router.navigate(loginPath(current), { replace: true });
  };
  const route = () => createPath(router.state.location);

  const stopListening = onUnauthorized((error) => {
    // An expired session can still be closed with a record of why; a revoked one is already gone.
    if (error.code === 'TOKEN_EXPIRED') logout(queryClient, route(), 'expired');
    else endSession(queryClient);
    goToLogin(error.message);
  });
  const stopKeeping = keepSessionAlive({
    onExpired: () => {
      logout(queryClient, route(), 'expired');
      goToLogin(i18n.t('apiErrors.TOKEN_EXPIRED'));
    },
  });
  return () => {
    stopListening();
    stopKeeping();
  };
}
