/**
 * A config's name by its id (`config_names`, postgrest.md §8.3 "config name"): for breadcrumbs
 * and for the change log's config filter. Apart from catalog-config.ts, so that a page showing
 * a name does not carry the config page's reads.
 */
import { catalogKeys, catalogQuery } from './catalog';
import type { ApiClient } from './client';
import { from, selectRows } from './postgrest';
import type { ConfigName } from './types';

/** `GET /db/config_names?id=eq.{id}` (breadcrumbs); null when there is no such config. */
export async function getConfigName(
  client: ApiClient,
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<ConfigName | null> {
  const { rows } = await selectRows<ConfigName>(client, from('config_names').eq('id', id), options);
  return rows[0] ?? null;
}

export const catalogConfigNameQueries = {
  configName: (client: ApiClient, id: string) =>
    catalogQuery(catalogKeys.configName(client.baseUrl, id), (signal) =>
      getConfigName(client, id, { signal }),
    ),
};
