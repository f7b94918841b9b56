/**
 * The kiosk's refresh loop, framework-free so that it can be tested with fake timers:
 *
 * - refreshes every `intervalMs`, and tells when the next refresh is due (for the countdown);
 * - after a failed refresh, retries with exponential backoff (5 s, 10 s, 20 s… up to the refresh
 *   interval, at least 1 min and at most 5 min, with ±20 % jitter so that a wall of screens does not
 *   reconnect in step); a success returns to the normal interval;
 * - retries at once when the browser comes back `online`;
 * - does not refresh while the page is hidden, and catches up when it shows again.
 */

export type RefreshOutcome = 'ok' | 'failed' | 'unauthorized';

export interface RefreshLoopState {
  /** When the next refresh starts (epoch ms); null while one runs or when stopped. */
  nextAt: number | null;
  isRefreshing: boolean;
  /** Consecutive failed refreshes (0 after a success). */
  failures: number;
  lastOutcome: RefreshOutcome | null;
  /** When the last refresh that succeeded ended. */
  lastSuccessAt: number | null;
}

/** The first retry comes after this long (or the refresh interval, if shorter). */
export const RETRY_BASE_MS = 5_000;
/** Retries never wait longer than this. */
export const RETRY_MAX_MS = 5 * 60_000;

/**
 * How long to wait before retry number `failures` (1 for the first retry). `random` returns a
 * number in [0, 1); 0.5 means no jitter.
 */
export function retryDelayMs(
  failures: number,
  intervalMs: number,
  random: () => number = Math.random,
): number {
  const cap = Math.min(Math.max(intervalMs, 60_000), RETRY_MAX_MS);
  const first = Math.min(RETRY_BASE_MS, intervalMs);
  const delay = Math.min(cap, first * 2 ** Math.max(0, failures - 1));
  return Math.round(delay * (0.8 + 0.4 * random()));
}

type Events = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

export interface RefreshLoopOptions {
  intervalMs: number;
  /** One refresh; a rejection counts as `failed`. */
  run: () => Promise<RefreshOutcome>;
  random?: () => number;
  now?: () => number;
  /** Where `online` is heard (default: window). */
  windowTarget?: Events;
  /** Where `visibilitychange` is heard and visibility read (default: document). */
  documentTarget?: Events & { readonly visibilityState: DocumentVisibilityState };
}

export interface RefreshLoop {
  start(): void;
  stop(): void;
  /** Refresh now (ignored while a refresh runs). */
  refreshNow(): void;
  /**
   * The data failed outside the loop (e.g. the page's first load): start retrying with backoff
   * instead of waiting for the full interval. Ignored when already retrying.
   */
  reportFailure(outcome: Exclude<RefreshOutcome, 'ok'>): void;
  getState(): RefreshLoopState;
  subscribe(listener: () => void): () => void;
}

export function createRefreshLoop({
  intervalMs,
  run,
  random = Math.random,
  now = Date.now,
  windowTarget = typeof window === 'undefined' ? undefined : window,
  documentTarget = typeof document === 'undefined' ? undefined : document,
}: RefreshLoopOptions): RefreshLoop {
  let state: RefreshLoopState = {
    nextAt: null,
    isRefreshing: false,
    failures: 0,
    lastOutcome: null,
    lastSuccessAt: null,
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  /** A refresh fell due while the page was hidden. */
  let missed = false;
  const listeners = new Set<() => void>();

  const set = (patch: Partial<RefreshLoopState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };
  const isHidden = () => documentTarget?.visibilityState === 'hidden';
  const clear = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const schedule = (delay: number) => {
    clear();
    set({ nextAt: now() + delay });
    timer = setTimeout(() => {
      timer = undefined;
      if (isHidden()) {
        missed = true;
        return;
      }
      void refresh();
    }, delay);
  };

  async function refresh() {
    if (!running || state.isRefreshing) return;
    clear();
    missed = false;
    set({ isRefreshing: true, nextAt: null });
    let outcome: RefreshOutcome;
    try {
      outcome = await run();
    } catch {
      outcome = 'failed';
    }
    if (!running) return;
    if (outcome === 'ok') {
      set({ isRefreshing: false, failures: 0, lastOutcome: outcome, lastSuccessAt: now() });
      schedule(intervalMs);
    } else {
      const failures = state.failures + 1;
      set({ isRefreshing: false, failures, lastOutcome: outcome });
      schedule(retryDelayMs(failures, intervalMs, random));
    }
  }

  const onOnline = () => void refresh();
  const onVisibilityChange = () => {
    if (!isHidden() && missed) void refresh();
  };

  return {
    start() {
      if (running) return;
      running = true;
      windowTarget?.addEventListener('online', onOnline);
      documentTarget?.addEventListener('visibilitychange', onVisibilityChange);
      schedule(intervalMs);
    },
    stop() {
      running = false;
      clear();
      windowTarget?.removeEventListener('online', onOnline);
      documentTarget?.removeEventListener('visibilitychange', onVisibilityChange);
      set({ nextAt: null, isRefreshing: false });
    },
    refreshNow() {
      void refresh();
    },
    reportFailure(outcome) {
      if (!running || state.isRefreshing || state.failures > 0) return;
      set({ failures: 1, lastOutcome: outcome });
      schedule(retryDelayMs(1, intervalMs, random));
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
