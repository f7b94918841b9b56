/**
 * The auto-refresh choice of one page, kept in localStorage under a key the page chooses
 * (spec doc 1 §4: stored locally). Every component using the same key sees the same choice —
 * the selector in the toolbar and the page that polls — and other tabs' changes arrive through
 * the `storage` event. Without usable storage (privacy modes) the choice lives in memory.
 */
import { useCallback, useSyncExternalStore } from 'react';
import {
  DEFAULT_REFRESH_OPTION,
  effectiveRefreshOption,
  isRefreshOption,
  refreshIntervalMs,
  type RefreshOption,
} from './refresh-options';

const listeners = new Set<() => void>();
const memory = new Map<string, string>();

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}

function write(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    memory.set(key, value);
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The stored option under `storageKey`; a missing or unknown value reads as `fallback`. */
export function readRefreshOption(
  storageKey: string,
  fallback: RefreshOption = DEFAULT_REFRESH_OPTION,
): RefreshOption {
  const stored = read(storageKey);
  return isRefreshOption(stored) ? stored : fallback;
}

export interface RefreshIntervalState {
  /** What the user chose (stored). */
  option: RefreshOption;
  /** What applies for the current range (see `effectiveRefreshOption`). */
  effectiveOption: RefreshOption;
  /** The effective interval in ms, `null` when off: pass it to `useAutoRefresh`. */
  intervalMs: number | null;
  setOption: (option: RefreshOption) => void;
}

/**
 * The page's refresh choice stored under `storageKey` (e.g. `vigil-health-refresh`), with the
 * interval that applies to a range of `rangeMs`.
 */
export function useRefreshInterval(
  storageKey: string,
  rangeMs?: number,
  fallback: RefreshOption = DEFAULT_REFRESH_OPTION,
): RefreshIntervalState {
  const option = useSyncExternalStore(
    subscribe,
    () => readRefreshOption(storageKey, fallback),
    () => fallback,
  );
  const setOption = useCallback((next: RefreshOption) => write(storageKey, next), [storageKey]);
  const effectiveOption = effectiveRefreshOption(option, rangeMs);
  return {
    option,
    effectiveOption,
    intervalMs: refreshIntervalMs(effectiveOption),
    setOption,
  };
}
