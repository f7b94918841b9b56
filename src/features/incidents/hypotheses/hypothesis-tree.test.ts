import { describe, expect, it } from 'vitest';
import type { HypothesisDetail } from '../../../api/incident-model';
import { buildHypothesisTree, childrenOf, ExpansionStore } from './hypothesis-tree';

const h = (id: string, parent: string | null, at: string): HypothesisDetail => ({
  id,
  incident_id: 'i',
  parent_id: parent,
  title: id,
  created_at: at,
});

describe('hypothesis tree', () => {
  const rows = [
    h('s1', 'f1', '2024-01-03'),
    h('r', null, '2024-01-01'),
    h('f2', 'r', '2024-01-02T10:00'),
    h('f1', 'r', '2024-01-02'),
    h('orphan', 'gone', '2024-01-05'),
  ];

  it('nests by parent in creation order; unknown parents make roots', () => {
    const tree = buildHypothesisTree(rows);
    expect(tree.roots.map((n) => n.id)).toEqual(['r', 'orphan']);
    expect(childrenOf(tree, 'r').map((n) => n.id)).toEqual(['f1', 'f2']);
    expect(childrenOf(tree, 'f1').map((n) => n.id)).toEqual(['s1']);
    expect(childrenOf(tree, 's1')).toEqual([]);
  });

  it('keeps unchanged child lists when rebuilt', () => {
    const first = buildHypothesisTree(rows);
    const changed = rows.map((row) => (row.id === 's1' ? { ...row, title: 'new' } : row));
    const second = buildHypothesisTree(changed, first);
    expect(second.children.get('r')).toBe(first.children.get('r'));
    expect(second.children.get('f1')).not.toBe(first.children.get('f1'));
    expect(second.roots).toBe(first.roots);
  });

  it('lists ids depth first', () => {
    expect(buildHypothesisTree(rows).ids).toEqual(['r', 'f1', 's1', 'f2', 'orphan']);
  });

  it('reveals bodies step by step on Expand All', () => {
    const steps: (() => void)[] = [];
    const store = new ExpansionStore((step) => steps.push(step));
    const ids = Array.from({ length: 10 }, (_, i) => `n${i}`);
    store.setIds(ids);
    store.setAll(true);
    expect(store.isOpen('n9', false)).toBe(true);
    expect(store.isShown('n0', false)).toBe(false);
    expect(store.isShown('n0', true)).toBe(true);
    steps.shift()!();
    expect(store.isShown('n3', false)).toBe(true);
    expect(store.isShown('n4', false)).toBe(false);
    steps.shift()!();
    steps.shift()!();
    expect(store.isShown('n9', false)).toBe(true);
    expect(steps).toHaveLength(0);
  });

  it('keeps roots open, toggles others, and expands all on request', () => {
    const store = new ExpansionStore((step) => step());
    let calls = 0;
    store.subscribe(() => calls++);
    expect(store.isOpen('r', true)).toBe(true);
    expect(store.isOpen('f1', false)).toBe(false);
    store.toggle('f1');
    expect(store.isOpen('f1', false)).toBe(true);
    store.setIds(['r', 'f1', 'f2']);
    store.setAll(true);
    expect(store.isOpen('f2', false)).toBe(true);
    store.toggle('f2');
    expect(store.isOpen('f2', false)).toBe(false);
    expect(store.isOpen('f1', false)).toBe(true);
    store.setAll(false);
    expect(store.isOpen('f1', false)).toBe(false);
    expect(calls).toBe(5);
  });
});
