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

/**
 * One node of a Kratos flow's UI (api.md §13), by `attributes.node_type`:
 * - `input`: a form field or a submit button (`type` `submit` / `button` with `value`); WebAuthn
 *   trigger buttons carry `onclickTrigger` (`oryWebAuthnRegistration`, `oryWebAuthnLogin`) and
 *   the WebAuthn options as a JSON string in `value` (simplewebauthn's `…OptionsJSON` shape);
 * - `img`: an image, e.g. the TOTP QR code (`src` is a data: URL, `id` `totp_qr`);
 * - `text`: text to show, e.g. the TOTP secret (`id` `totp_secret_key`) or the recovery codes
 *   (`id` `lookup_secret_codes`, the codes in `text.context.secrets[].text`);
 * - `a`: a link (`href`, `title`);
 * - `script`: not used by Vigil's server (a Kratos server may send it; the console ignores it).
 */
export interface KratosUiNode {
  type: string;
  group: string;
  attributes: {
    /** `input` nodes. */
    name: string;
    /** `input`: the field type (text, email, password, hidden, submit, button, checkbox). */
    type: string;
    value?: unknown;
    required?: boolean;
    disabled?: boolean;
    node_type: string;
    autocomplete?: string;
    pattern?: string;
    maxlength?: number;
    /** `input` buttons that start WebAuthn in the browser. */
    onclickTrigger?: 'oryWebAuthnRegistration' | 'oryWebAuthnLogin' | string;
    /** `img`, `text`, `a` and `script` nodes. */
    id?: string;
    /** `img`. */
    src?: string;
    width?: number;
    height?: number;
    /** `text`: the text, with its context (e.g. `{secrets: KratosUiText[]}`). */
    text?: KratosUiText & { context?: Record<string, unknown> };
    /** `a`. */
    href?: string;
    title?: KratosUiText;
  };
  messages: KratosUiText[];
  meta: { label?: KratosUiText };
}

/** What the browser should do after a successful flow submission (Kratos `continue_with`). */
export type KratosContinueWith =
  | {
      action: 'show_verification_ui';
      flow: { id: string; verifiable_address: string; url?: string };
    }
  | { action: 'show_settings_ui'; flow: { id: string; url?: string } }
  | { action: 'set_ory_session_token'; ory_session_token: string }
  | { action: 'redirect_browser_to'; redirect_browser_to: string };

export interface KratosFlow {
  id: string;
  /** `browser`. */
  type: string;
  expires_at: string;
  issued_at: string;
  request_url: string;
  return_to?: string;
  /**
   * Flow state: login and registration `choose_method`; recovery and verification
   * `choose_method` → `sent_email` → `passed_challenge`; settings `show_form` → `success`.
   */
  state?: string;
  /** Login: `aal1` or `aal2` (the second-factor variant). */
  requested_aal?: 'aal1' | 'aal2';
  /** Login: true for the 'Confirm Action' variant (re-authentication). */
  refresh?: boolean;
  /** Settings: the identity being edited. */
  identity?: { id: string; traits: Record<string, unknown> };
  continue_with?: KratosContinueWith[];
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
  /** Hosted sign-in (`auth: oidc`, docs/hosted-oidc.md); present exactly in that mode. */
  oidc?: OidcClientConfig;
  /** Why `oidc` is unusable (config.json mistakes), shown instead of the console. */
  oidcError?: string;
}

/** The OpenID Connect client the console signs in as (`auth: oidc`). */
export interface OidcClientConfig {
  /** The provider's issuer URL (discovery: `{issuer}/.well-known/openid-configuration`). */
  issuer: string;
  /** The console's (public, PKCE) client id; Vigil's server expects it as the tokens' audience. */
  clientId: string;
  /** Scopes asked for (default `openid profile email`; `organizations` is added when offered). */
  scopes?: string[];
  /** The claim of the ID token or userinfo listing the organisations (default `organizations`). */
  organizationsClaim?: string;
}

// ---- Check detail dialog (contract postgrest.md §8.1, §8.5, §8.7; api.md §3.3, §10) ----

