/**
 * What the check dialog and `<vigil-check-detail>` show about a check, merged from the
 * `/db/checks` row (authoritative) and, in the console, the dashboard's summary row (already on
 * screen, so the header renders at once; the only source of `endpoint` and merged canary labels on
 * Vigil's server).
 */
import type { CheckDetail, CheckSummary } from '../../api/types';

export const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';

export interface CheckView {
  id: string;
  name: string;
  namespace?: string;
  type?: string;
  icon?: string;
  description?: string;
  status?: string;
  endpoint?: string;
  agentId?: string;
  /** Agent name; `local` for the all-zero id. */
  agentName?: string;
  labels: Record<string, string>;
  severity?: string;
  lastRuntime?: string;
  lastTransitionTime?: string;
  nextRuntime?: string;
  canary?: { id: string; name?: string; source?: string | null };
  spec?: Record<string, unknown> | null;
  components: { id: string; name: string; icon?: string | null }[];
  configs: { id: string; name: string; type?: string | null }[];
}

const ENDPOINT_FIELDS = ['endpoint', 'url', 'host', 'address', 'connection'] as const;

/** The endpoint from a check spec (url / endpoint / host…), as Vigil's server derives it. */
export function endpointFromSpec(spec: Record<string, unknown> | null | undefined) {
  if (!spec) return undefined;
  for (const field of ENDPOINT_FIELDS) {
    const value = spec[field];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return undefined;
}

function present(value: string | null | undefined): string | undefined {
  return value === null || value === undefined || value === '' ? undefined : value;
}

/** Merge the two sources; undefined when neither is known yet. */
export function toCheckView(
  detail: CheckDetail | null | undefined,
  summary: CheckSummary | undefined,
): CheckView | undefined {
  if (!detail && !summary) return undefined;
  const agentId = present(detail?.agent_id) ?? present(summary?.agent_id);
  const agentName =
    present(detail?.agents?.name) ?? (agentId === LOCAL_AGENT_ID ? 'local' : undefined);
  const canaryId = detail?.canary_id ?? summary?.canary_id;
  return {
    id: detail?.id ?? summary?.id ?? '',
    name: detail?.name ?? summary?.name ?? '',
    namespace: present(detail?.namespace) ?? present(summary?.namespace),
    type: present(detail?.type) ?? present(summary?.type),
    icon: present(detail?.icon) ?? present(summary?.icon),
    description: present(detail?.description) ?? present(summary?.description),
    status: present(detail?.status) ?? present(summary?.status),
    endpoint: present(summary?.endpoint) ?? endpointFromSpec(detail?.spec),
    agentId,
    agentName,
    // The summary's labels are the canary's overlaid by the check's; the row has the check's only.
    labels: { ...(detail?.labels ?? {}), ...(summary?.labels ?? {}) },
    severity: present(detail?.severity) ?? present(summary?.severity),
    lastRuntime: present(detail?.last_runtime) ?? present(summary?.last_runtime),
    lastTransitionTime:
      present(detail?.last_transition_time) ?? present(summary?.last_transition_time),
    nextRuntime: present(detail?.next_runtime) ?? present(summary?.next_runtime),
    canary: canaryId
      ? {
          id: canaryId,
          name: detail?.canaries?.name ?? summary?.canary_name,
          source: detail?.canaries?.source,
        }
      : undefined,
    spec: detail?.spec,
    components: (detail?.components ?? []).flatMap((link) =>
      link.components ? [link.components] : [],
    ),
    configs: (detail?.configs ?? []).flatMap((link) => (link.configs ? [link.configs] : [])),
  };
}
