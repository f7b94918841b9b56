import { describe, expect, it } from 'vitest';
import { labelsToMap, mapToLabels } from './catalog-filters';

describe('label filters ⇄ picker map', () => {
  it('round-trips includes and excludes, values may hold = and :', () => {
    const labels = [
      { key: 'team', value: 'sre', state: 1 as const },
      { key: 'selector', value: 'a=b:c', state: -1 as const },
    ];
    const map = labelsToMap(labels);
    expect(map).toEqual({ 'team=sre': 1, 'selector=a=b:c': -1 });
    expect(mapToLabels(map)).toEqual(labels);
  });

  it('drops ids without a key', () => {
    expect(mapToLabels({ '=x': 1, novalue: 1 })).toEqual([]);
  });
});
