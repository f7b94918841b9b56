/**
 * Start-up warm-up: once the server listens, it reads in the background what the console's
 * landing pages ask for first — the topology dashboard (`/topology`, depth 1, hidden components
 * left out), /health's summary (its list form) and the catalog's grouped summary with the
 * console's default body. The first user
 * after a restart then finds the database's pages in memory and the code paths compiled, instead
 * of paying for both (about 1 s on the `large` scale with PGlite). Read-only but for what any read
 * of the health summary does (statuses that left the last hour are rewritten); a failure is
 * logged and changes nothing. `VIGIL_WARMUP=off` turns it off.
 */
import { catalogSummary, parseSummaryRequest } from './catalog/summary';
import type { TopologyResponse } from '../../src/api/types';
import type { KeptReads } from './db/kept-reads';
import type { SummaryReader } from './routes/summary-cache';
import type { Db } from './db/types';
import { parseTopologyParams } from './topology/params';
import { readKeptTopology, readTopology } from './topology/read';

/** The console's default summary request (src/api/catalog.ts catalogSummaryBody, 30-day window). */
const DEFAULT_SUMMARY_BODY = {
  groupBy: ['type'],
  deleted: false,
  changes: { since: '30d' },
  analysis: { since: '30d' },
  cost: '30d',
};

/** The topology dashboard's first request (src/api/topology.ts, the root level). */
const DASHBOARD_QUERY: Record<string, string> = { hidden: 'false', depth: '1', sortOrder: 'desc' };

export interface WarmUpResult {
  ms: number;
  steps: string[];
}

/**
 * `summaryReads`: the health summary's kept answers (routes/summary-cache.ts), likewise for /health.
 * `topologyReads`: the route's kept trees (routes/topology.ts, topology/read.ts readKeptTopology), so the dashboard's tree read here
 * is the one its first visitor gets while nothing has been written since.
 */
export async function warmUp(
  db: Db,
  topologyReads?: KeptReads<TopologyResponse>,
  summaryReads?: SummaryReader,
): Promise<WarmUpResult> {
  const started = performance.now();
  const steps: string[] = [];
  const params = parseTopologyParams((name) => DASHBOARD_QUERY[name]);
  if (typeof params !== 'string') {
    const topology = topologyReads
      ? await readKeptTopology(topologyReads, db, params)
      : await readTopology(db, params);
    steps.push(`topology (${topology.components.length} cards)`);
  }
  if (summaryReads) {
    // /health's first read: the statuses that left the last hour are rewritten here, and the
    // answer is kept for the first visitor while nothing has been written since.
    await summaryReads.read('list');
    // A read that rewrote statuses keeps nothing (the position it read may predate its own
    // writes): the second one reads afresh and keeps its answer, or finds the first one kept.
    await summaryReads.read('list');
    steps.push('health summary');
  }
  const summary = await catalogSummary(db, parseSummaryRequest(DEFAULT_SUMMARY_BODY));
  steps.push(`catalog summary (${summary.length} groups)`);
  return { ms: Math.round(performance.now() - started), steps };
}
