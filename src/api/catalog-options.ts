/**
 * The option lists of the catalog filters (postgrest.md §8.3 "filter lists"): config types and
 * statuses, change and analysis types, analyzers, and the distinct label and tag pairs, each
 * cached 60 s ("config type and label caches 60 s").
 */
import { catalogKeys, catalogQuery, FILTER_OPTIONS } from './catalog';
import type { ApiClient } from './client';
import { from, selectRows } from './postgrest';

// ---- filter options (postgrest.md §8.3 "filter lists") ----

/** The option lists of the catalog filters: relation, the column read, and the order sent. */
const OPTION_SOURCES = {
  configTypes: { relation: 'config_types', column: 'type' },
  configStatuses: { relation: 'config_statuses', column: 'status' },
  changeTypes: { relation: 'change_types', column: 'change_type' },
  analysisTypes: { relation: 'analysis_types', column: 'analysis_type' },
  analyzers: { relation: 'config_analysis_analyzers', column: 'analyzer', order: true },
} as const;
export type CatalogOptionKind = keyof typeof OPTION_SOURCES;

/** A filter list's values (`GET /db/config_types` …; analyzers with `order=analyzer.asc`). */
export async function listCatalogOptions(
  client: ApiClient,
  kind: CatalogOptionKind,
  options: { signal?: AbortSignal } = {},
): Promise<string[]> {
  const source: { relation: string; column: string; order?: boolean } = OPTION_SOURCES[kind];
  const query = from(source.relation);
  if (source.order) query.order({ column: source.column });
  const { rows } = await selectRows<Record<string, unknown>>(client, query, options);
  return rows
    .map((row) => row[source.column])
    .filter((value): value is string => typeof value === 'string' && value !== '');
}

/** Distinct label or tag pairs (`GET /db/config_labels`, `GET /db/config_tags`). */
export async function listConfigKeyValues(
  client: ApiClient,
  kind: 'labels' | 'tags',
  options: { signal?: AbortSignal } = {},
): Promise<{ key: string; value: string }[]> {
  const { rows } = await selectRows<{ key: string; value: string }>(
    client,
    from(kind === 'labels' ? 'config_labels' : 'config_tags'),
    options,
  );
  return rows;
}

export const catalogOptionQueries = {
  /** A filter's option list, cached 60 s ("config type and label caches 60 s"). */
  options: (client: ApiClient, kind: CatalogOptionKind) =>
    catalogQuery(
      catalogKeys.options(client.baseUrl, kind),
      (signal) => listCatalogOptions(client, kind, { signal }),
      FILTER_OPTIONS,
    ),
  keyValues: (client: ApiClient, kind: 'labels' | 'tags') =>
    catalogQuery(
      catalogKeys.options(client.baseUrl, kind),
      (signal) => listConfigKeyValues(client, kind, { signal }),
      FILTER_OPTIONS,
    ),
};
