/**
 * What the browser benches share (bench/catalog-ui.ts, bench/topology-ui.ts, bench/health-ui.ts):
 * signing in, first-content timing over page loads, timing an interaction inside the page until
 * what it changes is on screen, median and p95, a figure table with targets, and the results file.
 * Benchmarks report figures; they never fail on speed.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** How long a screen may take to show its first content before it counts as not measurable. */
export const WAIT_MS = 30_000;

export interface Figure {
  name: string;
  median?: number;
  p95?: number;
  /** Read at p95. */
  target?: number;
  runs?: number;
  /** Every run in the order measured (ms, rounded), so a slow first run is visible. */
  samples?: number[];
  /** Why there is no figure ("not measurable yet: …"). */
  note?: string;
}

export function stats(values: number[]): { median: number; p95: number; samples: number[] } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { median: at(0.5), p95: at(0.95), samples: values.map((value) => Math.round(value)) };
}

/**
 * Sign in through the login form as `user` (the seeds' accounts; admin by default), and wait
 * until the page it lands on has finished its requests, so that they do not compete with the
 * first figure measured next.
 */
export async function signIn(page: Page, baseUrl: string, user = 'admin'): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email or username').fill(user);
  await page.getByLabel('Password', { exact: true }).fill(`vigil-${user}`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.waitForLoadState('networkidle');
}

/** Load `url` `runs` times; each time from navigation start to `selector` on screen (ms). */
export async function firstContent(
  page: Page,
  url: string,
  selector: string,
  runs: number,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = Date.now();
    await page.goto(url);
    await page.waitForSelector(selector, { timeout: WAIT_MS });
    times.push(Date.now() - started);
  }
  return times;
}

export type Action =
  | { kind: 'type'; selector: string; text: string }
  | { kind: 'click'; selector: string }
  | { kind: 'select'; selector: string; value: string }
  /** A pointer press: pointer down, held `holdMs`, then released (the click). */
  | { kind: 'press'; selector: string; holdMs: number }
  /** A select opened (pointer down and focus), then a choice picked `pickMs` later. */
  | { kind: 'pick'; selector: string; value: string; pickMs: number };

/**
 * Do `action` in the page and time it until the text of `watch` differs from what it was (looked
 * up on each mutation, so a re-mounted element is followed), with no `[aria-busy="true"]` on it
 * or its ancestors, plus one animation frame. For `press` and `pick` the clock starts at the
 * release (the click) and at the pick (the change event): what comes before is the user's own
 * time, during which the page may read ahead.
 */
export async function timeChange(page: Page, watch: string, action: Action): Promise<number> {
  return page.evaluate(
    ({ watch, action }) =>
      new Promise<number>((done, fail) => {
        // tsx keeps function names with a helper that does not exist in the page.
        (globalThis as { __name?: (fn: unknown) => unknown }).__name ??= (fn) => fn;
        const element = document.querySelector<HTMLElement>(action.selector);
        if (document.querySelector(watch) === null || !element) {
          fail(new Error(`no ${watch} or ${action.selector}`));
          return;
        }
        const pointer = (type: string) =>
          element.dispatchEvent(
            new PointerEvent(type, {
              bubbles: true,
              cancelable: true,
              pointerType: 'mouse',
              isPrimary: true,
            }),
          );
        const act = () => {
          const initial = document.querySelector(watch)?.textContent;
          const observer = new MutationObserver(() => {
            const now = document.querySelector(watch);
            if (!now || now.closest('[aria-busy="true"]')) return;
            if (now.textContent === initial) return;
            observer.disconnect();
            requestAnimationFrame(() => done(performance.now() - started));
          });
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
          const started = performance.now();
          if (action.kind === 'click') {
            element.click();
          } else if (action.kind === 'press') {
            pointer('pointerup');
            element.click();
          } else if (action.kind === 'select' || action.kind === 'pick') {
            const select = element as HTMLSelectElement;
            select.value = action.value;
            select.dispatchEvent(new Event('change', { bubbles: true }));
          } else {
            const input = element as HTMLInputElement;
            const setter = Object.getOwnPropertyDescriptor(
              HTMLInputElement.prototype,
              'value',
            )?.set;
            setter?.call(input, action.text);
            input.dispatchEvent(new Event('input', { bubbles: true }));
          }
          setTimeout(() => {
            observer.disconnect();
            fail(new Error(`no change within 15 s after ${action.kind}`));
          }, 15_000);
        };
        if (action.kind === 'press') {
          pointer('pointerdown');
          setTimeout(act, action.holdMs);
        } else if (action.kind === 'pick') {
          pointer('pointerdown');
          element.focus();
          setTimeout(act, action.pickMs);
        } else {
          act();
        }
      }),
    { watch, action },
  );
}

/** Run `measure`; a screen that is not there (yet) gives a note instead of an exception. */
export async function attempt(name: string, measure: () => Promise<Figure[]>): Promise<Figure[]> {
  try {
    return await measure();
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    console.error(`  ${name}: not measurable yet (${reason})`);
    return [{ name, note: `not measurable yet: ${reason}` }];
  }
}

/** BENCH_ONLY=<words, comma-separated>: only the figures whose name contains one of them. */
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((word) => word.trim().toLowerCase())
  .filter(Boolean);

/** {@link attempt}, skipped when BENCH_ONLY names none of the figure's words. */
export function measure(name: string, run: () => Promise<Figure[]>): Promise<Figure[]> {
  if (ONLY.length > 0 && !ONLY.some((word) => name.toLowerCase().includes(word))) {
    return Promise.resolve([]);
  }
  return attempt(name, run);
}

/** Print the figures as a table: median, p95 and whether p95 meets its target. */
export function printFigures(title: string, figures: readonly Figure[]): void {
  const width = Math.max(title.length, ...figures.map((figure) => figure.name.length));
  console.log(`${title.padEnd(width)}  median     p95        target`);
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
}

/** Keep the figures in bench/results/<name>.json with when and how they were measured. */
export function writeResults(name: string, details: Record<string, unknown>): void {
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  const file = join(root, 'bench', 'results', `${name}.json`);
  const measuredAt = new Date().toISOString();
  let figures = details.figures;
  // A run narrowed by BENCH_ONLY replaces its own figures and keeps the others of the last run,
  // each with the date it was measured.
  if (ONLY.length > 0 && Array.isArray(figures) && existsSync(file)) {
    const previous = (JSON.parse(readFileSync(file, 'utf8')) as { figures?: unknown }).figures;
    const fresh = new Map(
      (figures as { name: string }[]).map((figure) => [figure.name, { ...figure, measuredAt }]),
    );
    const kept = Array.isArray(previous)
      ? (previous as { name: string }[]).map((figure) => fresh.get(figure.name) ?? figure)
      : [];
    const keptNames = new Set(kept.map((figure) => figure.name));
    figures = [...kept, ...[...fresh.values()].filter((figure) => !keptNames.has(figure.name))];
  }
  writeFileSync(
    file,
    `${JSON.stringify({ measuredAt, ...details, ...(figures === undefined ? {} : { figures }) }, null, 2)}\n`,
  );
}
