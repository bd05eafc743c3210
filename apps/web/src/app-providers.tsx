import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AppErrorBoundary } from './components/errors/error-boundary';

type Props = { i18n: I18n; queryClient: QueryClient; children: ReactNode };

/** Everything a screen can rely on: translations, server state, and a last-resort error screen. */
export function AppProviders({ i18n, queryClient, children }: Props) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AppErrorBoundary standalone>{children}</AppErrorBoundary>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
