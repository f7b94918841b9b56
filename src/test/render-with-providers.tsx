/**
 * Test helper: render with the console's providers — a fresh QueryClient (retries off), an API
 * client over a fake fetch, runtime config, session, flags and an in-memory router.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ApiProvider } from '../api/api-context';
import { createApiClient, type ApiClient } from '../api/client';
import { DEFAULT_RUNTIME_CONFIG } from '../api/runtime-config';
import type { RuntimeConfig } from '../api/types';
import { FlagsProvider } from '../rbac/flags-context';
import { SessionProvider, type SessionValue } from '../rbac/session-context';
import { PageRefreshProvider } from '../ui/page-refresh';

/** A fake API: path (without the base, with query) → JSON body, or a function of the request. */
export type FakeHandler = (request: {
  url: string;
  init?: RequestInit;
}) => Response | Promise<Response>;
export type FakeApi = Record<string, FakeHandler | object | string | number | boolean | null>;

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** A fetch that answers from `api` by longest matching path prefix; unknown paths are 404. */
export function fakeFetch(api: FakeApi, baseUrl = '/api'): typeof fetch {
  return async (input, init) => {
    const url = String(input);
    const path = url.startsWith(baseUrl) ? url.slice(baseUrl.length) : url;
    const key = Object.keys(api)
      .filter((candidate) => path === candidate || path.startsWith(candidate))
      .sort((a, b) => b.length - a.length)[0];
    if (key === undefined) return jsonResponse({ error: `no fake for ${path}` }, 404);
    const answer = api[key];
    return typeof answer === 'function'
      ? (answer as FakeHandler)({ url, init })
      : jsonResponse(answer);
  };
}

export interface RenderOptions {
  /** Initial path with query, e.g. `/health?hidePassing=false`. */
  route?: string;
  session?: Partial<SessionValue>;
  api?: FakeApi | ApiClient;
  config?: Partial<RuntimeConfig>;
  disabledFeatures?: Iterable<string>;
}

export function renderWithProviders(
  ui: ReactElement,
  { route = '/', session, api = {}, config, disabledFeatures = [] }: RenderOptions = {},
): RenderResult & { queryClient: QueryClient; location: ReturnType<typeof memoryLocation> } {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const runtime = { ...DEFAULT_RUNTIME_CONFIG, ...config };
  const client =
    'request' in api && typeof api.request === 'function'
      ? (api as ApiClient)
      : createApiClient({
          baseUrl: runtime.apiBase,
          fetch: fakeFetch(api as FakeApi, runtime.apiBase),
        });
  const [path, search = ''] = route.split('?');
  const location = memoryLocation({ path: path ?? '/', searchPath: search, record: true });
  const sessionValue: SessionValue = {
    user: { id: 'user-1', name: 'Ada Admin' },
    roles: ['admin'],
    ...session,
  };
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider client={client} config={runtime}>
        <SessionProvider value={sessionValue}>
          <FlagsProvider disabled={new Set(disabledFeatures)}>
            <PageRefreshProvider>
              <Router hook={location.hook} searchHook={location.searchHook}>
                {ui}
              </Router>
            </PageRefreshProvider>
          </FlagsProvider>
        </SessionProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient, location };
}
