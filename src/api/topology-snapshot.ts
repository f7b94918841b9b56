/**
 * The topology snapshot (contract api.md §5): `GET /snapshot/topology/{id}?start=…&related=…`
 * answers a zip of the component tree, its checks, configs, changes and logs in the window. The
 * console saves it as `{componentName}-snapshot.zip` (Mission Control sends no file name).
 */
import type { ApiClient } from './client';

export interface TopologySnapshotParams {
  /** Start of the window: a duration (`15m`, `1h`, `7d`) or a timestamp. */
  start: string;
  /** Include related components, configs and incidents. */
  related: boolean;
}

/** The query of the snapshot request. */
export function topologySnapshotQuery(params: TopologySnapshotParams): Record<string, string> {
  return { start: params.start, related: String(params.related) };
}

/** The file name the console gives the zip. */
export function snapshotFileName(componentName: string): string {
  // Path separators and control characters would make the browser rename or refuse the file.
  // eslint-disable-next-line no-control-regex
  const safe = componentName.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '-').trim() || 'component';
  return `${safe}-snapshot.zip`;
}

/** Download the snapshot of a component; throws an ApiError on a failed answer. */
export async function downloadTopologySnapshot(
  client: ApiClient,
  id: string,
  params: TopologySnapshotParams,
  options: { signal?: AbortSignal } = {},
): Promise<Blob> {
  const response = await client.request<Blob>(`/snapshot/topology/${encodeURIComponent(id)}`, {
    query: topologySnapshotQuery(params),
    headers: { Accept: 'application/zip, application/json' },
    responseType: 'blob',
    // A snapshot of a large tree with its changes takes a while to assemble.
    timeoutMs: 120_000,
    signal: options.signal,
  });
  return response.data;
}
