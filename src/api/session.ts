/**
 * The session: Ory Kratos browser flows under `/kratos` (contract api.md §13), the current user
 * (`GET /auth/whoami`, §8.1), their roles (`GET /db/people_roles`, postgrest.md §8.2) and the
 * backend version (`GET /canary/about`, §3.4). Types → fetchers → keys → query options.
 */
import { queryOptions } from '@tanstack/react-query';
import { ApiError, type ApiClient } from './client';
import { from, selectRows } from './postgrest';
import type {
  AboutResponse,
  KratosContinueWith,
  KratosFlow,
  KratosLogoutFlow,
  KratosSession,
  PeopleRole,
  RuntimeConfig,
  WhoamiResponse,
  WhoamiUser,
} from './types';

// ---- types ----

/** The signed-in user as the console uses it. */
export interface CurrentUser {
  user: WhoamiUser;
  /** Role names as returned (unknown names are ignored by `can()`; none means viewer). */
  roles: string[];
}

/** A Kratos self-service error (`GET /kratos/self-service/errors?id=`). */
export interface KratosFlowError {
  id: string;
  error?: { code?: number; status?: string; reason?: string; message?: string; id?: string };
  created_at?: string;
}

export type PasswordLoginBody = {
  method: 'password';
  identifier: string;
  password: string;
  csrf_token?: string;
};

/** The self-service flows (docs/identity.md). */
export type FlowKind = 'login' | 'registration' | 'recovery' | 'verification' | 'settings';

/** A flow submission body: `{method, csrf_token, …}`, nested for `traits.*`. */
export type FlowBody = { method: string; csrf_token?: string } & Record<string, unknown>;

export type FlowSubmitResult =
  /**
   * 200. Login and registration: `{session, identity, continue_with?}`; recovery, verification
   * and settings: the flow in its next `state` (in `flow`).
   */
  | {
      kind: 'success';
      session?: KratosSession;
      flow?: KratosFlow;
      continueWith: KratosContinueWith[];
    }
  /** 400: the flow again, with messages to show. */
  | { kind: 'flow'; flow: KratosFlow }
  /** 422 `browser_location_change_required`: the browser must go elsewhere. */
  | { kind: 'redirect'; to: string };

/** Kept for the login callers: a login submission has the same results. */
export type LoginResult = FlowSubmitResult;

/** The Kratos error id in an error body (`{error: {id}}`), if any. */
export function kratosErrorId(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.body as { error?: { id?: unknown } } | null;
  const id = body && typeof body === 'object' ? body.error?.id : undefined;
  return typeof id === 'string' ? id : undefined;
}

/** `redirect_browser_to` of an error body (422, 403 `session_*_required`, 401), if any. */
export function kratosRedirect(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.body as { redirect_browser_to?: unknown } | null;
  const to = body && typeof body === 'object' ? body.redirect_browser_to : undefined;
  return typeof to === 'string' && to ? to : undefined;
}

export function isFlow(value: unknown): value is KratosFlow {
  return Boolean(value && typeof value === 'object' && 'ui' in value && 'id' in value);
}

// ---- fetchers ----

/** `GET /kratos/sessions/whoami`: 200 session; 401 no session; 403/422 second factor needed. */
export function getSession(client: ApiClient, signal?: AbortSignal): Promise<KratosSession> {
  return client.get<KratosSession>('/kratos/sessions/whoami', { signal });
}

/**
 * Start a flow: `GET /kratos/self-service/{kind}/browser` (login also takes `aal` and
 * `refresh`). Errors (`session_already_available`, `session_inactive`, a disabled flow) throw.
 */
export function createFlow(
  client: ApiClient,
  kind: FlowKind,
  params: { returnTo?: string; aal?: string; refresh?: boolean } = {},
): Promise<KratosFlow> {
  return client.get<KratosFlow>(`/kratos/self-service/${kind}/browser`, {
    query: { return_to: params.returnTo, aal: params.aal, refresh: params.refresh || undefined },
  });
}

/** `GET /kratos/self-service/{kind}/flows?id=`: 403/404/410 mean "start a new one". */
export function getFlow(client: ApiClient, kind: FlowKind, id: string): Promise<KratosFlow> {
  return client.get<KratosFlow>(`/kratos/self-service/${kind}/flows`, { query: { id } });
}

