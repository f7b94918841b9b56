/**
 * The catalog's routes (spec doc 2 §2), in one place for links and the router. Features may not
 * import the app's `paths`, so the catalog keeps its own; the app's table points here.
 */
export const CONFIG_TABS = [
  'config',
  'changes',
  'insights',
  'relationships',
  'playbooks',
  'checks',
] as const;
export type ConfigTab = (typeof CONFIG_TABS)[number];

export const catalogPaths = {
  list: () => '/catalog',
  changes: () => '/catalog/changes',
  insights: () => '/catalog/insights',
  scrapers: () => '/catalog/scrapers',
  scraper: (id: string) => `/catalog/scrapers/${encodeURIComponent(id)}`,
  /** `/catalog/{id}` for the Config tab, `/catalog/{id}/{tab}` for the others. */
  config: (id: string, tab: ConfigTab = 'config') =>
    tab === 'config'
      ? `/catalog/${encodeURIComponent(id)}`
      : `/catalog/${encodeURIComponent(id)}/${tab}`,
  /** A list of one type: `/catalog?configType={type}`. */
  type: (type: string) => `/catalog?configType=${encodeURIComponent(type)}`,
  playbookRun: (id: string) => `/playbooks/runs/${encodeURIComponent(id)}`,
  incident: (id: string) => `/incidents/${encodeURIComponent(id)}`,
};

export function isConfigTab(value: string | undefined): value is ConfigTab {
  return (CONFIG_TABS as readonly string[]).includes(value ?? '');
}