/** A check row with the dialog's embeds (`GET /db/checks?id=eq.{id}&select=*,canaries!…`). */
export interface CheckDetail {
  id: string;
  canary_id: string;
  agent_id?: string;
  type?: string;
  name: string;
  namespace?: string | null;
  description?: string | null;
  icon?: string | null;
  spec?: Record<string, unknown> | null;
  labels?: Record<string, string> | null;
  owner?: string | null;
  severity?: string | null;
  category?: string | null;
  last_runtime?: string | null;
  last_transition_time?: string | null;
  next_runtime?: string | null;
  silenced_at?: string | null;
  status?: string | null;
  created_at?: string | null;
  updated_at?: string | null;
  deleted_at?: string | null;
  /** `canaries!checks_canary_id_fkey(id,name,source)` */
  canaries?: { id: string; name: string; source?: string | null } | null;
  /** `agents!checks_agent_id_fkey(id,name)` */
  agents?: { id: string; name: string } | null;
  /** `components:check_component_relationships(components(id,name,icon))` */
  components?: { components: { id: string; name: string; icon?: string | null } | null }[] | null;
  /** `configs:check_config_relationships(configs(id,name,type))` */
  configs?: { configs: { id: string; name: string; type?: string | null } | null }[] | null;
}

/** One `check_statuses` row (status history entry). */
export interface CheckStatusRow {
  check_id: string;
  time: string;
  /** Milliseconds. */
  duration?: number | null;
  /** true = passed; the spec's healthy/unhealthy. */
  status?: boolean | null;
  message?: string | null;
  error?: string | null;
  invalid?: boolean | null;
  details?: unknown;
}

/** `GET /db/canaries?id=eq.{id}&select=id,source,spec,name,namespace` (spec tab). */
export interface CanarySpecRow {
  id: string;
  name: string;
  namespace?: string | null;
  source?: string | null;
  spec?: Record<string, unknown> | null;
}

/** `POST /canary/run/check/{id}` → the first check result (every field optional), or empty. */
export interface CheckRunResult {
  name?: string;
  start?: string;
  pass?: boolean;
  invalid?: boolean;
  detail?: unknown;
  data?: unknown;
  duration?: number;
  description?: string;
  message?: string;
  namespace?: string;
  error?: string;
}

/** A playbook parameter (`POST /playbook/{id}/params` → `params[]`, api.md §10.2). */
export interface PlaybookParameter {
  name: string;
  label?: string;
  type?: string;
  default?: unknown;
  required?: boolean;
  description?: string;
  icon?: string;
  properties?: Record<string, unknown>;
}

/** `GET /playbook/list?check_id=` item (api.md §10.1). */
export interface RunnablePlaybookListItem {
  id: string;
  name: string;
  parameters?: PlaybookParameter[];
}

/** `POST /playbook/run` body (api.md §10.3). Parameter values are strings. */
export interface PlaybookRunInput {
  id: string;
  check_id?: string;
  config_id?: string;
  component_id?: string;
  agent_id?: string;
  params: Record<string, string>;
}

/** `POST /playbook/run` → 201. */
export interface PlaybookRunResponse {
  run_id: string;
  starts_at: string;
}

/** An incident row for the "attach as evidence" picker (`select=*,hypotheses(id,type)`). */
export interface IncidentWithHypotheses {
  id: string;
  incident_id?: string | null;
  title: string;
  status?: string | null;
  severity?: string | null;
  created_at?: string | null;
  hypotheses?: { id: string; type?: string | null }[] | null;
}

/** `POST /db/evidences` body (columns of `evidences`, schema.md §5). */
export interface CreateEvidenceInput {
  hypothesis_id: string;
  type: 'log' | 'config' | 'topology' | 'check' | 'config_analysis' | 'config_change' | 'comment';
  description: string;
  created_by: string;
  check_id?: string;
  config_id?: string;
  component_id?: string;
  config_change_id?: string;
  config_analysis_id?: string;
  evidence?: Record<string, unknown>;
  properties?: Record<string, unknown>;
  definition_of_done?: boolean;
}

/** An `evidences` row as returned with `Prefer: return=representation`. */
export interface EvidenceRow extends CreateEvidenceInput {
  id: string;
  created_at?: string;
  updated_at?: string;
}

// ---------------------------------------------------------------------------------------------
// Agents (contract api.md §7, postgrest.md §8.2, schema.md §2)

/** A person embedded as `AVATAR` = `id,name,avatar` (postgrest.md §8). */
export interface PersonAvatar {
  id: string;
  name: string;
  avatar?: string | null;
}

