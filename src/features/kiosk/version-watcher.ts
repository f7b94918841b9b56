/**
 * Reload a kiosk when a new version is deployed. Two cheap sources are polled:
 *
 * - the backend version (`GET {apiBase}/canary/about` → `Version`, api.md §3.4), which changes
 *   when the server is upgraded;
 * - the console's build id: the hashed script and stylesheet names in `index.html` (served with
 *   `Cache-Control: no-cache`, so a poll is a revalidation), which change with every console build.
 *
 * The first value read from a source is its baseline. A different value must be read twice in a
 * row before the page reloads, so that a half-finished rollout (or two versions behind a load
 * balancer for a moment) does not reload the screen in a loop. A source that fails is skipped.
 */
import { useEffect } from 'react';
import type { ApiClient } from '../../api/client';
import { getAbout } from '../../api/session';

export interface VersionSource {
  name: string;
  /** The current value; undefined when it cannot be read now. */
  read: () => Promise<string | undefined>;
}

export interface VersionWatcherOptions {
  sources: readonly VersionSource[];
  intervalMs: number;
  /** Reloads the page (tests inject their own). */
  reload: () => void;
  /** A changed value must be seen this many times in a row (default 2). */
  confirmations?: number;
  /** Delay of the confirming read (default: 10 s or the interval, if shorter). */
  confirmDelayMs?: number;
}

export interface VersionWatcher {
  start(): void;
  stop(): void;
}

export function createVersionWatcher({
  sources,
  intervalMs,
  reload,
  confirmations = 2,
  confirmDelayMs = Math.min(10_000, intervalMs),
}: VersionWatcherOptions): VersionWatcher {
  const baselines = new Map<string, string>();
  const candidates = new Map<string, { value: string; seen: number }>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let reloaded = false;

  async function poll() {
    timer = undefined;
    let pending = false;
    for (const source of sources) {
      let value: string | undefined;
      try {
        value = await source.read();
      } catch {
        value = undefined;
      }
      if (!running) return;
      if (value === undefined || value === '') continue;
      const baseline = baselines.get(source.name);
      if (baseline === undefined) {
        baselines.set(source.name, value);
        continue;
      }
      if (value === baseline) {
        candidates.delete(source.name);
        continue;
      }
      const candidate = candidates.get(source.name);
      const seen = candidate?.value === value ? candidate.seen + 1 : 1;
      candidates.set(source.name, { value, seen });
      if (seen >= confirmations) {
        reloaded = true;
        running = false;
        reload();
        return;
      }
      pending = true;
    }
    if (running) timer = setTimeout(() => void poll(), pending ? confirmDelayMs : intervalMs);
  }

  return {
    start() {
      if (running || reloaded) return;
      running = true;
      void poll();
    },
    stop() {
      running = false;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}

/**
 * The build id of an index.html: its script `src` and link `href` values (Vite names them after
 * their content hash). Undefined when the page references none (not the console's index.html).
 */
export function extractBuildId(html: string): string | undefined {
  const refs: string[] = [];
  const pattern = /<(script|link)\b[^>]*?\s(src|href)\s*=\s*["']([^"']+)["']/gi;
  for (const match of html.matchAll(pattern)) {
    if (match[3]) refs.push(match[3]);
  }
  return refs.length > 0 ? refs.sort().join(' ') : undefined;
}

/** The backend version source. */
export function backendVersionSource(client: ApiClient): VersionSource {
  return {
    name: 'backend',
    read: async () => (await getAbout(client))?.Version || undefined,
  };
}

/** The console build source: `index.html` read through a client based at the console's base path. */
export function consoleBuildSource(staticClient: ApiClient): VersionSource {
  return {
    name: 'console',
    read: async () => {
      const html = await staticClient.get<unknown>('/index.html', {
        headers: { Accept: 'text/html' },
        timeoutMs: 10_000,
      });
      return typeof html === 'string' ? extractBuildId(html) : undefined;
    },
  };
}

function reloadPage() {
  window.location.reload();
}

/**
 * Poll `sources` every `intervalMs` (null: never) and call `reload` on a new version. Pass a
 * memoised `sources` array: a new one starts over with new baselines.
 */
export function useVersionReload(
  intervalMs: number | null,
  sources: readonly VersionSource[],
  reload: () => void = reloadPage,
): void {
  useEffect(() => {
    if (intervalMs === null || sources.length === 0) return;
    const watcher = createVersionWatcher({ sources, intervalMs, reload });
    watcher.start();
    return () => watcher.stop();
  }, [intervalMs, sources, reload]);
}
