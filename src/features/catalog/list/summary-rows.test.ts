import { describe, expect, it } from 'vitest';
import type { CatalogSummaryRow } from '../../../api/catalog';
import { buildSummaryRows, leafRows, sortSummaryRows, tagGroupKeys } from './summary-rows';

const rows: CatalogSummaryRow[] = [
  {
    type: 'AWS::EC2::Instance',
    count: 4,
    health: { healthy: 3, unhealthy: 1 },
    changes: 10,
    analysis: { security: 2 },
    cost_30d: 120,
  },
  {
    type: 'Kubernetes::Deployment',
    count: 10,
    health: { healthy: 9, warning: 1 },
    changes: 600,
    analysis: { availability: 1 },
    cost_30d: 0,
  },
  {
    type: 'Kubernetes::Pod',
    count: 30,
    health: { healthy: 30 },
    changes: 5,
    analysis: { security: 1 },
  },
];

describe('buildSummaryRows', () => {
  it('nests groups under their class and adds them up', () => {
    const built = buildSummaryRows(rows, ['config_class', 'type']);
    expect(built.map((row) => row.label)).toEqual(['AWS', 'Kubernetes']);
    const kubernetes = built[1]!;
    expect(kubernetes.kind).toBe('class');
    expect(kubernetes.count).toBe(40);
    expect(kubernetes.changes).toBe(605);
    expect(kubernetes.health).toEqual({ healthy: 39, unhealthy: 0, warning: 1, unknown: 0 });
    expect(kubernetes.analysis).toEqual({ availability: 1, security: 1 });
    expect(kubernetes.children?.map((row) => row.type)).toEqual([
      'Kubernetes::Deployment',
      'Kubernetes::Pod',
    ]);
  });

  it('is flat without config_class and carries tag groupings', () => {
    const built = buildSummaryRows(
      [{ type: 'Kubernetes::Pod', app: 'checkout', count: 2 }],
      ['type', 'app__tag'],
    );
    expect(built).toHaveLength(1);
    expect(built[0]).toMatchObject({
      kind: 'group',
      type: 'Kubernetes::Pod',
      tags: { app: 'checkout' },
    });
    expect(tagGroupKeys(['type', 'app__tag', 'env__tag'])).toEqual(['app', 'env']);
  });

  it('labels tag-only groups by their values', () => {
    const built = buildSummaryRows(
      [
        { app: 'checkout', count: 2 },
        { app: null, count: 1 },
      ],
      ['app__tag'],
    );
    expect(built.map((row) => row.label)).toEqual(['checkout', '(none)']);
    expect(built[0]!.type).toBeUndefined();
  });

  it('puts favourite types first, and classes holding one', () => {
    const built = buildSummaryRows(rows, ['config_class', 'type'], ['Kubernetes::Pod']);
    expect(built.map((row) => row.label)).toEqual(['Kubernetes', 'AWS']);
    expect(built[0]!.children?.map((row) => row.type)).toEqual([
      'Kubernetes::Pod',
      'Kubernetes::Deployment',
    ]);
    const flat = buildSummaryRows(rows, ['type'], ['Kubernetes::Pod']);
    expect(flat[0]!.type).toBe('Kubernetes::Pod');
  });

  it('sorts by a column with favourites still first', () => {
    const flat = buildSummaryRows(rows, ['type'], ['AWS::EC2::Instance']);
    const sorted = sortSummaryRows(flat, 'count', true);
    expect(sorted.map((row) => row.count)).toEqual([4, 30, 10]);
    expect(leafRows(buildSummaryRows(rows, ['config_class', 'type']))).toHaveLength(3);
  });
});
