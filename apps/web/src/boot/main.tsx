// The browser's entry (index.html): Mantine's base styles, then the app, hydrated over the HTML the
// build rendered for the public pages (prerender.tsx) or rendered afresh. README.md says how.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '../app/app.css';
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { config } from 'zod/mini';
import { watchMaintenance } from '@/app/maintenance';
import { watchPrefetch } from '@/app/prefetch';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/queryClient';
import { createAppRouter, routerReady } from '@/app/router';
import { watchSession } from '@/app/session';
import { currentLocale, hasStartCatalogue, i18n, i18nReady } from '@/shared/i18n';
import { showCatalogueFailure } from '@/shared/i18n/catalogueFailure';
import { getSessionToken } from '@/shared/storage';
import { START_UP } from './timings';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The Content-Security-Policy allows no `eval` (security.ts). Zod compiles the parser of a `zod`
// object schema with `new Function` when it can, and its probe alone makes the browser report a
// violation: in the browser, schemas parse without compiling. Set before the router loads the
// routes' modules, which hold every `zod` schema (the modules above use `zod/mini`, which has no
// compiler); the journeys fail on any violation (e2e/support.ts).
config({ jitless: true });

// User Timing marks, shown in DevTools' Performance panel and in Lighthouse's report: every module
// above is evaluated; later, once the texts are there, the router is made and starts its first
// navigation. `npm run bench -- lighthouse` reads them (decision 082).
performance.mark(START_UP.modules);
// The page the server sent, before the router's first navigation can move elsewhere.
const pathOnArrival = window.location.pathname;
// React's first commit: the health check's move to /maintenance waits for it, or the first render
// could read another page than the one the check below let React hydrate (error 418).
let markRendered: () => void = () => undefined;
const rendered = new Promise<void>((resolve) => {
  markRendered = resolve;
});
function FirstCommit() {
  useEffect(() => markRendered(), []);
  return null;
}

// Without its catalogue (offline for a moment) the app would show its text keys: it says, in
// built-in words, that the page did not load, with a button to try again. The router is made once
// the texts are there: in a task of its own, after the one that evaluated the modules.
await i18nReady.catch(() => undefined);
if (hasStartCatalogue()) await start(root);
else showCatalogueFailure(currentLocale());

async function start(container: HTMLElement) {
  const routerStart = performance.now();
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  performance.measure(START_UP.router, { start: routerStart });
  watchMaintenance(router, { rendered });
  watchSession(router, queryClient);
  watchPrefetch(router);

  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
        <FirstCommit />
      </AppProviders>
    </StrictMode>
  );

  /**
   * A page the build rendered (`data-prerendered` names its language) is hydrated: React takes over
   * the HTML on screen, the shell first, then the `<Suspense>` boundaries at a lower priority, in
   * slices between which it yields to the browser (first where the visitor clicks or types). The
   * router must first have the page's lazy route modules, or the first render would not match the
   * HTML. The page is rendered afresh where the HTML was written for someone else: in another
   * language than the visitor's, or without the user who is logged in; or for another page, when
   * the router's first navigation went elsewhere (to /maintenance, say).
   */
  const isForThisVisitor = container.dataset.prerendered === i18n.language && getSessionToken() === null;
  if (isForThisVisitor) await routerReady(router);
  if (isForThisVisitor && router.state.location.pathname === pathOnArrival) {
    performance.mark(START_UP.hydrate);
    hydrateRoot(container, app);
  } else {
    createRoot(container).render(app);
  }
}