/**
 * Submit a flow (`POST /kratos/self-service/{kind}?flow=`). A 400 carrying the flow and a 422
 * with `redirect_browser_to` are results; every other error throws (read its id with
 * `kratosErrorId`, its target with `kratosRedirect`).
 */
export async function submitFlow(
  client: ApiClient,
  kind: FlowKind,
  flowId: string,
  body: FlowBody,
): Promise<FlowSubmitResult> {
  try {
    const data = await client.post<unknown>(`/kratos/self-service/${kind}`, body, {
      query: { flow: flowId },
    });
    const record = (data && typeof data === 'object' ? data : {}) as {
      session?: KratosSession;
      continue_with?: unknown;
    };
    const continueWith = Array.isArray(record.continue_with)
      ? (record.continue_with as KratosContinueWith[])
      : [];
    return isFlow(data)
      ? { kind: 'success', flow: data, continueWith: data.continue_with ?? continueWith }
      : { kind: 'success', session: record.session, continueWith };
  } catch (error: unknown) {
    if (error instanceof ApiError) {
      if (error.status === 400 && isFlow(error.body)) return { kind: 'flow', flow: error.body };
      const redirect = kratosRedirect(error);
      if (error.status === 422 && redirect) return { kind: 'redirect', to: redirect };
    }
    throw error;
  }
}

/**
 * Where a successful submission's `continue_with` sends the browser: a verification flow to
 * show, a settings flow (after recovery), or an address; undefined when it says nothing.
 */
export function continueTarget(continueWith: readonly KratosContinueWith[]): string | undefined {
  for (const item of continueWith) {
    if (item.action === 'show_verification_ui' && item.flow?.id) {
      return `/verification?flow=${encodeURIComponent(item.flow.id)}`;
    }
    if (item.action === 'show_settings_ui' && item.flow?.id) {
      return `/profile-settings?flow=${encodeURIComponent(item.flow.id)}`;
    }
    if (item.action === 'redirect_browser_to' && item.redirect_browser_to) {
      return item.redirect_browser_to;
    }
  }
  return undefined;
}

export function createLoginFlow(
  client: ApiClient,
  params: { returnTo?: string; aal?: string; refresh?: boolean } = {},
): Promise<KratosFlow> {
  return createFlow(client, 'login', params);
}

export function getLoginFlow(client: ApiClient, id: string): Promise<KratosFlow> {
  return getFlow(client, 'login', id);
}

/** Submit a login flow. A 400 carrying a flow is a result (re-render it), not an error. */
export function submitLogin(
  client: ApiClient,
  flowId: string,
  body: PasswordLoginBody,
): Promise<LoginResult> {
  return submitFlow(client, 'login', flowId, body);
}

/** `GET /kratos/self-service/logout/browser` → `{logout_url, logout_token}`. */
export function createLogoutFlow(client: ApiClient, returnTo?: string): Promise<KratosLogoutFlow> {
  return client.get<KratosLogoutFlow>('/kratos/self-service/logout/browser', {
    query: { return_to: returnTo },
  });
}

export function getFlowError(client: ApiClient, id: string): Promise<KratosFlowError> {
  return client.get<KratosFlowError>('/kratos/self-service/errors', { query: { id } });
}

/** `GET /auth/whoami` → `payload.user` (hosted variant: `payload.user ?? payload`). */
export async function getWhoami(client: ApiClient, signal?: AbortSignal): Promise<WhoamiResponse> {
  return client.get<WhoamiResponse>('/auth/whoami', { signal });
}

