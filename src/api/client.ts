/**
 * The one HTTP client of the console and the widgets: the only `fetch` caller in src/.
 * It knows nothing about UI or navigation; callers decide what a 401 means (the console redirects
 * to sign-in, a widget shows an inline state).
 */

export const NETWORK_MESSAGES = {
  timeout: 'Request timed out. Please try again.',
  network: 'Network Error. Please try again.',
  offline: 'No internet connection. Please try again.',
  generic: 'An error occurred',
} as const;

export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'offline' | 'aborted';

/** A failed request: an HTTP error status, or a transport failure (`status` 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly kind: ApiErrorKind;
  readonly body: unknown;
  readonly headers: Headers | undefined;

  constructor(
    message: string,
    init: { status: number; kind: ApiErrorKind; body?: unknown; headers?: Headers },
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = init.status;
    this.kind = init.kind;
    this.body = init.body;
    this.headers = init.headers;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The message to show for an error body, in the contract's order of preference (api.md §0.3):
 * `error`, `message`, `details`, the text body, then the generic text.
 */
export function messageFromBody(body: unknown): string {
  if (typeof body === 'string') return body.trim() || NETWORK_MESSAGES.generic;
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    for (const key of ['error', 'message', 'details']) {
      const value = record[key];
      if (typeof value === 'string' && value.trim()) return value;
    }
    // Kratos' generic error shape: {"error": {"code": 429, "message": "…", "reason": "…"}}.
    const nested = record.error;
    if (nested && typeof nested === 'object') {
      const message = (nested as Record<string, unknown>).message;
      if (typeof message === 'string' && message.trim()) return message;
    }
  }
  return NETWORK_MESSAGES.generic;
}

/** A user-facing message for anything thrown by a request. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return NETWORK_MESSAGES.generic;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'HEAD';
  /** Query parameters; undefined and null values are left out. Arrays repeat the key. */
  query?: Record<string, QueryValue | readonly QueryValue[]> | URLSearchParams | string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Milliseconds before the request is aborted as a timeout (default 30 s). */
  timeoutMs?: number;
  /** `blob` returns a successful body as a Blob (downloads such as snapshot zips). */
  responseType?: 'json' | 'blob';
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

export interface ApiClientOptions {
  /** Base URL of the API, e.g. `/api` or `https://mc.example.com/api`. */
  baseUrl: string;
  /**
   * A base URL that can change while the page lives (hosted variant: the chosen organisation's
   * backend URL, api.md §2); read before every request and by `client.baseUrl`. Wins over baseUrl.
   */
  getBaseUrl?: () => string;
  /** Bearer token source (hosted auth, agents, widgets' token provider). Cookies are always sent. */
  getToken?: () => string | null | undefined | Promise<string | null | undefined>;
  /** Called after a 401; return true to retry the request once (e.g. a refreshed token). */
  onUnauthorized?: (error: ApiError) => boolean | void | Promise<boolean | void>;
  fetch?: typeof fetch;
  /** Whether the browser reports being offline (injectable for tests). */
  isOnline?: () => boolean;
  credentials?: RequestCredentials;
}

export interface ApiClient {
  readonly baseUrl: string;
  request<T>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<T>;
  patch<T>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<T>;
  delete<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
}

function appendQuery(url: string, query: RequestOptions['query']): string {
  if (query === undefined) return url;
  let search: string;
  if (typeof query === 'string') {
    search = query.replace(/^\?/, '');
  } else if (query instanceof URLSearchParams) {
    search = query.toString();
  } else {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      const values = Array.isArray(value) ? value : [value];
      for (const item of values as readonly QueryValue[]) {
        if (item !== undefined && item !== null) params.append(key, String(item));
      }
    }
    search = params.toString();
  }
  if (!search) return url;
  return url + (url.includes('?') ? '&' : '?') + search;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return null;
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** Create the API client. One per API base: the console has one, each widget api-base one. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const fixedBaseUrl = options.baseUrl.replace(/\/+$/, '');
  const currentBaseUrl = options.getBaseUrl
    ? () => (options.getBaseUrl?.() ?? fixedBaseUrl).replace(/\/+$/, '')
    : () => fixedBaseUrl;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const isOnline =
    options.isOnline ??
    (() => (typeof navigator === 'undefined' ? true : navigator.onLine !== false));

  async function once<T>(path: string, request: RequestOptions): Promise<ApiResponse<T>> {
    const url = appendQuery(
      currentBaseUrl() + (path.startsWith('/') ? path : `/${path}`),
      request.query,
    );
    const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
    let body: BodyInit | undefined;
    if (request.body !== undefined) {
      body = JSON.stringify(request.body);
      headers['Content-Type'] ??= 'application/json';
    }
    const token = options.getToken ? await options.getToken() : undefined;
    if (token) headers.Authorization = `Bearer ${token}`;

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, request.timeoutMs ?? 30_000);
    const onAbort = () => controller.abort();
    request.signal?.addEventListener('abort', onAbort, { once: true });
    if (request.signal?.aborted) controller.abort();

    let response: Response;
    try {
      response = await doFetch(url, {
        method: request.method ?? 'GET',
        headers,
        body,
        signal: controller.signal,
        credentials: options.credentials ?? 'same-origin',
      });
    } catch (error: unknown) {
      if (timedOut) throw new ApiError(NETWORK_MESSAGES.timeout, { status: 0, kind: 'timeout' });
      if (request.signal?.aborted) {
        throw new ApiError('Request cancelled', { status: 0, kind: 'aborted', body: error });
      }
      if (!isOnline()) throw new ApiError(NETWORK_MESSAGES.offline, { status: 0, kind: 'offline' });
      throw new ApiError(NETWORK_MESSAGES.network, { status: 0, kind: 'network', body: error });
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
    }

    if (response.ok && request.responseType === 'blob') {
      return {
        data: (await response.blob()) as T,
        status: response.status,
        headers: response.headers,
      };
    }
    const data = await readBody(response);
    if (!response.ok) {
      throw new ApiError(messageFromBody(data), {
        status: response.status,
        kind: 'http',
        body: data,
        headers: response.headers,
      });
    }
    return { data: data as T, status: response.status, headers: response.headers };
  }

  async function request<T>(path: string, req: RequestOptions = {}): Promise<ApiResponse<T>> {
    try {
      return await once<T>(path, req);
    } catch (error: unknown) {
      if (error instanceof ApiError && error.status === 401 && options.onUnauthorized) {
        const retry = await options.onUnauthorized(error);
        if (retry === true) return once<T>(path, req);
      }
      throw error;
    }
  }

  return {
    get baseUrl() {
      return currentBaseUrl();
    },
    request,
    get: async (path, req) => (await request(path, { ...req, method: 'GET' })).data as never,
    post: async (path, body, req) =>
      (await request(path, { ...req, method: 'POST', body })).data as never,
    patch: async (path, body, req) =>
      (await request(path, { ...req, method: 'PATCH', body })).data as never,
    delete: async (path, req) => (await request(path, { ...req, method: 'DELETE' })).data as never,
  };
}

/**
 * Parse a `Content-Range` header (`0-49/1234`, `*\/0`, `0-9/*`): the total after the slash, or
 * undefined when unknown.
 */
export function totalFromContentRange(header: string | null | undefined): number | undefined {
  if (!header) return undefined;
  const match = /\/(\d+)\s*$/.exec(header);
  return match ? Number(match[1]) : undefined;
}
