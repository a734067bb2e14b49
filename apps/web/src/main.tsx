// Mantine's base styles; each component's own stylesheet comes with the component, in the chunk
// that uses it (mantineStyles in vite.config.ts, decision 063).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { i18n, i18nReady } from '@/shared/i18n';
import { getSessionToken } from '@/shared/storage';
import { watchMaintenance } from './app/maintenance';
import { watchPrefetch } from './app/prefetch';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/queryClient';
import { createAppRouter, routerReady } from './app/router';
import { watchSession } from './app/session';

// The router starts fetching the page's chunks now, while the language's catalogue comes.
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
watchMaintenance(router);
watchSession(router, queryClient);
watchPrefetch(router);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

/**
 * A page the build rendered (`data-prerendered`, decision 075) is hydrated once its modules are
 * here: the app takes over the HTML on screen. It is rendered afresh instead where it was rendered
 * for someone else: in another language than the visitor's, or without the user who is logged in.
 */
const start = async (): Promise<void> => {
  const prerendered = root.dataset.prerendered;
  if (prerendered === i18n.language && getSessionToken() === null) {
    await routerReady(router);
    hydrateRoot(root, app);
  } else {
    createRoot(root).render(app);
  }
};
// Without its catalogue (offline for a moment) the app still starts, showing the keys.
void i18nReady.then(start, start);
