/**
 * The log table's column widths (spec doc 2 §2): kept in localStorage under
 * `logsTableColumnSizes` as `{"column id": px}`, saved 500 ms after the last change so a drag
 * writes once. Unreadable or tampered storage reads as no stored widths.
 */
import { useEffect, useRef, useState } from 'react';

export const LOG_COLUMN_SIZES_STORAGE_KEY = 'logsTableColumnSizes';
export const LOG_COLUMN_SIZES_SAVE_DELAY_MS = 500;
const MIN_WIDTH = 32;
const MAX_WIDTH = 4000;

export type ColumnSizes = Record<string, number>;

/** The stored widths of the known columns; anything else is dropped. */
export function parseColumnSizes(raw: string | null, known: readonly string[]): ColumnSizes {
  if (!raw) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return {};
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const sizes: ColumnSizes = {};
  for (const id of known) {
    const width = (value as Record<string, unknown>)[id];
    if (typeof width === 'number' && Number.isFinite(width)) {
      sizes[id] = Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width)));
    }
  }
  return sizes;
}

function readStorage(): string | null {
  try {
    return localStorage.getItem(LOG_COLUMN_SIZES_STORAGE_KEY);
  } catch {
    return null;
  }
}

function writeStorage(sizes: ColumnSizes) {
  try {
    localStorage.setItem(LOG_COLUMN_SIZES_STORAGE_KEY, JSON.stringify(sizes));
  } catch {
    // Storage full or blocked: the widths last for this page only.
  }
}

export function useLogColumnSizes(
  known: readonly string[],
): [ColumnSizes, (sizes: ColumnSizes) => void] {
  const [sizes, setSizes] = useState<ColumnSizes>(() => parseColumnSizes(readStorage(), known));
  /** Widths changed but not yet written. */
  const pending = useRef<ColumnSizes | null>(null);
  useEffect(() => {
    if (!pending.current) return;
    const timer = setTimeout(() => {
      if (pending.current) writeStorage(pending.current);
      pending.current = null;
    }, LOG_COLUMN_SIZES_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [sizes]);
  // Leaving the page within the delay still saves the last widths.
  useEffect(
    () => () => {
      if (pending.current) writeStorage(pending.current);
      pending.current = null;
    },
    [],
  );
  return [
    sizes,
    (next) => {
      pending.current = next;
      setSizes(next);
    },
  ];
}
