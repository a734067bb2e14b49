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
import { pathsOfOtherPages } from '@/app/routePaths';
import { buildRoutes } from '@/app/routes';
import { i18n, i18nReady } from '@/shared/i18n';
import { documentEn } from '@/shared/i18n/locales/document.en-US';
import { documentIt } from '@/shared/i18n/locales/document.it-IT';
import { pageTitle } from '@/shared/ui/usePageTitle';

/** The page's head in its language, which the app's `index.html` says in English. */
const DOCUMENT_TEXTS = { 'en-US': documentEn.document, 'it-IT': documentIt.document } as const;

/** Text as HTML writes it, in an element or a quoted attribute. */
const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * A page as the build writes it: `#root`'s HTML, the head's texts, escaped, in its language, and
 * the paths its pattern matches that the router gives another page (`except`).
 */
export type RenderedPage = {
  html: string;
  title: string;
  description: string;
  noscript: string;
  except: string[];
};

/**
 * The HTML of `url`'s page (of `page`'s pattern), as the app renders it before any effect runs, in
 * `locale`, and its head: the tab's title that the page's heading gives once the app runs (`usePageTitle`), the
 * description and the text shown without JavaScript. Only public pages: a page behind a login has
 * a guard that asks the API, and no build can answer for a user.
 */
export async function renderPage(url: string, locale: Locale, page: string = url): Promise<RenderedPage> {
  await i18nReady;
  await i18n.changeLanguage(locale);
  const queryClient = createQueryClient();
  const routes = buildRoutes(() => () => {
    throw new Error(`${url} is behind a login: it cannot be pre-rendered`);
  });
  const except = pathsOfOtherPages(routes, page, url);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
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
  // React wrote the heading's text escaped; the page has one (PageHeading).
  const heading = /<h1\b[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
  if (heading === undefined) throw new Error(`${url} has no h1 to name the page`);
  const texts = DOCUMENT_TEXTS[locale];
  return {
    html,
    title: pageTitle(heading, escapeHtml(i18n.getFixedT(locale)('app.name'))),
    description: escapeHtml(texts.description),
    noscript: escapeHtml(texts.noscript),
    except,
  };
}
