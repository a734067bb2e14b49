import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { JSXElementConstructor, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createProtect, type GuardDependencies } from '@/app/guards/protect';
import { AppProviders } from '@/app/providers';
import { buildRoutes } from '@/app/routes';
import { getSessionToken } from '@/shared/storage';

/**
 * Renders the real route table in memory at `path`, with the app's providers around it. The guard
 * reads the stored token unless told otherwise; `wrapper` goes around the whole tree (a `<Profiler>`, say).
 */
export function renderApp(
  path: string,
  {
    queryClient: given,
    wrapper,
    ...guard
  }: Partial<GuardDependencies> & { wrapper?: JSXElementConstructor<{ children: ReactNode }> } = {},
) {
  const queryClient = given ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const holder: { router?: ReturnType<typeof createMemoryRouter> } = {};
  const protect = createProtect({
    queryClient,
    getToken: () => getSessionToken(),
    previousLocation: () => {
      const router = holder.router;
      return router?.state.initialized ? router.state.location.pathname + router.state.location.search : null;
    },
    onForbidden: () => undefined,
    ...guard,
  });
  holder.router = createMemoryRouter(buildRoutes(protect), { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={holder.router} />
    </AppProviders>,
    { wrapper },
  );
  return { ...view, router: holder.router, queryClient };
}
