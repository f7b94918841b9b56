/**
 * The topology dashboard's reads besides the tree (postgrest.md §8.4): component names for the
 * breadcrumb, the sidebar panels (catalog links, changes, insights, checks, teams, playbook runs),
 * agents for the filter, the config search of the link dialog, and the manual link and unlink of a
 * component to a config. The incidents panel reads `incidents.ts`.
 * Types → fetchers → keys → query options → mutations.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from './client';
import { from, selectPage, selectRows, type Page } from './postgrest';
import { topologyKeys } from './topology';

// ---- constants ----

/** "Playbook and insight panels page size 50" (spec doc 2 §9). */
export const TOPOLOGY_PANEL_PAGE_SIZE = 50;
/** "search shows at most 50 matches" (spec doc 2 §2, link component to catalog). */
export const CONFIG_LINK_SEARCH_LIMIT = 50;
/** Changes listed in the changes panel (newest first). */
export const COMPONENT_CHANGES_LIMIT = 50;
/** The selector of links made by a user; only these can be unlinked (spec doc 2 §3). */
export const MANUAL_SELECTOR = 'manual';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a text can be a component (or config) id. */
export function isComponentId(value: string | null | undefined): value is string {
  return typeof value === 'string' && UUID.test(value);
}

// ---- types ----

/** A `component_names` row (schema.md). */
export interface ComponentName {
  id: string;
  name: string;
  type?: string | null;
  icon?: string | null;
  path?: string | null;
  parent_id?: string | null;
}

export interface LinkedConfig {
  id: string;
  name: string;
  type?: string | null;
  config_class?: string | null;
  deleted_at?: string | null;
}

/** A `config_component_relationships` row with its config. */
export interface ComponentConfigLink {
  component_id: string;
  config_id: string;
  selector_id?: string | null;
  created_at?: string | null;
  deleted_at?: string | null;
  configs?: LinkedConfig | null;
}

/** A `changes_by_component` row (the change's own time under `change_created_at`). */
export interface ComponentChange {
  id: string;
  config_id: string;
  name?: string | null;
  type?: string | null;
  config_class?: string | null;
  change_type?: string | null;
  severity?: string | null;
  change_created_at?: string | null;
  config?: LinkedConfig | null;
}

export interface ComponentInsight {
  analysis_id: string;
  config_id?: string;
  id: string;
  analyzer?: string | null;
  analysis_type?: string | null;
  message?: string | null;
  severity?: string | null;
  first_observed?: string | null;
  config: LinkedConfig | null;
}

interface AnalysisByComponentRow {
  analysis_id: string;
  config?:
    | (LinkedConfig & {
        analysis?: Omit<ComponentInsight, 'analysis_id' | 'config'>[] | null;
      })
    | null;
}

/** A `checks_by_component` row. */
export interface ComponentCheck {
  component_id: string;
  id: string;
  type?: string | null;
  name: string;
  severity?: string | null;
  status?: string | null;
}

/** A `team_components` row with its team. */
export interface ComponentTeam {
  team_id: string;
  component_id: string;
  role?: string | null;
  selector_id?: string | null;
  team?: { id: string; name: string; icon?: string | null } | null;
}

export interface ComponentPlaybookRun {
  id: string;
  playbook_id: string;
  status: string;
  created_at: string;
  start_time?: string | null;
  end_time?: string | null;
  error?: string | null;
  playbooks?: { id: string; name: string; title?: string | null; icon?: string | null } | null;
}

export interface AgentOption {
  id: string;
  name: string;
}

/** A config offered by the link dialog's search. */
export interface ConfigSearchResult {
  id: string;
  name: string;
  type?: string | null;
  config_class?: string | null;
}

// ---- fetchers ----

type Signal = { signal?: AbortSignal };

/** `GET /db/component_names?id=in.(…)`: the names of the breadcrumb's components. */
export async function listComponentNames(
  client: ApiClient,
  ids: readonly string[],
  options: Signal = {},
): Promise<ComponentName[]> {
  const valid = [...new Set(ids.filter(isComponentId).map((id) => id.toLowerCase()))].sort();
  if (valid.length === 0) return [];
  const { rows } = await selectRows<ComponentName>(
    client,
    from('component_names').select('id,name,type,icon,path,parent_id').in('id', valid),
    options,
  );
  return rows;
}

export const COMPONENT_CONFIGS_SELECT =
  '*,configs!config_component_relationships_config_id_fkey(id,type,name,config_class,deleted_at)';

/** The configs panel: links of live configs, by config name. */
export async function listComponentConfigs(
  client: ApiClient,
  componentId: string,
  options: Signal = {},
): Promise<ComponentConfigLink[]> {
  const { rows } = await selectRows<ComponentConfigLink>(
    client,
    from('config_component_relationships')
      .eq('component_id', componentId)
      .filter('configs.order', 'name', 'asc')
      .select(COMPONENT_CONFIGS_SELECT)
      .is('deleted_at', 'null'),
    options,
  );
  return rows
    .filter((row) => row.configs && !row.configs.deleted_at)
    .sort((a, b) => (a.configs?.name ?? '').localeCompare(b.configs?.name ?? ''));
}

