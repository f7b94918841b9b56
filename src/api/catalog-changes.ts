/**
 * The change log's extra reads (postgrest.md §8.3): one change by its id with every column the
 * detail modal shows, and the names of the people who made changes (`created_by` is a person id).
 * The change search itself (`POST /catalog/changes`) lives in catalog.ts.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from './client';
import { CATALOG_STALE_TIME_MS, catalogKeys, listCatalogChanges } from './catalog';
import type { CatalogChangesParams } from './catalog';
import { from, selectRows } from './postgrest';
import type { CatalogChange, ConfigChangeDetail } from './types';

/**
 * The contract's change-detail select (id, config_id, change_type, created_at,
 * external_created_by, source, diff, details, patches, created_by, config) plus the columns the
 * list already showed (summary, severity, first_observed, count), so a change opened from a link
 * reads the same as one opened from its row.
 */
export const CHANGE_FULL_SELECT =
  'id,config_id,change_type,severity,summary,created_at,first_observed,count,' +
  'external_created_by,source,diff,details,patches,created_by,' +
  'config:configs(id,name,type,config_class)';

export interface ConfigChangeFull extends ConfigChangeDetail {
  severity?: string | null;
  summary?: string | null;
  first_observed?: string | null;
  count?: number | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `GET /db/config_changes?id=eq.{id}[&config_id=eq.{cid}]&select=…`; null when absent (or when
 * the id is not a uuid, which no change has).
 */
export async function getChangeById(
  client: ApiClient,
  id: string,
  options: { configId?: string; signal?: AbortSignal } = {},
): Promise<ConfigChangeFull | null> {
  if (!UUID.test(id)) return null;
  const query = from('config_changes');
  if (options.configId && UUID.test(options.configId)) query.eq('config_id', options.configId);
  query.eq('id', id).select(CHANGE_FULL_SELECT);
  const { rows } = await selectRows<ConfigChangeFull>(client, query, { signal: options.signal });
  return rows[0] ?? null;
}

/** `GET /db/people?id=in.(…)&select=id,name`: person id → name (unknown ids are left out). */
export async function getPeopleNames(
  client: ApiClient,
  ids: readonly string[],
  options: { signal?: AbortSignal } = {},
): Promise<Record<string, string>> {
  const valid = [...new Set(ids.filter((id) => UUID.test(id)))].sort();
  if (valid.length === 0) return {};
  const { rows } = await selectRows<{ id: string; name: string | null }>(
    client,
    from('people').select('id,name').in('id', valid),
    options,
  );
  const names: Record<string, string> = {};
  for (const row of rows) if (row.name) names[row.id] = row.name;
  return names;
}

/**
 * Every change of a search, all pages (the CSV export), through `collectPages`-style paging:
 * `pageIndex` is 0-based here, the server's `page` 1-based.
 */
export async function listCatalogChangesPage(
  client: ApiClient,
  params: CatalogChangesParams,
  pageIndex: number,
  pageSize: number,
): Promise<{ rows: CatalogChange[]; total: number }> {
  const result = await listCatalogChanges(client, { ...params, page: pageIndex + 1, pageSize });
  return { rows: result.changes, total: result.total };
}

export const catalogChangeKeys = {
  change: (baseUrl: string, id: string) => [...catalogKeys.all(baseUrl), 'change', id] as const,
  people: (baseUrl: string, ids: readonly string[]) =>
    [...catalogKeys.all(baseUrl), 'people', [...new Set(ids)].sort()] as const,
};

export const catalogChangeQueries = {
  /** One change with the detail columns (cached like every catalog read). */
  change: (client: ApiClient, id: string, configId?: string) =>
    queryOptions({
      queryKey: catalogChangeKeys.change(client.baseUrl, id),
      queryFn: ({ signal }) => getChangeById(client, id, { configId, signal }),
      staleTime: CATALOG_STALE_TIME_MS,
    }),
  people: (client: ApiClient, ids: readonly string[]) =>
    queryOptions({
      queryKey: catalogChangeKeys.people(client.baseUrl, ids),
      queryFn: ({ signal }) => getPeopleNames(client, ids, { signal }),
      staleTime: CATALOG_STALE_TIME_MS,
    }),
};
