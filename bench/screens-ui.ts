/**
 * Every console screen at the `large` scale in headless Chromium (issue 18 §2: first content under
 * 1 s, interactions under 100 ms p95). Starts the real server (`npm start`'s, on the built console
 * in dist/console) on a copy of the cached seeded PGlite folder (bench/large-db.ts), signs in as
 * admin and, for each screen:
 *   - first content: from navigation start until the page's main region shows content (some
 *     text, and a table row, a list item, a card, a graph node, a form or an empty state) with no
 *     loading indicator left in it (`aria-busy="true"`, a spinner, a skeleton). Each load is a
 *     full navigation (the console's files from the browser's cache, the data from the server);
 *   - an interaction where the screen has the shared data table: a click on its first sortable
 *     column header other than the current sort whose first click changes the rows, timed inside
 *     the page until the rows' text changes (bench/ui-bench.ts timeChange). Sorting is a server
 *     round trip (server paging), so this is the table's slowest everyday interaction. Timed
 *     twice per run: on the loaded page (its requests done: Playwright's network idle, 500 ms
 *     without one), the interaction's own latency, read against the target; and at once when
 *     the content first shows, while the browser still paints the page it just drew (an early
 *     click: reported, no target).
 * Median and p95 of BENCH_UI_RUNS runs (default 5). The screens with their own, deeper benches
 * (catalog, health, incidents, topology) are also here, measured the same way as the others.
 * A screen that never settles is reported as not measurable, with the reason. Never fails on
 * speed; prints a table and keeps bench/results/screens-ui.json.
 *
 * Run: `npx tsx bench/screens-ui.ts` (npm run bench calls it; build the console first).
 * BENCH_ONLY=<words> measures only the screens whose name has one of the comma-separated words
 * (and keeps no results). BENCH_PGLITE_DIR=<folder> uses an already seeded folder;
 * BENCH_DATABASE_URL=<url> an already seeded PostgreSQL (keeps
 * bench/results/screens-ui-postgres.json).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { startServer } from '../scripts/server-process.mjs';
import { seededPgliteDir } from './large-db';
import {
  measure,
  printFigures,
  signIn,
  stats,
  timeChange,
  WAIT_MS,
  writeResults,
  type Figure,
} from './ui-bench';

const RUNS = Number(process.env.BENCH_UI_RUNS ?? 5);
/** BENCH_ONLY=canaries,jobs: only the screens whose name has one of the words (results not kept). */
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((word) => word.trim().toLowerCase())
  .filter(Boolean);
const FIRST_CONTENT_MS = 1000;
const INTERACTION_MS = 100;

/** Every screen of the console's navigation, with the path it opens at. */
const SCREENS: readonly { name: string; path: string }[] = [
  { name: 'Dashboard', path: '/topology' },
  { name: 'Health', path: '/health' },
  { name: 'Incidents', path: '/incidents' },
  { name: 'Catalog', path: '/catalog' },
  { name: 'Catalog changes', path: '/catalog/changes' },
  { name: 'Catalog insights', path: '/catalog/insights' },
  { name: 'Logs', path: '/logs' },
  { name: 'Playbooks', path: '/playbooks' },
  { name: 'Playbook runs', path: '/playbooks/runs' },
  { name: 'Notifications', path: '/notifications' },
  { name: 'Agents', path: '/agents' },
  { name: 'Profile', path: '/profile-settings' },
  { name: 'Settings: connections', path: '/settings/connections' },
  { name: 'Settings: embed tokens', path: '/settings/embed-tokens' },
  { name: 'Settings: event queue', path: '/settings/event-queue-status' },
  { name: 'Settings: feature flags', path: '/settings/feature-flags' },
  { name: 'Settings: canaries', path: '/settings/canaries' },
  { name: 'Settings: integrations', path: '/settings/integrations' },
  { name: 'Settings: jobs', path: '/settings/jobs' },
  { name: 'Settings: log backends', path: '/settings/log-backends' },
  { name: 'Settings: rules', path: '/settings/incident_rules' },
  { name: 'Settings: teams', path: '/settings/teams' },
  { name: 'Settings: topologies', path: '/settings/topologies' },
  { name: 'Settings: users', path: '/settings/users' },
  { name: 'Settings: scrapers', path: '/settings/config_scrapers' },
  { name: 'Settings: notifications', path: '/settings/notifications' },
  { name: 'Settings: properties', path: '/settings/properties' },
];

/**
 * Navigate to `url` and resolve with the ms from navigation start until the main region shows
 * settled content.
 */
async function loadUntilContent(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  // The page's own clock (0 at navigation start) when the content first showed.
  const settled = await page.waitForFunction(
    () => {
      const main = document.querySelector('main');
      if (!main) return false;
      if (main.querySelector('[aria-busy="true"], .animate-spin, .animate-pulse')) return false;
      const text = (main.textContent ?? '').trim();
      if (text.length < 20) return false;
      const shown =
        main.querySelector(
          'tbody tr, [role="row"], li, article, [data-graph-node], form, svg, canvas, h2, h3',
        ) !== null;
      return shown ? performance.now() : false;
    },
    undefined,
    { timeout: WAIT_MS, polling: 'raf' },
  );
  return (await settled.jsonValue()) as number;
}

/**
 * The sortable headers of the main region's data table that are not the current sort (a first
 * click sorts by them) and whose column does not hold one value in every shown row, as selectors.
 */
