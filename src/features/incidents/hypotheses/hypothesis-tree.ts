/**
 * The hypothesis tree of an incident built from the detail read's flat list (`parent_id`), and
 * the expansion state the nodes subscribe to one by one, so opening a node re-renders that node
 * only — the tree stays fast at hundreds of nodes (issue 13 §4).
 */
import type { HypothesisDetail } from '../../../api/incident-model';

export interface HypothesisTree {
  /** Nodes without a (known) parent: the roots, in creation order. */
  roots: HypothesisDetail[];
  /** Children by parent id, in creation order. */
  children: ReadonlyMap<string, HypothesisDetail[]>;
  /** Every id. */
  ids: string[];
}

const EMPTY: HypothesisDetail[] = [];

function byCreation(a: HypothesisDetail, b: HypothesisDetail): number {
  const left = a.created_at ?? '';
  const right = b.created_at ?? '';
  if (left !== right) return left < right ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function sameItems<T>(a: readonly T[] | undefined, b: readonly T[]): boolean {
  return a !== undefined && a.length === b.length && a.every((item, index) => item === b[index]);
}

/**
 * Build the tree. With `previous`, child lists whose items are unchanged keep their identity, so
 * memoised nodes whose subtree did not change skip re-rendering after a refetch.
 */
export function buildHypothesisTree(
  hypotheses: readonly HypothesisDetail[] | null | undefined,
  previous?: HypothesisTree,
): HypothesisTree {
  const list = [...(hypotheses ?? [])].sort(byCreation);
  const known = new Set(list.map((h) => h.id));
  const children = new Map<string, HypothesisDetail[]>();
  const roots: HypothesisDetail[] = [];
  for (const hypothesis of list) {
    const parent = hypothesis.parent_id;
    if (parent && parent !== hypothesis.id && known.has(parent)) {
      const siblings = children.get(parent) ?? [];
      siblings.push(hypothesis);
      children.set(parent, siblings);
    } else {
      roots.push(hypothesis);
    }
  }
  if (previous) {
    for (const [id, items] of children) {
      const before = previous.children.get(id);
      if (before && sameItems(before, items)) children.set(id, before);
    }
  }
  return {
    roots: previous && sameItems(previous.roots, roots) ? previous.roots : roots,
    children,
    ids: list.map((h) => h.id),
  };
}

export function childrenOf(tree: HypothesisTree, id: string): HypothesisDetail[] {
  return tree.children.get(id) ?? EMPTY;
}

/** Open/closed state per node, with a subscription per store (see `useSyncExternalStore`). */
export class ExpansionStore {
  private open = new Set<string>();
  private listeners = new Set<() => void>();
  private all = false;

  /** Whether a node is open: roots always are; with `expandAll` every node is. */
  isOpen = (id: string, isRoot: boolean): boolean => isRoot || this.all || this.open.has(id);

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private emit(): void {
    for (const listener of this.listeners) listener();
  }

  toggle(id: string): void {
    if (this.all) {
      // Leaving 'expand all' by closing one node keeps the others open.
      this.all = false;
      this.open = new Set(this.allIds);
      this.open.delete(id);
    } else if (this.open.has(id)) this.open.delete(id);
    else this.open.add(id);
    this.emit();
  }

  expand(id: string): void {
    if (this.open.has(id)) return;
    this.open.add(id);
    this.emit();
  }

  private allIds: readonly string[] = [];

  /** Expand All (`comments=true`): every node open; Collapse All: only the roots. */
  setAll(all: boolean): void {
    if (this.all === all && (all || this.open.size === 0)) return;
    this.all = all;
    this.open.clear();
    this.emit();
  }

  /** The ids known to the tree, for leaving 'expand all' node by node. */
  setIds(ids: readonly string[]): void {
    this.allIds = ids;
  }
}
