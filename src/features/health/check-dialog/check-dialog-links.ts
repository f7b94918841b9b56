/**
 * Links out of the check dialog. Features cannot import src/app/paths.ts (layer rule), so the
 * few paths the dialog needs are built here; they match the route table's paths.
 */
const enc = encodeURIComponent;

export const checkDialogPaths = {
  canary: (canaryId: string) => `/settings/canaries/${enc(canaryId)}`,
  catalog: (configId: string) => `/catalog/${enc(configId)}`,
  topology: (componentId: string) => `/topology/${enc(componentId)}`,
  topologySettings: (topologyId: string) => `/settings/topologies/${enc(topologyId)}`,
  playbookRun: (runId: string) => `/playbooks/runs/${enc(runId)}`,
} as const;

export type CanaryEditTarget =
  | { kind: 'canary'; href: string }
  /** Created from a Kubernetes custom resource: the resource's catalog entry. */
  | { kind: 'crd'; href: string; name: string }
  /** Created by a topology component: resolved to its topology template when possible. */
  | { kind: 'component'; componentId: string };

/**
 * Where "Edit" goes (spec doc 1 §2, doc 3 §2.1): a canary created from a Kubernetes resource
 * (`source` starting with `kubernetes`) links to that resource in the catalog (same id as the
 * canary); one created by a component (`component/<id>`) to the component's topology; any other
 * to `/settings/canaries/{canary_id}`.
 */
export function canaryEditTarget(canary: {
  id: string;
  name?: string | null;
  source?: string | null;
}): CanaryEditTarget {
  const source = canary.source ?? '';
  if (source.startsWith('kubernetes')) {
    return { kind: 'crd', href: checkDialogPaths.catalog(canary.id), name: canary.name ?? '' };
  }
  if (source.startsWith('component')) {
    const componentId = source.split('/')[1] ?? '';
    if (componentId) return { kind: 'component', componentId };
  }
  return { kind: 'canary', href: checkDialogPaths.canary(canary.id) };
}
