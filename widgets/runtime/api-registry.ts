/**
 * One API client and one React Query client per API base per page. Every widget pointing at the
 * same `api-base` shares them, so identical queries (same key) are fetched once and cached once.
 */
import { QueryClient } from '@tanstack/react-query';
import { ApiError, createApiClient, type ApiClient } from '../../src/api/client';

/** What the token provider is asked for. */
export interface TokenRequest {
  /**
   * True after the API answered 401 with the previous token: return a fresh token, not a cached
   * one. The request is retried once with it.
   */
  forceRefresh: boolean;
}

/**
 * A host-supplied source of bearer tokens, set as the `tokenProvider` property of a widget.
 * Return `null`/`undefined` to send no Authorization header (cookie or open access).
 */
export type TokenProvider = (
  request: TokenRequest,
) => string | null | undefined | Promise<string | null | undefined>;

/** The shared clients of one API base. */
export interface ApiContext {
  /** The normalised, absolute API base (the registry key and the client's base URL). */
  readonly apiBase: string;
  readonly client: ApiClient;
  readonly queryClient: QueryClient;
  /**
   * Register a token source for this API base; the most recently registered one is used.
   * @returns a function that unregisters it.
   */
  addTokenProvider(provider: TokenProvider): () => void;
}

const SHARED_STALE_TIME_MS = 15_000;

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A client error will not fix itself; the 401 retry is the api client's job.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** Resolve an API base against the page so `/api` and `https://host/api` share one entry. */
export function normaliseApiBase(apiBase: string): string {
  const base = globalThis.document?.baseURI ?? 'http://localhost/';
  return new URL(apiBase, base).href.replace(/\/+$/, '');
}

function createApiContext(apiBase: string): ApiContext {
  const providers: TokenProvider[] = [];
  let refreshNext = false;

  const client = createApiClient({
    baseUrl: apiBase,
    getToken: async () => {
      const provider = providers.at(-1);
      const forceRefresh = refreshNext;
      refreshNext = false;
      if (!provider) return undefined;
      return provider({ forceRefresh });
    },
    // Ask the provider once more for a fresh token; the client retries the request once.
    onUnauthorized: () => {
      if (providers.length === 0) return false;
      refreshNext = true;
      return true;
    },
  });

  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // Widgets mounted a moment apart reuse the first answer instead of fetching again.
        staleTime: SHARED_STALE_TIME_MS,
        // Kiosk and wiki pages: polling is explicit (`refresh`), focus changes do not refetch.
        refetchOnWindowFocus: false,
      },
    },
  });

  return {
    apiBase,
    client,
    queryClient,
    addTokenProvider(provider) {
      providers.push(provider);
      return () => {
        const index = providers.lastIndexOf(provider);
        if (index >= 0) providers.splice(index, 1);
      };
    },
  };
}

const registry = new Map<string, ApiContext>();

/** The shared clients of an API base, created on first use. */
export function getApiContext(apiBase: string): ApiContext {
  const key = normaliseApiBase(apiBase);
  let context = registry.get(key);
  if (!context) {
    context = createApiContext(key);
    registry.set(key, context);
  }
  return context;
}

/** Forget every shared client (tests only). */
export function resetApiContexts(): void {
  for (const context of registry.values()) context.queryClient.clear();
  registry.clear();
}
