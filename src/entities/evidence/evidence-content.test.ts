import { describe, expect, it } from 'vitest';
import {
  configExcerpt,
  evidenceLogLines,
  parseSelectedLines,
  selectedIndexes,
  storedLinesCover,
} from './evidence-content';

const lines = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`);

describe('config evidence excerpt', () => {
  it('shows 3 lines of context around each selected line and merges overlaps', () => {
    const rows = configExcerpt(lines, [9, 12]);
    expect(rows[0]).toEqual({ kind: 'gap', hidden: 6 });
    const shown = rows.filter((r) => r.kind === 'line');
    expect(shown.map((r) => r.number)).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
    expect(shown.filter((r) => r.selected).map((r) => r.number)).toEqual([10, 13]);
    expect(rows[rows.length - 1]).toEqual({ kind: 'gap', hidden: 4 });
  });

  it('keeps separate windows apart and clips at the edges', () => {
    const rows = configExcerpt(lines, [0, 19]);
    expect(rows.map((r) => (r.kind === 'gap' ? `gap${r.hidden}` : r.number))).toEqual([
      1,
      2,
      3,
      4,
      'gap12',
      17,
      18,
      19,
      20,
    ]);
  });

  it('matches stored keys to lines whether 0- or 1-based, by their text', () => {
    const stored = ['spec:', '  replicas: 1', '  resources:', '    limits:', '      memory: 256Mi'];
    expect(selectedIndexes(stored, parseSelectedLines({ '4': '      memory: 256Mi' }))).toEqual([
      4,
    ]);
    expect(selectedIndexes(stored, parseSelectedLines({ '2': '  replicas: 1' }))).toEqual([1]);
    expect(selectedIndexes(stored, parseSelectedLines({ '40': '  resources:' }))).toEqual([2]);
    expect(selectedIndexes(stored, parseSelectedLines([2]))).toEqual([1]);
    expect(parseSelectedLines(null)).toEqual([]);
    expect(storedLinesCover(stored, parseSelectedLines({ '4': '      memory: 256Mi' }))).toBe(true);
    expect(storedLinesCover(['  c: 2'], parseSelectedLines({ '40': '  c: 2' }))).toBe(false);
  });
});

describe('log evidence lines', () => {
  it('reads strings and {timestamp, message} objects', () => {
    expect(evidenceLogLines({ lines: ['a', { timestamp: 't', message: 'b' }, 3, null] })).toEqual([
      { message: 'a' },
      { message: 'b', timestamp: 't' },
    ]);
    expect(evidenceLogLines(undefined)).toEqual([]);
  });
});