/** A row of `agents`. The all-zero id is the local agent. */
export interface Agent {
  id: string;
  name: string;
  hostname?: string | null;
  description?: string | null;
  ip?: string | null;
  version?: string | null;
  username?: string | null;
  person_id?: string | null;
  /** A label map; `/agent/generate` adds `type: agent`. */
  properties?: Record<string, string> | null;
  tls?: string | null;
  created_by?: string | null;
  created_at: string;
  updated_at: string;
  cleanup?: boolean;
  deleted_at?: string | null;
  last_seen?: string | null;
  last_received?: string | null;
}

/**
 * A row of the `agents_summary` view: the agent plus counts of what it owns. Counts are NULL
 * (not 0) when there are none. `created_by` holds the person when embedded
 * (`created_by(id,name,avatar)`), else the person id.
 */
export interface AgentSummary extends Omit<Agent, 'created_by'> {
  created_by?: PersonAvatar | string | null;
  config_count?: number | null;
  /** Sic: Mission Control's spelling. */
  config_scrapper_count?: number | null;
  checks_count?: number | null;
  playbook_runs_count?: number | null;
}

/** Body of `POST /agent/generate` (api.md §7.1). MC reads only `name` and `properties`. */
export interface GenerateAgentRequest {
  name: string;
  properties: Record<string, string>;
  kubernetes?: { enabled: boolean; interval: string };
  pushTelemetry?: { enabled: boolean; topologyName?: string };
}

/** Response 201 of `POST /agent/generate`: `id` is the agent's person, not the agent. */
export interface GenerateAgentResponse {
  id: string;
  username: string;
  /** Shown once: the password of the install instructions. */
  access_token: string;
}

// Embed tokens (Vigil-only: docs/embed-tokens.md, api.md §2)

/**
 * What an embed token may read: a union of grants. Ids are uuids; `check_labels` selects the
 * health checks whose labels (canary labels merged with check labels) contain every pair.
 */
export interface EmbedTokenScope {
  /** Health checks by id: summary rows, graph, status history, the check row. */
  checks?: string[];
  /** Every check of these canaries. */
  canaries?: string[];
  /** Every check whose labels contain all these pairs. */
  check_labels?: Record<string, string>;
  /** Topology components by id (the topology card). */
  components?: string[];
  /** Catalog config items by id (through the `configs` view, without the config body). */
  configs?: string[];
  /** The incidents linked to these components (`incidents_by_component`). */
  incident_components?: string[];
  /** The incidents linked to these config items (`incidents_by_config`). */
  incident_configs?: string[];
}

/** `active` until `expires_at`; `revoked` once revoked, whatever the expiry. */
export type EmbedTokenStatus = 'active' | 'expired' | 'revoked';

