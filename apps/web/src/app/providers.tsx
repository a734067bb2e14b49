import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useShownI18n } from '@/shared/i18n';
import { NavigationAnnouncementProvider } from '@/shared/ui/navigationAnnouncement';
import { cssVariablesResolver, theme } from './theme';
import { haveToastsShown, subscribeToToastsShown } from './toastsShown';

// Toasts are rare on a first visit: their container (and its transitions) comes with the first
// toast, which the store keeps until it is there (decisions 063, 075). Never at build time.
const Toasts = lazy(() => import('./Toasts').then((module) => ({ default: module.Toasts })));

type Props = { queryClient: QueryClient; children: ReactNode; env?: 'default' | 'test' };

/** Language, server cache, theme and toasts: everything a page expects around it. */
export function AppProviders({ queryClient, children, env = 'default' }: Props) {
  const haveToasts = useSyncExternalStore(subscribeToToastsShown, haveToastsShown, () => false);
  const shownI18n = useShownI18n();
  return (
    <I18nextProvider i18n={shownI18n}>
      <QueryClientProvider client={queryClient}>
        {/* Light scheme only: no ColorSchemeScript, whose inline script the CSP forbids. */}
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          forceColorScheme="light"
          env={env}
        >
          {haveToasts && (
            <Suspense fallback={null}>
              <Toasts />
            </Suspense>
          )}
          {/* A pre-rendered page hydrates after the providers, in tasks React yields between (decision 082). */}
          <Suspense>
            <NavigationAnnouncementProvider>{children}</NavigationAnnouncementProvider>
          </Suspense>
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
