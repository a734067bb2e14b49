import { TOAST_DURATION_MS } from '@lisbon/domain';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@/shared/i18n';
import { cssVariablesResolver, theme } from './theme';

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
          <Notifications position="bottom-center" autoClose={TOAST_DURATION_MS} />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
