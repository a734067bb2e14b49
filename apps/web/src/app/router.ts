import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, createPath, type DataRouter } from 'react-router';
import { i18n } from '@/shared/i18n';
import { getSessionToken } from '@/shared/storage';
import { showError } from '@/shared/ui/toast';
import { createProtect } from './guards/protect';
import { buildRoutes } from './routes';

/** Resolves once the router has shown its first page: the routes' lazy modules and guards done. */
export function routerReady(router: DataRouter): Promise<void> {
  const isReady = () => router.state.initialized && router.state.navigation.state === 'idle';
  if (isReady()) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe(() => {
      if (!isReady()) return;
      unsubscribe();
      resolve();
    });
  });
}

export function createAppRouter(queryClient: QueryClient): DataRouter {
  // The guard asks the router where the user is; the router needs the guard to exist first.
  const holder: { router?: DataRouter } = {};
  const protect = createProtect({
    queryClient,
    getToken: () => getSessionToken(),
    previousLocation: () =>
      holder.router?.state.initialized ? createPath(holder.router.state.location) : null,
    onForbidden: () => showError(i18n.t('messages.forbidden')),
  });
  holder.router = createBrowserRouter(buildRoutes(protect));
  return holder.router;
}
