/**
 * App-wide providers: React Query, the API client and runtime config, the page refresh slot,
 * the theme's system listener and the toast stack. Session and flags come from the gates.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { ApiProvider } from '../api/api-context';
import type { ApiClient } from '../api/client';
import type { RuntimeConfig } from '../api/types';
import { PageRefreshProvider } from '../ui/page-refresh';
import { Toaster } from '../ui/toast';
import { applyTheme, useThemeStore } from './theme';

function useSystemThemeSync() {
  const preference = useThemeStore((state) => state.preference);
  useEffect(() => {
    if (preference !== 'system' || typeof matchMedia !== 'function') return;
    const query = matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => applyTheme('system');
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [preference]);
}

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