export const COMPONENT_CHANGES_SELECT =
  'id,type,config_id,name,change_type,config_class,severity,change_created_at:created_at,config:configs(id,name,type,config_class)';

/** The changes panel: the newest changes of the configs linked to the component. */
export async function listComponentChanges(
  client: ApiClient,
  componentId: string,
  options: Signal = {},
): Promise<ComponentChange[]> {
  const { rows } = await selectRows<ComponentChange>(
    client,
    from('changes_by_component')
      .eq('component_id', componentId)
      .select(COMPONENT_CHANGES_SELECT)
      .order({ column: 'created_at', ascending: false })
      .limit(COMPONENT_CHANGES_LIMIT),
    options,
  );
  return rows;
}

export const COMPONENT_INSIGHTS_SELECT =
  'analysis_id,config:configs(id,name,config_class,type,analysis:config_analysis(id,analyzer,analysis_type,message,severity,analysis,first_observed))';

/** One page of the insights panel; each row keeps the embedded analysis whose id is `analysis_id`. */
export async function listComponentInsights(
  client: ApiClient,
  componentId: string,
  pageIndex: number,
  options: Signal = {},
): Promise<Page<ComponentInsight>> {
  const page = await selectPage<AnalysisByComponentRow>(
    client,
    from('analysis_by_component')
      .eq('component_id', componentId)
      .select(COMPONENT_INSIGHTS_SELECT)
      .limit(TOPOLOGY_PANEL_PAGE_SIZE)
      .offset(pageIndex * TOPOLOGY_PANEL_PAGE_SIZE)
      .withCount(),
    options,
  );
  const rows = page.rows.flatMap((row): ComponentInsight[] => {
    const analysis = row.config?.analysis?.find((item) => item.id === row.analysis_id);
    if (!analysis) return [];
    const { analysis: _all, ...config } = row.config ?? { id: '', name: '' };
    void _all;
    return [{ ...analysis, analysis_id: row.analysis_id, config_id: config.id, config }];
  });
  return { rows, total: page.total };
}

/** The checks panel. */
export async function listComponentChecks(
  client: ApiClient,
  componentId: string,
  options: Signal = {},
): Promise<ComponentCheck[]> {
  const { rows } = await selectRows<ComponentCheck>(
    client,
    from('checks_by_component').eq('component_id', componentId),
    options,
  );
  return [...rows].sort((a, b) => a.name.localeCompare(b.name));
}

/** The teams panel. */
export async function listComponentTeams(
  client: ApiClient,
  componentId: string,
  options: Signal = {},
): Promise<ComponentTeam[]> {
  const { rows } = await selectRows<ComponentTeam>(
    client,
    from('team_components')
      .eq('component_id', componentId)
      .select('*,team:teams(*,created_by(id,name,avatar))'),
    options,
  );
  return [...rows].sort((a, b) => (a.team?.name ?? '').localeCompare(b.team?.name ?? ''));
}

export const COMPONENT_PLAYBOOK_RUN_SELECT =
  'id,playbook_id,status,created_at,start_time,end_time,error,playbooks(id,name,title,icon)';

/** One page of the playbooks panel, newest first, counted (postgrest.md §8.7). */
export async function listComponentPlaybookRuns(
  client: ApiClient,
  componentId: string,
  pageIndex: number,
  options: Signal = {},
): Promise<Page<ComponentPlaybookRun>> {
  return selectPage<ComponentPlaybookRun>(
    client,
    from('playbook_runs')
      .eq('component_id', componentId)
      .select(COMPONENT_PLAYBOOK_RUN_SELECT)
      .order({ column: 'created_at', ascending: false })
      .limit(TOPOLOGY_PANEL_PAGE_SIZE)
      .offset(pageIndex * TOPOLOGY_PANEL_PAGE_SIZE)
      .withCount(),
    options,
  );
}

/** Agents for the filter (`GET /db/agents?select=id,name&deleted_at=is.null&order=name.asc`). */
export async function listAgentOptions(
  client: ApiClient,
  options: Signal = {},
): Promise<AgentOption[]> {
  const { rows } = await selectRows<AgentOption>(
    client,
    from('agents').select('id,name').is('deleted_at', 'null').order({ column: 'name' }),
    options,
  );
  return rows;
}