export async function listPeopleRoles(
  client: ApiClient,
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<PeopleRole[]> {
  if (ids.length === 0) return [];
  const { rows } = await selectRows<PeopleRole>(client, from('people_roles').in('id', ids), {
    signal,
  });
  return rows;
}

/** The first person (the `none` auth fallback when whoami fails). */
export async function getFirstPerson(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<WhoamiUser | undefined> {
  const { rows } = await selectRows<WhoamiUser>(
    client,
    from('people').select('id,name,email,avatar').limit(1),
    { signal },
  );
  return rows[0];
}

/**
 * The current user and roles. `basic`/`oidc`: `/auth/whoami` must succeed (the caller shows the
 * generic error screen otherwise). `none`: whoami, else the first of `/db/people`. Roles come
 * from `people_roles`; whoami's `payload.roles` is the fallback; none means viewer (by `can()`).
 */
export async function getCurrentUser(
  client: ApiClient,
  auth: RuntimeConfig['auth'],
  signal?: AbortSignal,
): Promise<CurrentUser> {
  let user: WhoamiUser | undefined;
  let whoamiRoles: string[] = [];
  try {
    const whoami = await getWhoami(client, signal);
    const payload = whoami?.payload as WhoamiResponse['payload'] | undefined;
    user = payload?.user ?? (payload as unknown as WhoamiUser | undefined);
    whoamiRoles = payload?.roles ?? [];
  } catch (error: unknown) {
    if (auth !== 'none') throw error;
  }
  if (!user?.id && auth === 'none') user = await getFirstPerson(client, signal);
  if (!user?.id) throw new Error('The current user could not be determined');

  let roles: string[] = whoamiRoles;
  try {
    const rows = await listPeopleRoles(client, [user.id], signal);
    const mine = rows.find((row) => row.id === user.id) ?? rows[0];
    if (mine) roles = mine.roles ?? [];
  } catch (error: unknown) {
    console.warn('Roles could not be loaded; using whoami roles', error);
  }
  return { user, roles };
}

export function getAbout(client: ApiClient): Promise<AboutResponse> {
  return client.get<AboutResponse>('/canary/about');
}

// ---- keys ----

export const sessionKeys = {
  all: (baseUrl: string) => ['session', baseUrl] as const,
  kratos: (baseUrl: string) => [...sessionKeys.all(baseUrl), 'kratos'] as const,
  currentUser: (baseUrl: string, auth: string) =>
    [...sessionKeys.all(baseUrl), 'current-user', auth] as const,
  about: (baseUrl: string) => [...sessionKeys.all(baseUrl), 'about'] as const,
  flowError: (baseUrl: string, id: string) =>
    [...sessionKeys.all(baseUrl), 'flow-error', id] as const,
  registrationAvailable: (baseUrl: string) =>
    [...sessionKeys.all(baseUrl), 'registration-available'] as const,
};

// ---- query options ----

export const sessionQueries = {
  /** The identity session; never retried (401 means "go and sign in"). */
  kratos: (client: ApiClient) =>
    queryOptions({
      queryKey: sessionKeys.kratos(client.baseUrl),
      queryFn: ({ signal }) => getSession(client, signal),
      retry: false,
      staleTime: 0,
      gcTime: 0,
    }),
  /** Role and people queries: no cache, stale time 0 (spec doc 1 §9). */
  currentUser: (client: ApiClient, auth: RuntimeConfig['auth']) =>
    queryOptions({
      queryKey: sessionKeys.currentUser(client.baseUrl, auth),
      queryFn: ({ signal }) => getCurrentUser(client, auth, signal),
      retry: false,
      staleTime: 0,
      gcTime: 0,
    }),
  /** Backend version for the user menu ('NA' when it fails). */
  about: (client: ApiClient) =>
    queryOptions({
      queryKey: sessionKeys.about(client.baseUrl),
      queryFn: () => getAbout(client),
      retry: false,
      staleTime: Infinity,
    }),
  /**
   * Whether self-service registration is open: its start answers a flow (an error means it is
   * disabled, or a session exists). The sign-in page offers 'Create account' only then.
   */
  registrationAvailable: (client: ApiClient) =>
    queryOptions({
      queryKey: sessionKeys.registrationAvailable(client.baseUrl),
      queryFn: () =>
        createFlow(client, 'registration').then(
          () => true,
          () => false,
        ),
      retry: false,
      staleTime: Infinity,
    }),
  flowError: (client: ApiClient, id: string) =>
    queryOptions({
      queryKey: sessionKeys.flowError(client.baseUrl, id),
      queryFn: () => getFlowError(client, id),
      retry: false,
    }),
};
