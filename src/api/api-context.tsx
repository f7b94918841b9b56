/**
 * The API client and runtime configuration for React trees (console and widgets provide their
 * own). Features read them with `useApiClient()` / `useRuntimeConfig()`.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from './client';
import { DEFAULT_RUNTIME_CONFIG } from './runtime-config';
import type { RuntimeConfig } from './types';

const ApiClientContext = createContext<ApiClient | null>(null);
const RuntimeConfigContext = createContext<RuntimeConfig>(DEFAULT_RUNTIME_CONFIG);

export function ApiProvider({
  client,
  config,
  children,
}: {
  client: ApiClient;
  config: RuntimeConfig;
  children: ReactNode;
}) {
  return (
    <RuntimeConfigContext.Provider value={config}>
      <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>
    </RuntimeConfigContext.Provider>
  );
}

export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient needs an <ApiProvider>');
  return client;
}

export function useRuntimeConfig(): RuntimeConfig {
  return useContext(RuntimeConfigContext);
}
