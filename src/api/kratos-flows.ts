/**
 * The Ory Kratos self-service flows under `/kratos` (contract api.md §13, docs/identity.md):
 * login, registration, recovery, verification, settings and logout, and their errors. Flows are
 * never cached, so this module has no keys or query options: the sign-in pages run on it without
 * React Query (src/app/public-app.tsx). The session and the current user are in session.ts.
 */
import { ApiError, type ApiClient } from './client';
import type { KratosContinueWith, KratosFlow, KratosLogoutFlow, KratosSession } from './types';

// ---- types ----

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
