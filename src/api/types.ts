/**
 * Wire types of the Mission Control API (contract api.md), shared by the console, the widgets and
 * the reference server. Pure type declarations: no runtime code, no DOM.
 */

export interface CheckUptime {
  passed: number;
  failed: number;
  last_pass?: string;
  last_fail?: string;
}

export interface CheckLatency {
  p99?: number;
  p97?: number;
  p95?: number;
  rolling1h?: number;
}

/** One entry of `GET /canary/api/summary` → `checks_summary` (api.md §3.1). */
export interface CheckSummary {
  id: string;
  canary_id: string;
  canary_name?: string;
  canary_namespace?: string;
  name: string;
  namespace?: string;
  type?: string;
  icon?: string;
  description?: string;
  owner?: string;
  severity?: string;
  status?: 'healthy' | 'unhealthy' | string;
  labels?: Record<string, string> | null;
  uptime: CheckUptime;
  latency: CheckLatency;
  last_runtime?: string;
  last_transition_time?: string;
  created_at?: string;
  updated_at?: string;
  deleted_at?: string;
  silenced_at?: string;
  /** Vigil superset (absent on Mission Control). */
  agent_id?: string;
  endpoint?: string;
  next_runtime?: string;
}

export interface CanarySummaryResponse {
  duration?: number;
  runnerName?: string;
  /** Omitted when there are no checks. */
  checks_summary?: CheckSummary[];
}

/** `GET /canary/api/graph` (api.md §3.2). */
export interface CheckGraphPoint {
  time: string;
  status?: boolean;
  duration: number;
  passed?: number;
  failed?: number;
}

export interface CheckGraphResponse {
  duration?: number;
  runnerName?: string;
  status: CheckGraphPoint[] | null;
  latency: CheckLatency;
  uptime: CheckUptime;
}

export interface AboutResponse {
  Timestamp?: string;
  Version?: string;
}

export interface WhoamiUser {
  id: string;
  name: string;
  email?: string;
  type?: string;
  avatar?: string;
  external_id?: string;
  properties?: Record<string, unknown>;
}

/** `GET /auth/whoami` (api.md §8.1). */
export interface WhoamiResponse {
  message: string;
  payload: {
    user: WhoamiUser;
    roles?: string[];
    permissions?: unknown[];
    hostname?: string;
  };
}

/** `GET /properties` (api.md §9.1). */
export interface PropertyRow {
  name: string;
  value: string;
  source?: 'local' | 'db' | string;
  type?: string;
  description?: string;
}

export interface PeopleRole {
  id: string;
  name?: string;
  email?: string;
  roles: string[] | null;
}

/** Ory Kratos session (api.md §13). */
export interface KratosSession {
  id: string;
  active: boolean;
  expires_at: string;
  authenticated_at: string;
  authenticator_assurance_level: string;
  identity: { id: string; traits: Record<string, unknown>; state?: string };
}

export interface KratosUiText {
  id: number;
  text: string;
  type: 'error' | 'info' | 'success' | string;
}

export interface KratosUiNode {
  type: string;
  group: string;
  attributes: {
    name: string;
    type: string;
    value?: unknown;
    required?: boolean;
    disabled?: boolean;
    node_type: string;
    autocomplete?: string;
  };
  messages: KratosUiText[];
  meta: { label?: KratosUiText };
}

export interface KratosFlow {
  id: string;
  type: string;
  expires_at: string;
  issued_at: string;
  request_url: string;
  return_to?: string;
  state?: string;
  ui: { action: string; method: string; nodes: KratosUiNode[]; messages?: KratosUiText[] };
}

export interface KratosLogoutFlow {
  logout_url: string;
  logout_token: string;
}

/** PostgREST error body (postgrest.md §1). */
export interface PostgrestErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

/** Runtime configuration read from `config.json` next to index.html (ARCHITECTURE.md §2). */
export interface RuntimeConfig {
  apiBase: string;
  auth: 'none' | 'basic' | 'oidc';
  healthOnly: boolean;
  docsUrl: string;
  theme?: 'light' | 'dark' | 'auto';
}
