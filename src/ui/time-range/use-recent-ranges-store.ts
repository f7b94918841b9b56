/**
 * Recently used absolute ranges (spec doc 1 §2, doc 3 §9: 5 entries), shared by every picker on
 * the page and kept in localStorage under `vigil-time-range-recent` as UTC instants. Displaying
 * them in a zone is the picker's job. Unreadable or tampered storage reads as an empty list.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { absoluteRange, type AbsoluteTimeRange } from './time-range-value';

export const RECENT_RANGES_STORAGE_KEY = 'vigil-time-range-recent';

/** How many recent absolute ranges are kept (spec: 5). */
export const MAX_RECENT_RANGES = 5;

/** A stored range: two ISO 8601 UTC instants. */
export interface RecentRange {
  from: string;
  to: string;
}

function normalise(range: unknown): RecentRange | undefined {
  if (!range || typeof range !== 'object') return undefined;
  const { from, to } = range as Record<string, unknown>;
  if (typeof from !== 'string' || typeof to !== 'string') return undefined;
  const value = absoluteRange(from, to);
  return value ? { from: value.from, to: value.to } : undefined;
}

/**
 * The list after using `range`: it moves to the front (once, whatever its spelling of the same
 * instants) and the list keeps the `MAX_RECENT_RANGES` most recent.
 */
export function addRecentRange(
  list: readonly RecentRange[],
  range: RecentRange | AbsoluteTimeRange,
): RecentRange[] {
  const entry = normalise(range);
  if (!entry) return [...list];
  const rest = list.filter((item) => item.from !== entry.from || item.to !== entry.to);
  return [entry, ...rest].slice(0, MAX_RECENT_RANGES);
}

/** Valid, de-duplicated, capped entries from whatever storage held. */
export function sanitiseRecentRanges(stored: unknown): RecentRange[] {
  if (!Array.isArray(stored)) return [];
  let list: RecentRange[] = [];
  // Oldest first, so the newest ends up in front.
  for (const item of [...stored].reverse()) {
    const entry = normalise(item);
    if (entry) list = addRecentRange(list, entry);
  }
  return list;
}

interface RecentRangesState {
  ranges: RecentRange[];
  add(range: RecentRange | AbsoluteTimeRange): void;
  clear(): void;
}

export const useRecentRangesStore = create<RecentRangesState>()(
  persist(
    (set) => ({
      ranges: [],
      add: (range) => set((state) => ({ ranges: addRecentRange(state.ranges, range) })),
      clear: () => set({ ranges: [] }),
    }),
    {
      name: RECENT_RANGES_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ ranges: state.ranges }),
      merge: (persisted, current) => ({
        ...current,
        ranges: sanitiseRecentRanges((persisted as { ranges?: unknown } | undefined)?.ranges),
      }),
    },
  ),
);

// Another tab used a range: show it here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === RECENT_RANGES_STORAGE_KEY) void useRecentRangesStore.persist.rehydrate();
  });
}