/** `*`, `,`, `(`, `)` would change an ilike pattern or filter list: search for them as spaces. */
function searchPattern(text: string): string {
  return text.replace(/[*,()\\"]/g, ' ').trim();
}

/** Live configs whose name contains the text, at most 50, by name (empty text: the first 50). */
export async function searchConfigs(
  client: ApiClient,
  text: string,
  options: Signal = {},
): Promise<ConfigSearchResult[]> {
  const query = from('configs')
    .select('id,name,type,config_class')
    .is('deleted_at', 'null')
    .order({ column: 'name' }, { column: 'id' })
    .limit(CONFIG_LINK_SEARCH_LIMIT);
  const pattern = searchPattern(text.slice(0, 200));
  if (pattern) query.ilike('name', `*${pattern}*`);
  const { rows } = await selectRows<ConfigSearchResult>(client, query, options);
  return rows;
}

/** `POST /db/config_component_relationships` `{component_id, config_id, selector_id: "manual"}`. */
export async function linkComponentToConfig(
  client: ApiClient,
  link: { componentId: string; configId: string },
): Promise<void> {
  await client.post('/db/config_component_relationships', {
    component_id: link.componentId,
    config_id: link.configId,
    selector_id: MANUAL_SELECTOR,
  });
}

/** `DELETE /db/config_component_relationships?component_id=eq.{c}&config_id=eq.{cfg}&selector_id=eq.manual`. */
export async function unlinkComponentFromConfig(
  client: ApiClient,
  link: { componentId: string; configId: string },
): Promise<void> {
  const query = from('config_component_relationships')
    .eq('component_id', link.componentId)
    .eq('config_id', link.configId)
    .eq('selector_id', MANUAL_SELECTOR);
  await client.delete(query.path, { query: query.toString() });
}

// ---- keys ----

export const topologySidebarKeys = {
  names: (baseUrl: string, ids: readonly string[]) =>
    [...topologyKeys.all(baseUrl), 'names', [...new Set(ids)].sort()] as const,
  component: (baseUrl: string, id: string) => [...topologyKeys.all(baseUrl), 'panels', id] as const,
  panel: (baseUrl: string, id: string, panel: string) =>
    [...topologySidebarKeys.component(baseUrl, id), panel] as const,
  agents: (baseUrl: string) => [...topologyKeys.all(baseUrl), 'agents'] as const,
  configSearch: (baseUrl: string, text: string) =>
    [...topologyKeys.all(baseUrl), 'config-search', text] as const,
};

// ---- query options ----

function nextPage<T>(last: Page<T>, pages: Page<T>[], lastPageParam: number): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.rows.length, 0);
  if (last.rows.length < TOPOLOGY_PANEL_PAGE_SIZE) return undefined;
  if (last.total !== undefined && loaded >= last.total) return undefined;
  return lastPageParam + 1;
}

export const topologySidebarQueries = {
  names: (client: ApiClient, ids: readonly string[]) =>
    queryOptions({
      queryKey: topologySidebarKeys.names(client.baseUrl, ids),
      queryFn: ({ signal }) => listComponentNames(client, ids, { signal }),
      staleTime: 60_000,
    }),
  configs: (client: ApiClient, id: string) =>
    queryOptions({
      queryKey: topologySidebarKeys.panel(client.baseUrl, id, 'configs'),
      queryFn: ({ signal }) => listComponentConfigs(client, id, { signal }),
    }),
  changes: (client: ApiClient, id: string) =>
    queryOptions({
      queryKey: topologySidebarKeys.panel(client.baseUrl, id, 'changes'),
      queryFn: ({ signal }) => listComponentChanges(client, id, { signal }),
    }),
  insights: (client: ApiClient, id: string) =>
    infiniteQueryOptions({
      queryKey: topologySidebarKeys.panel(client.baseUrl, id, 'insights'),
      queryFn: ({ signal, pageParam }) => listComponentInsights(client, id, pageParam, { signal }),
      initialPageParam: 0,
      getNextPageParam: nextPage,
    }),
  checks: (client: ApiClient, id: string) =>
    queryOptions({
      queryKey: topologySidebarKeys.panel(client.baseUrl, id, 'checks'),
      queryFn: ({ signal }) => listComponentChecks(client, id, { signal }),
    }),
  teams: (client: ApiClient, id: string) =>
    queryOptions({
      queryKey: topologySidebarKeys.panel(client.baseUrl, id, 'teams'),
      queryFn: ({ signal }) => listComponentTeams(client, id, { signal }),
    }),
  playbookRuns: (client: ApiClient, id: string) =>
    infiniteQueryOptions({
      queryKey: topologySidebarKeys.panel(client.baseUrl, id, 'playbook-runs'),
      queryFn: ({ signal, pageParam }) =>
        listComponentPlaybookRuns(client, id, pageParam, { signal }),
      initialPageParam: 0,
      getNextPageParam: nextPage,
    }),
  agents: (client: ApiClient) =>
    queryOptions({
      queryKey: topologySidebarKeys.agents(client.baseUrl),
      queryFn: ({ signal }) => listAgentOptions(client, { signal }),
      staleTime: 60_000,
    }),
  configSearch: (client: ApiClient, text: string) =>
    queryOptions({
      queryKey: topologySidebarKeys.configSearch(client.baseUrl, text),
      queryFn: ({ signal }) => searchConfigs(client, text, { signal }),
    }),
};
