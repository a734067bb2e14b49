// The app itself, imported by main.tsx once the page has painted (decision 078): the router, the
// providers, and the hydration of a pre-rendered page or a fresh render.
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { i18n, i18nReady } from '@/shared/i18n';
import { getSessionToken } from '@/shared/storage';
import { nextTask } from '@/shared/tasks';
import { hydrateInTurns } from '@/shared/ui/hydration';
import { watchMaintenance } from './maintenance';
import { watchPrefetch } from './prefetch';
import { AppProviders } from './providers';
import { createQueryClient } from './queryClient';
import { createAppRouter, routerReady } from './router';
import { watchSession } from './session';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * The app's start, each step in a task of its own after the one that evaluated the modules
 * (decision 078): the router (which starts fetching the page's chunks), then the watchers (whose
 * first calls go out), then the hydration or the render: the providers first, the router's pages
 * in a later turn (decision 081).
 */
const start = async (): Promise<void> => {
  await nextTask();
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  await nextTask();
  watchMaintenance(router);
  watchSession(router, queryClient);
  watchPrefetch(router);
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  // Without its catalogue (offline for a moment) the app still starts, showing the keys.
  await i18nReady.catch(() => undefined);
  /**
   * A page the build rendered (`data-prerendered`, decision 075) is hydrated once its modules are
   * here: the app takes over the HTML on screen. It is rendered afresh instead where it was
   * rendered for someone else: in another language than the visitor's, or without the user who is
   * logged in.
   */
  if (root.dataset.prerendered === i18n.language && getSessionToken() === null) {
    await routerReady(router);
    await nextTask();
    hydrateInTurns(() => hydrateRoot(root, app));
  } else {
    createRoot(root).render(app);
  }
};
void start();