/** An embed token as listed by `GET /embed-tokens`: never the secret. */
export interface EmbedToken {
  id: string;
  name: string;
  scope: EmbedTokenScope;
  status: EmbedTokenStatus;
  created_at: string;
  created_by: PersonAvatar | null;
  expires_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

/** Body of `POST /embed-tokens`: exactly one of `expires_in` (duration) and `expires_at`. */
export interface CreateEmbedTokenInput {
  name: string;
  scope: EmbedTokenScope;
  /** A duration such as `1h`, `7d`, `30d` (api.md §0.5), at most a year. */
  expires_in?: string;
  /** An RFC 3339 instant in the future, at most a year away. */
  expires_at?: string;
}

/** Response 201 of `POST /embed-tokens`: the token itself is shown this once. */
export interface CreatedEmbedToken extends EmbedToken {
  token: string;
}

// Topology (api.md §3.5, schema.md §4 `topology` view)

/** A link of a component property. */
export interface TopologyPropertyLink {
  label?: string;
  url?: string;
  icon?: string;
  type?: string;
  tooltip?: string;
}

/** One entry of a component's `properties[]`. */
export interface TopologyProperty {
  name?: string;
  label?: string;
  /** `url`, `currency`, `age`, `badge`, `hidden`… (free text in Mission Control). */
  type?: string;
  text?: string;
  value?: number | null;
  /** `bytes`, `millicores`, `percent`, `milliseconds`, `USD`… */
  unit?: string;
  max?: number | null;
  min?: number | null;
  /** Shown on the card. */
  headline?: boolean;
  icon?: string;
  color?: string;
  links?: TopologyPropertyLink[];
  status?: string;
  lastTransition?: string;
  tooltip?: string;
  order?: number;
}

/** `{severity: count}` per incident type or insight (analysis) type. */
export type SeverityCounts = Record<string, number>;

/** A component's `summary` (counts are omitted when zero). */
export interface TopologySummary {
  healthy?: number;
  unhealthy?: number;
  warning?: number;
  info?: number;
  /** Check status → count. */
  checks?: Record<string, number>;
  /** Incident type → severity → count of open incidents. */
  incidents?: Record<string, SeverityCounts>;
  /** Analysis type → severity → count. */
  insights?: Record<string, SeverityCounts>;
}

/**
 * A component of `GET /canary/api/topology`: the columns of the `topology` view, its `summary`
 * and its children in `components`. Deeper levels carry fewer fields (api.md §3.5).
 */
export interface TopologyComponent {
  id: string;
  name: string;
  title?: string | null;
  text?: string | null;
  type?: string | null;
  icon?: string | null;
  namespace?: string | null;
  labels?: Record<string, string> | null;
  path?: string | null;
  parent_id?: string | null;
  topology_id?: string | null;
  topology_type?: string | null;
  external_id?: string | null;
  agent_id?: string | null;
  config_id?: string | null;
  status?: string | null;
  status_expr?: string | null;
  health?: string | null;
  health_expr?: string | null;
  status_reason?: string | null;
  description?: string | null;
  lifecycle?: string | null;
  tooltip?: string | null;
  owner?: string | null;
  hidden?: boolean;
  silenced?: boolean;
  is_leaf?: boolean | null;
  properties?: TopologyProperty[] | null;
  summary?: TopologySummary | null;
  logs?: { name: string }[] | null;
  /** Check status → count of the component's own checks. */
  checks?: Record<string, number> | null;
  team_names?: string[] | null;
  incidents?: Record<string, SeverityCounts> | null;
  analysis?: Record<string, SeverityCounts> | null;
  parents?: string[] | null;
  children?: string[] | null;
  components?: TopologyComponent[];
  cost_per_minute?: number | null;
  cost_total_1d?: number | null;
  cost_total_7d?: number | null;
  cost_total_30d?: number | null;
  created_at?: string;
  updated_at?: string | null;
  deleted_at?: string | null;
}

/** `GET /canary/api/topology`; the arrays may hold duplicates and nulls on Mission Control. */
export interface TopologyResponse {
  components: TopologyComponent[];
  healthStatuses?: (string | null)[] | null;
  teams?: (string | null)[] | null;
  tags?: Record<string, (string | null)[]> | null;
  types?: (string | null)[] | null;
}

// Catalog (api.md §4.1–4.2, postgrest.md §8.3, schema.md §3)

/** `{healthy, unhealthy, warning, unknown}` counts; only non-zero keys are present. */
export type ConfigHealthCounts = Partial<
  Record<'healthy' | 'unhealthy' | 'warning' | 'unknown', number>
>;

/**
 * One row of `POST /catalog/summary`: one key per grouping key (`type`, or a tag key's name),
 * the counts, and `cost_30d` (or `cost_1d`/`cost_7d`) when a cost window was asked for.
 */
export interface CatalogSummaryRow {
  [groupKey: string]: unknown;
  type?: string | null;
  health?: ConfigHealthCounts | null;
  count: number;
  created_at?: string | null;
  updated_at?: string | null;
  /** Changes in the `changes.since` window (present when it was sent). */
  changes?: number;
  /** Open analyses by analysis type. */
  analysis?: Record<string, number> | null;
  cost_1d?: number;
  cost_7d?: number;
  cost_30d?: number;
}

/** A row of the `configs` view as the catalog table selects it (postgrest.md §8.3). */
export interface ConfigListItem {
  id: string;
  type: string;
  config_class: string;
  name: string | null;
  status?: string | null;
  health?: string | null;
  labels?: Record<string, string> | null;
  tags?: Record<string, string> | null;
  created_at: string;
  updated_at?: string | null;
  deleted_at?: string | null;
  cost_per_minute?: number | null;
  cost_total_1d?: number | null;
  cost_total_7d?: number | null;
  cost_total_30d?: number | null;
  /** Changes of the last 7 days. */
  changes?: number | null;
  /** Open analyses by analysis type. */
  analysis?: Record<string, number> | null;
  /** `agent:agents(id,name)` */
  agent?: { id: string; name: string } | null;
}

/** `config_detail.summary` (schema.md §3): the counts behind the detail tabs' badges. */
export interface ConfigDetailSummary {
  relationships?: number | null;
  analysis?: number | null;
  changes?: number | null;
  playbook_runs?: number | null;
  checks?: number | null;
}

/** A `config_detail` row with `config_scrapers(id,name)` embedded. */
export interface ConfigDetail {
  id: string;
  agent_id: string;
  icon?: string | null;
  scraper_id?: string | null;
  config_class: string;
  status?: string | null;
  health?: string | null;
  ready?: boolean | null;
  external_id?: string[] | null;
  type: string;
  cost_per_minute?: number | null;
  cost_total_1d?: number | null;
  cost_total_7d?: number | null;
  cost_total_30d?: number | null;
  name: string | null;
  description?: string | null;
  /** The config content (JSON; a string when the scraper stored text). */
  config?: unknown;
  source?: string | null;
  labels?: Record<string, string> | null;
  tags?: Record<string, string> | null;
  properties?: TopologyProperty[] | null;
  parent_id?: string | null;
  path?: string | null;
  created_by?: string | null;
  last_scraped_time?: string | null;
  created_at: string;
  updated_at?: string | null;
  deleted_at?: string | null;
  delete_reason?: string | null;
  summary?: ConfigDetailSummary | null;
  components?: unknown[] | null;
  config_scrapers?: { id: string; name: string } | null;
}

/** A `config_names` row (breadcrumbs). */
export interface ConfigName {
  id: string;
  type: string;
  external_id?: string[] | null;
  name: string | null;
}

/** One change of `POST /catalog/changes` (empty fields are omitted by the server). */
export interface CatalogChange {
  id: string;
  config_id: string;
  /** The config's name. */
  name?: string;
  /** The config's type. */
  type?: string;
  tags?: Record<string, string>;
  change_type: string;
  severity?: string;
  source?: string;
  summary?: string;
  created_at: string;
  first_observed?: string;
  count?: number;
  created_by?: string;
  external_created_by?: string;
  agent_id?: string;
  external_change_id?: string;
}

/** `POST /catalog/changes` → 200; every key is omitted when empty (no matches gives `{}`). */
export interface CatalogChangesResponse {
  /** Change type → count, over the returned page. */
  summary?: Record<string, number>;
  total?: number;
  changes?: CatalogChange[];
}

/** A `config_changes` row with the change-detail select (postgrest.md §8.3). */
export interface ConfigChangeDetail {
  id: string;
  config_id: string;
  change_type: string | null;
  created_at: string;
  external_created_by?: string | null;
  source?: string | null;
  diff?: string | null;
  details?: unknown;
  patches?: unknown;
  created_by?: string | null;
  config?: { id: string; name: string | null; type: string; config_class: string } | null;
}

/** The config an insight belongs to: `config:configs(id,name,config_class,type)`. */
export interface InsightConfig {
  id: string;
  name: string | null;
  config_class: string;
  type: string;
}

/** A row of the insights table (`config_analysis_items`, postgrest.md §8.3). */
export interface ConfigInsight {
  id: string;
  analysis_type?: string | null;
  analyzer: string;
  severity?: string | null;
  status?: string | null;
  first_observed: string;
  last_observed?: string | null;
  config?: InsightConfig | null;
}

/** A `config_analysis` row with the detail select (also the per-config list, without status). */
export interface ConfigInsightDetail extends ConfigInsight {
  source?: string | null;
  message?: string | null;
  analysis?: unknown;
}

/** A `config_scrapers_with_status` row with `created_by(id,name,avatar)` embedded. */
export interface ConfigScraperSummary {
  id: string;
  name: string;
  description?: string | null;
  spec: Record<string, unknown>;
  source: string;
  created_by?: PersonAvatar | null;
  agent_id: string;
  created_at: string;
  updated_at?: string | null;
  deleted_at?: string | null;
  job_name?: string | null;
  job_success_count?: number | null;
  job_error_count?: number | null;
  job_details?: unknown;
  job_hostname?: string | null;
  job_duration_millis?: number | null;
  job_resource_type?: string | null;
  job_status?: string | null;
  job_time_start?: string | null;
  job_time_end?: string | null;
  job_created_at?: string | null;
  job_last_failed?: string | null;
  agent?: { id: string; name: string } | null;
}

/** A `config_scrapers` row. */
export interface ConfigScraper {
  id: string;
  name: string;
  description?: string | null;
  spec: Record<string, unknown>;
  source: string;
  created_by?: string | null;
  agent_id: string;
  created_at: string;
  updated_at?: string | null;
  deleted_at?: string | null;
}