async function sortCandidates(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const table = document.querySelector('main table:not([aria-busy="true"])');
    if (table === null) return [];
    const headers = [...table.querySelectorAll(':scope > thead > tr:last-child > th')];
    const rows = [...table.querySelectorAll(':scope > tbody > tr')].filter(
      (row) => row.children.length === headers.length,
    );
    return headers.flatMap((header, index) => {
      if (header.hasAttribute('aria-sort') || header.querySelector('button') === null) return [];
      const values = new Set(rows.map((row) => row.children[index]?.textContent ?? ''));
      return values.size > 1
        ? [
            `main table:not([aria-busy="true"]) > thead > tr:last-child > th:nth-child(${index + 1}) button`,
          ]
        : [];
    });
  });
}

/**
 * The first candidate whose click changes the rows (a column whose order is the current one's
 * leaves them as they are), tried once untimed on a fresh load; null if none does.
 */
async function sortButton(page: Page, url: string): Promise<string | null> {
  for (const selector of await sortCandidates(page)) {
    await loadUntilContent(page, url);
    const before = await page.locator(ROWS).innerText();
    await page.locator(selector).click();
    await page.waitForLoadState('networkidle');
    await page.locator('main table[aria-busy="true"]').waitFor({ state: 'detached' });
    if ((await page.locator(ROWS).innerText()) !== before) return selector;
  }
  return null;
}

const FIRST_ROW = 'main table tbody tr';
/** A sortable header of the main region's data table other than the current sort. */
const SORTABLE = 'main table:not([aria-busy="true"]) thead th:not([aria-sort]) button';
/** The rows' text: a new order changes it. */
const ROWS = 'main table tbody';

async function screenFigures(
  page: Page,
  base: string,
  screen: { name: string; path: string },
): Promise<Figure[]> {
  const loads: number[] = [];
  for (let i = 0; i < RUNS; i += 1) loads.push(await loadUntilContent(page, base + screen.path));
  const load = stats(loads);
  const figures: Figure[] = [
    {
      name: `${screen.name}: first content`,
      median: load.median,
      p95: load.p95,
      target: FIRST_CONTENT_MS,
      samples: load.samples,
    },
  ];
  // No rows to reorder, or no sortable column (a table sorted on the client, or not at all).
  if ((await page.$$(FIRST_ROW)).length < 2 || (await page.$(SORTABLE)) === null) return figures;
  const sortBy = await sortButton(page, base + screen.path);
  if (sortBy === null) {
    figures.push({
      name: `${screen.name}: sort to rows`,
      note: 'not measurable: no column whose sort changes the order of the shown rows',
    });
    return figures;
  }
  const clicks: number[] = [];
  const early: number[] = [];
  try {
    for (let i = 0; i < RUNS; i += 1) {
      await loadUntilContent(page, base + screen.path);
      early.push(await timeChange(page, ROWS, { kind: 'click', selector: sortBy }));
      await loadUntilContent(page, base + screen.path);
      await page.waitForLoadState('networkidle');
      clicks.push(await timeChange(page, ROWS, { kind: 'click', selector: sortBy }));
    }
  } catch (error: unknown) {
    // The rows did not change (rows equal in that column, or the sort failed): said, not timed.
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    figures.push({ name: `${screen.name}: sort to rows`, note: `not measurable: ${reason}` });
    return figures;
  }
  const click = stats(clicks);
  const earlyClick = stats(early);
  figures.push(
    {
      name: `${screen.name}: sort to rows`,
      median: click.median,
      p95: click.p95,
      target: INTERACTION_MS,
      samples: click.samples,
    },
    {
      name: `${screen.name}: sort at first content`,
      median: earlyClick.median,
      p95: earlyClick.p95,
      samples: earlyClick.samples,
    },
  );
  return figures;
}

async function main(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL;
  let dataDir: string | undefined;
  let env: Record<string, string> = {};
  if (url) {
    env = { DATABASE_URL: url };
  } else {
    const cached = await seededPgliteDir('large');
    dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-screens-'));
    cpSync(cached, dataDir, { recursive: true });
  }
  const label = url ? 'PostgreSQL' : 'PGlite';
  console.error(`  screens: starting the server on the large scale (${label})…`);
  const server = await startServer({
    ...(dataDir ? { dataDir } : {}),
    env: { ...env, VIGIL_SEED: 'none', VIGIL_SKIP_BUILD: 'true' },
    timeoutMs: 600_000,
  });
  const browser = await chromium.launch(chromiumLaunchOptions);
  const figures: Figure[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url);
    for (const screen of SCREENS) {
      const name = screen.name.toLowerCase();
      if (ONLY.length > 0 && !ONLY.some((word) => name.includes(word))) continue;
      figures.push(...(await measure(screen.name, () => screenFigures(page, server.url, screen))));
    }
  } finally {
    await browser.close();
    await server.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  printFigures(`Every screen, large scale (${label})`, figures);
  const met = figures.filter(
    (figure) =>
      figure.p95 !== undefined && figure.target !== undefined && figure.p95 <= figure.target,
  ).length;
  const measured = figures.filter(
    (figure) => figure.p95 !== undefined && figure.target !== undefined,
  ).length;
  const notMeasurable = figures.filter((figure) => figure.note !== undefined).length;
  console.log(`  ${met} of ${measured} targets met; ${notMeasurable} not measurable.`);
  if (ONLY.length === 0) {
    writeResults(url ? 'screens-ui-postgres' : 'screens-ui', { runs: RUNS, figures });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
