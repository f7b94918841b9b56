import { beforeEach, describe, expect, it } from 'vitest';
import { absoluteRange } from './time-range-value';
import {
  MAX_RECENT_RANGES,
  RECENT_RANGES_STORAGE_KEY,
  addRecentRange,
  sanitiseRecentRanges,
  useRecentRangesStore,
  type RecentRange,
} from './use-recent-ranges-store';

const day = (n: number): RecentRange => ({
  from: new Date(Date.UTC(2024, 0, n)).toISOString(),
  to: new Date(Date.UTC(2024, 0, n + 1)).toISOString(),
});

describe('recent absolute ranges', () => {
  beforeEach(() => {
    localStorage.clear();
    useRecentRangesStore.getState().clear();
  });

  it('keeps the 5 most recent, newest first', () => {
    let list: RecentRange[] = [];
    for (let n = 1; n <= 7; n += 1) list = addRecentRange(list, day(n));
    expect(MAX_RECENT_RANGES).toBe(5);
    expect(list).toEqual([day(7), day(6), day(5), day(4), day(3)]);
  });

  it('moves a range used again to the front instead of repeating it', () => {
    let list = [day(3), day(2), day(1)];
    list = addRecentRange(list, day(1));
    expect(list).toEqual([day(1), day(3), day(2)]);
    // The same instants written differently are the same range.
    list = addRecentRange(list, { from: '2024-01-03T01:00:00+01:00', to: '1704326400000' });
    expect(list).toEqual([day(3), day(1), day(2)]);
  });

  it('ignores invalid ranges', () => {
    expect(addRecentRange([day(1)], { from: 'nope', to: day(1).to })).toEqual([day(1)]);
    expect(addRecentRange([day(1)], { from: day(1).to, to: day(1).from })).toEqual([day(1)]);
  });

  it('reads tampered storage as valid entries only', () => {
    expect(sanitiseRecentRanges('x')).toEqual([]);
    expect(
      sanitiseRecentRanges([
        day(2),
        { from: 1 },
        null,
        day(2),
        day(1),
        ...[3, 4, 5, 6, 7].map(day),
      ]),
    ).toEqual([day(2), day(1), day(3), day(4), day(5)]);
  });

  it('stores UTC instants in localStorage and reloads them', async () => {
    const value = absoluteRange('2024-05-01T10:00:00+02:00', '2024-05-01T12:00:00+02:00')!;
    useRecentRangesStore.getState().add(value);
    const stored = JSON.parse(localStorage.getItem(RECENT_RANGES_STORAGE_KEY) ?? 'null') as {
      state: { ranges: RecentRange[] };
    };
    expect(stored.state.ranges).toEqual([
      { from: '2024-05-01T08:00:00.000Z', to: '2024-05-01T10:00:00.000Z' },
    ]);

    localStorage.setItem(
      RECENT_RANGES_STORAGE_KEY,
      JSON.stringify({ state: { ranges: [day(9), 'junk'] }, version: 1 }),
    );
    await useRecentRangesStore.persist.rehydrate();
    expect(useRecentRangesStore.getState().ranges).toEqual([day(9)]);
  });
});
