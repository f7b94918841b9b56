/**
 * App-wide providers: React Query, the API client and runtime config, the page refresh slot,
 * the theme's system listener and the toast stack. Session and flags come from the gates.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiProvider } from '../api/api-context';
import type { ApiClient } from '../api/client';
import type { RuntimeConfig } from '../api/types';
import { PageRefreshProvider } from '../ui/page-refresh';
import { Toaster } from '../ui/toast';
import { useSystemThemeSync } from './theme';

export interface AppProvidersProps {
  config: RuntimeConfig;
  client: ApiClient;
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ config, client, queryClient, children }: AppProvidersProps) {
  useSystemThemeSync();
  return (
    <QueryClientProvider client={queryClient}>
      <ApiProvider client={client} config={config}>
        <PageRefreshProvider>
          {children}
          <Toaster />
        </PageRefreshProvider>
      </ApiProvider>
    </QueryClientProvider>
  );
}
