// The public pages rendered at build time (decision 075): `scripts/prerender.mjs` runs this module,
// built by Vite for Node with the app's own aliases (so with Preact, as the browser runs it), and
// writes each page's HTML into the build. The browser shows that HTML at once and `main.tsx`
// hydrates it, so a first visit paints before any script has come.
import type { Locale } from '@lisbon/domain';
import { StrictMode } from 'react';
import { renderToStringAsync } from 'preact-render-to-string';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { i18n, i18nReady } from '@/shared/i18n';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/queryClient';
import { routerReady } from './app/router';
import { buildRoutes } from './app/routes';

/**
 * The HTML of `url`'s page, as the app renders it before any effect runs, in `locale`. Only public
 * pages: a page behind a login has a guard that asks the API, and no build can answer for a user.
 */
export async function renderPage(url: string, locale: Locale): Promise<string> {
  await i18nReady;
  await i18n.changeLanguage(locale);
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    buildRoutes(() => () => {
      throw new Error(`${url} is behind a login: it cannot be pre-rendered`);
    }),
    { initialEntries: [url] },
  );
  await routerReady(router);
  // Async: each part put off for the hydration suspends once, and its HTML is marked (decision 081).
  const html = await renderToStringAsync(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  router.dispose();
  queryClient.clear();
  return html;
}
