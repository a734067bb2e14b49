// Mantine's base styles; each component's own stylesheet comes with the component, in the chunk
// that uses it (mantineStyles in vite.config.ts, decision 063).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { i18nReady } from '@/shared/i18n';
import { watchMaintenance } from './app/maintenance';
import { watchPrefetch } from './app/prefetch';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/queryClient';
import { createAppRouter } from './app/router';
import { watchSession } from './app/session';

// The router starts fetching the page's chunks now, while the language's catalogue comes.
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
watchMaintenance(router);
watchSession(router, queryClient);
watchPrefetch(router);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const render = () =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
// Without its catalogue (offline for a moment) the app still starts, showing the keys.
void i18nReady.then(render, render);
