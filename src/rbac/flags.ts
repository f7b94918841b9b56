/**
 * Feature flags (contract rbac-and-flags.md §4): a feature `f` is disabled when a property named
 * `f.disable` has the value exactly `'true'`; a disabled parent disables its dependents.
 */

export const PAGE_FEATURES = [
  'topology',
  'health',
  'incidents',
  'config',
  'logs',
  'playbooks',
  'agents',
] as const;

export const SETTINGS_FEATURES = [
  'settings.connections',
  'settings.users',
  'settings.teams',
  'settings.rules',
  'settings.config_scraper',
  'settings.topology',
  'settings.health',
  'settings.job_history',
  'settings.feature_flags',
  'settings.logging_backends',
  'settings.event_queue_status',
  'settings.organization_profile',
  'settings.notifications',
  'settings.playbooks',
  'settings.integrations',
] as const;

export type Feature = (typeof PAGE_FEATURES)[number] | (typeof SETTINGS_FEATURES)[number];

/** Child → parent. Disabling the parent disables the child. */
export const FEATURE_PARENTS: Readonly<Partial<Record<Feature, Feature>>> = {
  'settings.config_scraper': 'config',
  'settings.topology': 'topology',
  'settings.health': 'health',
  'settings.job_history': 'health',
};

/** The shape of one row of `GET /properties` that matters for flags. */
export interface FlagProperty {
  name: string;
  value?: string | null;
}

export type FeatureFlags = ReadonlySet<string>;

/** The set of features whose own property disables them (parents not yet applied). */
export function disabledFeatureNames(properties: readonly FlagProperty[]): Set<string> {
  const disabled = new Set<string>();
  for (const property of properties) {
    if (property.name.endsWith('.disable') && property.value === 'true') {
      disabled.add(property.name.slice(0, -'.disable'.length));
    }
  }
  return disabled;
}

/** Whether `feature` is disabled, itself or through its parent chain. */
export function isFeatureDisabled(disabled: ReadonlySet<string>, feature: string): boolean {
  let current: string | undefined = feature;
  const seen = new Set<string>();
  while (current !== undefined && !seen.has(current)) {
    if (disabled.has(current)) return true;
    seen.add(current);
    current = FEATURE_PARENTS[current as Feature];
  }
  return false;
}
