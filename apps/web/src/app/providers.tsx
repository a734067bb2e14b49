import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@/shared/i18n';
import { AfterHydration } from '@/shared/ui/AfterHydration';
import { cssVariablesResolver, theme } from './theme';

// Toasts are rare on a first visit: their container (and its transitions) comes after the page.
// A toast shown before it is kept by the store and appears once it is there (decision 063).
const Toasts = lazy(() => import('./Toasts').then((module) => ({ default: module.Toasts })));

type Props = { queryClient: QueryClient; children: ReactNode; env?: 'default' | 'test' };

/** Language, server cache, theme and toasts: everything a page expects around it. */
export function AppProviders({ queryClient, children, env = 'default' }: Props) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {/* Light scheme only: no ColorSchemeScript, whose inline script the CSP forbids. */}
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          forceColorScheme="light"
          env={env}
        >
          <AfterHydration>
            <Suspense fallback={null}>
              <Toasts />
            </Suspense>
          </AfterHydration>
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
