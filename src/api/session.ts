/**
 * The session: the Kratos identity session (`GET /kratos/sessions/whoami`, contract api.md §13),
 * the current user (`GET /auth/whoami`, §8.1), their roles (`GET /db/people_roles`, postgrest.md
 * §8.2) and the backend version (`GET /canary/about`, §3.4). Types → fetchers → keys → query
 * options. The self-service flows themselves are in kratos-flows.ts.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from './client';
import { getFlowError } from './kratos-flows';
import { from, selectRows } from './postgrest';
import type {
  AboutResponse,
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

// ---- fetchers ----

/** `GET /kratos/sessions/whoami`: 200 session; 401 no session; 403/422 second factor needed. */
export function getSession(client: ApiClient, signal?: AbortSignal): Promise<KratosSession> {
  return client.get<KratosSession>('/kratos/sessions/whoami', { signal });
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
  flowError: (client: ApiClient, id: string) =>
    queryOptions({
      queryKey: sessionKeys.flowError(client.baseUrl, id),
      queryFn: () => getFlowError(client, id),
      retry: false,
    }),
};
