/**
 * The catalog at the `large` scale in headless Chromium (issue 11 §8): 100,000 config items and
 * 1,000,000 config changes. Starts the real server (`npm start`'s, on the built console in
 * dist/console) on a copy of the seeded PGlite folder, signs in as admin and measures:
 *   - time to first rows (navigation start to the first data row on screen) of /catalog (the
 *     grouped summary, table "Catalog summary"), /catalog?configType=Kubernetes::Pod (the list,
 *     table "Config items"), /catalog/changes (table "Config changes", the last 2 days) and a
 *     config's relationships graph (/catalog/{id}/relationships?view=graph, the first
 *     `[data-graph-node]`; the namespace with the most relationships, a graph of a few hundred
 *     configs);
 *   - filter interactions: a search keystroke on the list to updated rows, total and after the
 *     spec's 400 ms debounce; a change-type include toggle on the changes list to updated rows.
 *     Every run starts on a freshly loaded page (its option lists loaded) and asks for something
 *     new (another pod app name, another change type), so each one is a server round trip.
 * Interactions are timed inside the page (performance.now() at the event, a MutationObserver for
 * the change, then the next animation frame); median and p95 of BENCH_UI_RUNS runs (default 20;
 * page loads at most 10). Targets (issue 11 §8), read at p95: first rows under 1.5 s,
 * interactions under 100 ms after the debounce. A screen that is missing or never shows rows is reported as
 * "not measurable yet". Prints a table and keeps bench/results/catalog-ui.json. Reports figures;
 * never fails on speed.
 *
 * Run: `npx tsx bench/catalog-ui.ts` (npm run bench calls it; build the console first, e.g.
 * `npm run build:console`). The seeded database is cached between runs in .tmp/bench/ (see
 * bench/large-db.ts: seeding the large scale takes several minutes; the cache is rebuilt when a
 * migration or the seed code changes) and copied for the server, so the cache stays as seeded.
 * BENCH_PGLITE_DIR=<folder> measures an already seeded folder instead.
 *
 * Figures (2026-11-24, PGlite, a 2-core machine shared with other jobs, load 2–5; medians / p95;
 * bench/results/catalog-ui.json has the last run):
 *   first rows /catalog (summary)          1976 / 2349 ms   (7455 / 11768 ms before 0020–0021)
 *   first rows /catalog?configType=Pod     1124 / 1241 ms   (3546 /  7476 ms)
 *   first rows /catalog/changes            1316 / 1652 ms   (3640 /  7226 ms)
 *   first node of a namespace's graph      1192 / 1711 ms   (1231 /  2136 ms)
 *   list search, rows after the debounce    602 /  785 ms
 *   changes, change-type toggle to rows     542 /  776 ms
 * On a quieter run against the same data: summary 1542 / 1595, list 1013 / 1051, changes
 * 1295 / 1375, graph 1023 / 1508, change-type toggle 284 / 467 ms. The list and the changes meet
 * the 1.5 s target; the summary and the graph are at it; the interactions miss 100 ms. What is
 * left, from bench/queries.ts: the summary counts the 30-day changes of every config (one pass
 * over 1,000,000 index entries, about 0.5 s on PGlite, 0.8 s on a contended PostgreSQL); the list
 * search is `ilike` over four columns of 100,000 items plus its exact count (about 0.45 s; a
 * trigram index would be the next step); PGlite answers one statement at a time, so a page's
 * option lists queue with its first page. Seeding the large scale: 333 s on PGlite (68 s of it
 * the 935,242 bulk changes), 257 s on PostgreSQL (53 s).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { openPglite } from '../server/src/db/pglite';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
// @ts-expect-error -- plain ES modules shared with the other scripts
import { startServer } from '../scripts/server-process.mjs';
import { seededPgliteDir } from './large-db';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const RUNS = Number(process.env.BENCH_UI_RUNS ?? 20);
const LOADS = Math.min(RUNS, 10);
const SEARCH_DEBOUNCE_MS = 400;
const FIRST_ROWS_TARGET_MS = 1500;
const INTERACTION_TARGET_MS = 100;
/** How long a screen may take to show its first row before it counts as not measurable. */
const WAIT_MS = 30_000;

interface Figure {
  name: string;
  median?: number;
  p95?: number;
  target?: number;
  runs?: number;
  /** Why there is no figure ("not measurable yet: …"). */
  note?: string;
}

function stats(values: number[]): { median: number; p95: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { median: at(0.5), p95: at(0.95) };
}

