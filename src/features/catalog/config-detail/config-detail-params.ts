/**
 * The config detail page's pure parts: its URL state (the Config tab's `selected` lines, `3-7,12`,
 * and `format`), the tab links with their count badges from the config summary, the text and
 * language the config content is shown in, and the run status words of the playbooks tab.
 */
import type { ConfigDetail } from '../../../api/catalog';
import { configTabCounts, type ConfigTabCounts } from '../../../api/catalog-config';
import { enumCodec, param, type Codec } from '../../../lib/url-state';
import type { NavTabItem } from '../../../ui/nav-tabs';
import { formatLineRanges, parseLineRanges } from '../../../ui/code-view';
import { catalogPaths, type ConfigTab } from '../catalog-paths';
import { formatCount } from '../catalog-params';

/** Selected config lines in the URL: `3-7,12`; bad parts are dropped. */
export const lineRangesCodec: Codec<ReadonlySet<number>> = {
  parse: (raw) => parseLineRanges(raw),
  serialize: (value) => formatLineRanges(value),
  equals: (a, b) => formatLineRanges(a) === formatLineRanges(b),
};

export const CONFIG_FORMATS = ['json', 'yaml'] as const;
export type ConfigFormat = (typeof CONFIG_FORMATS)[number];

export const configTabUrlSchema = {
  selected: param(lineRangesCodec, new Set<number>() as ReadonlySet<number>),
  format: param(enumCodec(CONFIG_FORMATS), 'json' as ConfigFormat),
};

const TAB_LABELS: Record<ConfigTab, string> = {
  config: 'Config',
  changes: 'Changes',
  insights: 'Insights',
  relationships: 'Relationships',
  playbooks: 'Playbooks',
  checks: 'Checks',
};

/** What a tab's count means, for the badge's accessible text. */
const COUNT_NOUNS: Record<Exclude<ConfigTab, 'config'>, [string, string]> = {
  changes: ['change', 'changes'],
  insights: ['insight', 'insights'],
  relationships: ['relationship', 'relationships'],
  playbooks: ['playbook run', 'playbook runs'],
  checks: ['check', 'checks'],
};

const TAB_COUNT_KEY: Record<Exclude<ConfigTab, 'config'>, keyof ConfigTabCounts> = {
  changes: 'changes',
  insights: 'insights',
  relationships: 'relationships',
  playbooks: 'playbooks',
  checks: 'checks',
};

export const CONFIG_TAB_ORDER: readonly ConfigTab[] = [
  'config',
  'changes',
  'insights',
  'relationships',
  'playbooks',
  'checks',
];

/**
 * The tab links of a config (`/catalog/{id}`, `/catalog/{id}/changes`…), each but Config with
 * the summary's count ('k+' over 999). Counts are left out while the detail is loading.
 */
export function configTabItems(
  id: string,
  detail: Pick<ConfigDetail, 'summary'> | null | undefined,
): NavTabItem[] {
  const counts = detail ? configTabCounts(detail) : undefined;
  return CONFIG_TAB_ORDER.map((tab) => {
    const item: NavTabItem = { href: catalogPaths.config(id, tab), label: TAB_LABELS[tab] };
    if (tab !== 'config' && counts) {
      const count = counts[TAB_COUNT_KEY[tab]];
      const [one, many] = COUNT_NOUNS[tab];
      item.count = formatCount(count);
      item.countLabel = `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
    }
    return item;
  });
}

export type RunStatusTone = 'success' | 'failure' | 'active' | 'waiting' | 'neutral';

/** How a playbook run status is shown: its words and the tone of its icon. */
export function runStatusDisplay(status: string | null | undefined): {
  label: string;
  tone: RunStatusTone;
} {
  const word = (status ?? '').toLowerCase();
  const label =
    word === '' ? 'Unknown' : (word.charAt(0).toUpperCase() + word.slice(1)).replace(/_/g, ' ');
  switch (word) {
    case 'completed':
      return { label, tone: 'success' };
    case 'failed':
      return { label, tone: 'failure' };
    case 'running':
      return { label, tone: 'active' };
    case 'pending':
    case 'pending_approval':
    case 'waiting':
    case 'scheduled':
    case 'sleeping':
      return { label, tone: 'waiting' };
    default:
      return { label, tone: 'neutral' };
  }
}

/** A run's duration in ms: end − start, or now − start while it runs; undefined without a start. */
export function runDurationMs(
  run: { start_time?: string | null; end_time?: string | null; status?: string },
  now: number = Date.now(),
): number | undefined {
  const start = run.start_time ? Date.parse(run.start_time) : NaN;
  if (!Number.isFinite(start)) return undefined;
  const end = run.end_time ? Date.parse(run.end_time) : run.status === 'running' ? now : NaN;
  return Number.isFinite(end) && end >= start ? end - start : undefined;
}
