/**
 * The sliding window of per-config change counts kept by migration 0022
 * (`config_change_window`, `config_change_window_counts`): writes to config_changes keep the
 * counts exact through statement triggers; {@link advanceChangeWindow} moves the window with the
 * clock. The grouped summary reads a window from here instead of counting every change of the
 * last 30 days (server/src/catalog/summary.ts).
 */
import type { Queryable } from '../db/types';

/** How far a reader's window may start from the kept one and still be answered from it. */
export const CHANGE_WINDOW_TOLERANCE_MS = 24 * 60 * 60 * 1000;
/** How often the server advances the window. */
export const CHANGE_WINDOW_ADVANCE_MS = 60 * 1000;

export interface ChangeWindow {
  start: Date;
  spanMs: number;
}

/** The kept window, or undefined where the table has no row (a database before 0022's data). */
export async function readChangeWindow(db: Queryable): Promise<ChangeWindow | undefined> {
  const result = await db.query<{ window_start: Date; span_seconds: string | number }>(
    'SELECT window_start, extract(epoch FROM span) AS span_seconds FROM config_change_window',
  );
  const row = result.rows[0];
  if (!row) return undefined;
  return { start: new Date(row.window_start), spanMs: Number(row.span_seconds) * 1000 };
}

/**
 * Whether a count of the changes since `sinceMs` ago is answered from the kept window: its start
 * is within {@link CHANGE_WINDOW_TOLERANCE_MS} of the window's, so the correction (the changes
 * between the two starts) is a short range of the created_at index.
 */
export function windowServes(
  window: ChangeWindow | undefined,
  sinceMs: number,
  now = Date.now(),
): boolean {
  if (!window) return false;
  return Math.abs(now - sinceMs - window.start.getTime()) <= CHANGE_WINDOW_TOLERANCE_MS;
}

/** Move the window to now() - span (subtracting the changes that left it); its new start. */
export async function advanceChangeWindow(db: Queryable): Promise<Date | undefined> {
  const result = await db.query<{ start: Date | null }>(
    'SELECT config_change_window_advance() AS start',
  );
  const start = result.rows[0]?.start;
  return start ? new Date(start) : undefined;
}

/** Advance the window now and every {@link CHANGE_WINDOW_ADVANCE_MS}; returns the stopper. */
export function startChangeWindowTimer(
  db: Queryable,
  everyMs: number = CHANGE_WINDOW_ADVANCE_MS,
): () => void {
  const tick = (): void => {
    advanceChangeWindow(db).catch((error: unknown) =>
      console.error('change window advance failed:', error),
    );
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
