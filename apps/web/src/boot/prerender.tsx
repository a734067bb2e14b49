// The public pages rendered at build time: `vite build --ssr src/boot/prerender.tsx` builds this
// module for Node and `scripts/prerender.mjs` calls `renderPage` for each page and language. The
// browser paints the HTML at once and main.tsx hydrates it with the same React.
import type { Locale } from '@lisbon/domain';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/queryClient';
import { routerReady } from '@/app/router';
import { buildRoutes } from '@/app/routes';
import { i18n, i18nReady } from '@/shared/i18n';

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
  // The route's lazy modules first, as main.tsx waits for them before it hydrates.
  await routerReady(router);
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
    // Every boundary in place, none sent apart with a script to move it (the CSP allows no inline
    // script, and the page is complete anyway).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  router.dispose();
  queryClient.clear();
  return html;
}