/** A data row of a table: a row with a link or button, in a table that is not loading. */
function firstRow(label: string): string {
  return `table[aria-label="${label}"]:not([aria-busy="true"]) tbody tr :is(a, button)`;
}

type Action =
  { kind: 'type'; selector: string; text: string } | { kind: 'click'; selector: string };

/**
 * Do `action` in the page and time it until the text of `watch` (a table body) differs from what
 * it was, in a table that is not loading, plus one animation frame. The body is looked up on each
 * mutation, so a table that re-mounts is followed.
 */
async function timeChange(page: Page, watch: string, action: Action): Promise<number> {
  return page.evaluate(
    ({ watch, action }) =>
      new Promise<number>((done, fail) => {
        const element = document.querySelector<HTMLElement>(action.selector);
        const initial = document.querySelector(watch)?.textContent;
        if (initial === undefined || !element) {
          fail(new Error(`no ${watch} or ${action.selector}`));
          return;
        }
        const observer = new MutationObserver(() => {
          const body = document.querySelector(watch);
          if (!body || body.closest('table')?.getAttribute('aria-busy') === 'true') return;
          if (body.textContent === initial) return;
          observer.disconnect();
          requestAnimationFrame(() => done(performance.now() - started));
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        const started = performance.now();
        if (action.kind === 'click') {
          element.click();
        } else {
          const input = element as HTMLInputElement;
          const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
          setter?.call(input, action.text);
          input.dispatchEvent(new Event('input', { bubbles: true }));
        }
        setTimeout(() => {
          observer.disconnect();
          fail(new Error(`no change within 15 s after ${action.kind}`));
        }, 15_000);
      }),
    { watch, action },
  );
}

/** Run `measure`; a screen that is not there (yet) gives a note instead of an exception. */
async function attempt(name: string, measure: () => Promise<Figure[]>): Promise<Figure[]> {
  try {
    return await measure();
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    console.error(`  ${name}: not measurable yet (${reason})`);
    return [{ name, note: `not measurable yet: ${reason}` }];
  }
}

async function firstRows(page: Page, url: string, selector: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < LOADS; i += 1) {
    const started = Date.now();
    await page.goto(url);
    await page.waitForSelector(selector, { timeout: WAIT_MS });
    times.push(Date.now() - started);
  }
  return times;
}

/**
 * The config whose graph the bench opens (the live namespace with the most relationships) and the
 * search terms for the list.
 */
async function graphConfig(
  dataDir: string,
): Promise<{ graph?: { id: string; nodes: number }; terms: string[] }> {
  const db = await openPglite(dataDir);
  try {
    // Search terms for the list: pod app names (each finds its own pods), from the end of the
    // alphabet, so that no result is the first page itself (pods sorted by name).
    const apps = await db.query<{ app: string }>(
      `SELECT DISTINCT labels->>'app' AS app FROM config_items
       WHERE type = 'Kubernetes::Pod' AND deleted_at IS NULL AND labels ? 'app'
       ORDER BY 1 DESC LIMIT ${RUNS}`,
    );
    const terms = apps.rows.map((row) => row.app);
    const result = await db.query<{ id: string }>(
      `SELECT r.config_id AS id FROM config_relationships r JOIN config_items ci ON ci.id = r.config_id
       WHERE ci.type = 'Kubernetes::Namespace' AND ci.deleted_at IS NULL AND r.deleted_at IS NULL
       GROUP BY r.config_id ORDER BY count(*) DESC, r.config_id LIMIT 1`,
    );
    const id = result.rows[0]?.id;
    if (!id) return { terms };
    const nodes = await db.query<{ n: number }>(
      `SELECT count(*)::integer AS n FROM related_configs_recursive($1::uuid, 'all', false, 5)`,
      [id],
    );
    return { graph: { id, nodes: nodes.rows[0]?.n ?? 0 }, terms };
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  const loadStarted = performance.now();
  const cached = await seededPgliteDir('large');
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-catalog-'));
  cpSync(cached, dataDir, { recursive: true });
  const { graph, terms } = await graphConfig(dataDir);
  console.error(
    `  catalog UI: large database ready (copied from ${cached}) in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`,
  );
  const server = await startServer({
    dataDir,
    env: { VIGIL_RUNNER: 'off', VIGIL_SEED: 'none' },
    timeoutMs: 300_000,
  });
  const browser = await chromium.launch(chromiumLaunchOptions);
  const figures: Figure[] = [];
  try {
    if (!server.up) throw new Error('the server did not start');
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email or username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('vigil-admin');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    const load = (name: string, path: string, selector: string) =>
      attempt(name, async () => [
        {
          name,
          ...stats(await firstRows(page, `${server.url}${path}`, selector)),
          target: FIRST_ROWS_TARGET_MS,
          runs: LOADS,
        },
      ]);
    const listPath = '/catalog?configType=Kubernetes::Pod';
    figures.push(
      ...(await load(
        'first rows: /catalog (grouped summary)',
        '/catalog',
        firstRow('Catalog summary'),
      )),
      ...(await load(`first rows: ${listPath} (list)`, listPath, firstRow('Config items'))),
      ...(await load(
        'first rows: /catalog/changes (last 2 days)',
        '/catalog/changes',
        firstRow('Config changes'),
      )),
    );
    const graphName = `first node: a namespace's relationships graph${graph ? ` (${graph.nodes} configs)` : ''}`;
    figures.push(
      ...(graph
        ? await load(
            graphName,
            `/catalog/${graph.id}/relationships?view=graph`,
            '[data-graph-node]',
          )
        : [{ name: graphName, note: 'not measurable yet: no namespace with relationships' }]),
    );

    figures.push(
      ...(await attempt('list search keystroke to rows', async () => {
        const input = 'input[type="search"][placeholder="Search catalog…"]';
        const tbody = 'table[aria-label="Config items"] tbody';
        if (terms.length === 0) throw new Error('no pod app names to search for');
        const times: number[] = [];
        // A fresh page and another app name every run: each search is a server round trip.
        for (let i = 0; i < RUNS; i += 1) {
          await page.goto(`${server.url}${listPath}`);
          await page.waitForSelector(firstRow('Config items'), { timeout: WAIT_MS });
          await page.waitForLoadState('networkidle');
          const text = terms[i % terms.length]!;
          times.push(await timeChange(page, tbody, { kind: 'type', selector: input, text }));
        }
        return [
          {
            name: 'list search: keystroke to rows (with 400 ms debounce)',
            ...stats(times),
            runs: RUNS,
          },
          {
            name: 'list search: rows after the debounce',
            ...stats(times.map((ms) => ms - SEARCH_DEBOUNCE_MS)),
            target: INTERACTION_TARGET_MS,
            runs: RUNS,
          },
        ];
      })),
    );

    figures.push(
      ...(await attempt('changes: change-type toggle to rows', async () => {
        const tbody = 'table[aria-label="Config changes"] tbody';
        const open = async (): Promise<string[]> => {
          await page.goto(`${server.url}/catalog/changes`);
          await page.waitForSelector(firstRow('Config changes'), { timeout: WAIT_MS });
          await page.waitForLoadState('networkidle');
          await page.getByRole('button', { name: /^Change type/ }).click();
          const toggles = page.locator('[aria-label^="Include "]');
          await toggles.first().waitFor({ timeout: WAIT_MS });
          return toggles.evaluateAll((nodes) =>
            nodes.map((node) => node.getAttribute('aria-label') ?? ''),
          );
        };
        const times: number[] = [];
        // A fresh page and another change type every run (never a cached answer).
        for (let i = 0; i < RUNS; i += 1) {
          const labels = await open();
          const label = labels[i % labels.length];
          if (!label) throw new Error('no change types to toggle');
          times.push(
            await timeChange(page, tbody, {
              kind: 'click',
              selector: `[aria-label="${label.replace(/"/g, '\\"')}"]`,
            }),
          );
        }
        return [
          {
            name: 'changes: change-type toggle to rows',
            ...stats(times),
            target: INTERACTION_TARGET_MS,
            runs: times.length,
          },
        ];
      })),
    );
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const width = Math.max(...figures.map((figure) => figure.name.length));
  console.log(`${'catalog, large scale'.padEnd(width)}  median     p95        target`);
  for (const figure of figures) {
    if (figure.median === undefined || figure.p95 === undefined) {
      console.log(`${figure.name.padEnd(width)}  ${figure.note ?? 'not measurable yet'}`);
      continue;
    }
    const target =
      figure.target === undefined
        ? ''
        : `p95 ≤ ${figure.target} ms: ${figure.p95 <= figure.target ? 'met' : 'MISSED'}`;
    console.log(
      `${figure.name.padEnd(width)}  ${figure.median.toFixed(0).padStart(6)} ms  ${figure.p95.toFixed(0).padStart(6)} ms  ${target}`.trimEnd(),
    );
  }
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(
    join(root, 'bench', 'results', 'catalog-ui.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), scale: 'large', database: process.env.BENCH_PGLITE_DIR ? 'BENCH_PGLITE_DIR' : 'cached seed', runs: RUNS, figures }, null, 2)}\n`,
  );
}

await main();
