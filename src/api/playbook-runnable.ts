/**
 * The playbooks runnable on a check, config or component (`GET /playbook/list`, api.md §10.1),
 * apart from the rest of the playbooks API (api/playbooks.ts): the Playbooks menu of a component,
 * config or check asks for them on the page's first render, without the rest.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from './client';
import { from, selectRows } from './postgrest';
import type { PlaybookParameter, RunnablePlaybookListItem } from './types';

/** The resource a playbook runs on (at most one id, api.md §10.2). */
export type PlaybookResource =
  | { kind: 'check'; id: string }
  | { kind: 'config'; id: string }
  | { kind: 'component'; id: string };

export function resourceField(resource: PlaybookResource | undefined): Record<string, string> {
  if (!resource) return {};
  return { [`${resource.kind}_id`]: resource.id };
}

export interface RunnablePlaybook {
  id: string;
  name: string;
  title: string;
  icon?: string;
  parameters: PlaybookParameter[];
}

/**
 * `GET /playbook/list?{kind}_id=` then titles and icons from
 * `GET /db/playbooks?id=in.(…)&select=id,title,spec` (api.md §10.1).
 */
export async function listRunnablePlaybooks(
  client: ApiClient,
  resource: PlaybookResource,
  options: { signal?: AbortSignal } = {},
): Promise<RunnablePlaybook[]> {
  const list = await client.get<RunnablePlaybookListItem[] | null>('/playbook/list', {
    query: resourceField(resource),
    signal: options.signal,
  });
  const items = Array.isArray(list) ? list : [];
  if (items.length === 0) return [];
  let details = new Map<string, { title?: string | null; spec?: { icon?: unknown } | null }>();
  try {
    const { rows } = await selectRows<{
      id: string;
      title?: string | null;
      spec?: { icon?: unknown } | null;
    }>(
      client,
      from('playbooks')
        .in(
          'id',
          items.map((item) => item.id),
        )
        .select('id,title,spec'),
      options,
    );
    details = new Map(rows.map((row) => [row.id, row]));
  } catch (error: unknown) {
    if (options.signal?.aborted) throw error;
    console.warn('Playbook titles could not be loaded; showing names', error);
  }
  return items
    .map((item) => {
      const detail = details.get(item.id);
      const icon = detail?.spec?.icon;
      return {
        id: item.id,
        name: item.name,
        title: detail?.title || item.name,
        icon: typeof icon === 'string' && icon ? icon : undefined,
        parameters: item.parameters ?? [],
      };
    })
    .sort((a, b) => a.title.localeCompare(b.title));
}

/** Under `playbookKeys.all` (api/playbooks.ts): the playbooks' invalidations reach it. */
export const runnablePlaybooksKey = (baseUrl: string, resource: PlaybookResource) =>
  ['playbooks', baseUrl, 'runnable', resource.kind, resource.id] as const;

export const runnablePlaybooksQuery = (client: ApiClient, resource: PlaybookResource) =>
  queryOptions({
    queryKey: runnablePlaybooksKey(client.baseUrl, resource),
    queryFn: ({ signal }) => listRunnablePlaybooks(client, resource, { signal }),
    staleTime: 30_000,
  });
