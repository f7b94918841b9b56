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
  /** Every id, parents before their children and each subtree whole (depth first). */
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
  const ids: string[] = [];
  const seen = new Set<string>();
  const walk = (node: HypothesisDetail) => {
    if (seen.has(node.id)) return;
    seen.add(node.id);
    ids.push(node.id);
    for (const child of children.get(node.id) ?? EMPTY) walk(child);
  };
  for (const root of roots) walk(root);
  return {
    roots: previous && sameItems(previous.roots, roots) ? previous.roots : roots,
    children,
    ids,
  };
}

export function childrenOf(tree: HypothesisTree, id: string): HypothesisDetail[] {
  return tree.children.get(id) ?? EMPTY;
}

/** Node bodies revealed per step of Expand All (each step renders and paints on its own). */
export const REVEAL_STEP = 4;

type Schedule = (step: () => void) => void;

const nextFrame: Schedule = (step) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => step());
  else setTimeout(step, 0);
};

/**
 * Open/closed state per node, with one subscription per node (`useSyncExternalStore`).
 * Expand All flips every chevron at once and reveals the bodies (evidence and children) a few
 * nodes per frame in document order, so the first screenful shows at once and input stays
 * responsive while hundreds of nodes and evidences follow.
 */
export class ExpansionStore {
  private open = new Set<string>();
  private listeners = new Set<() => void>();
  private all = false;
  private ids: readonly string[] = [];
  /** Nodes whose body waits for its step of an Expand All. */
  private pending = new Set<string>();
  private revealing = false;

  constructor(private readonly schedule: Schedule = nextFrame) {}

  /** Whether a node is open: roots always are; with `expandAll` every node is. */
  isOpen = (id: string, isRoot: boolean): boolean => isRoot || this.all || this.open.has(id);

  /** Whether an open node's body is drawn yet. */
  isShown = (id: string, isRoot: boolean): boolean =>
    isRoot || (this.isOpen(id, false) && !this.pending.has(id));

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
      this.open = new Set(this.ids);
      this.open.delete(id);
    } else if (this.open.has(id)) this.open.delete(id);
    else this.open.add(id);
    this.pending.delete(id);
    this.emit();
  }

  expand(id: string): void {
    if (this.open.has(id) && !this.pending.has(id)) return;
    this.open.add(id);
    this.pending.delete(id);
    this.emit();
  }

  /** Expand All (`comments=true`): every node open; Collapse All: only the roots. */
  setAll(all: boolean): void {
    if (this.all === all && (all || this.open.size === 0)) return;
    this.all = all;
    this.pending = all ? new Set(this.ids.filter((id) => !this.open.has(id))) : new Set();
    this.open.clear();
    this.emit();
    if (all) this.reveal();
  }

  private reveal(): void {
    if (this.revealing) return;
    this.revealing = true;
    const step = () => {
      let left = REVEAL_STEP;
      for (const id of this.pending) {
        this.pending.delete(id);
        if (--left === 0) break;
      }
      this.emit();
      if (this.pending.size > 0) this.schedule(step);
      else this.revealing = false;
    };
    this.schedule(step);
  }

  /** The tree's ids, depth first (the order Expand All reveals them in). */
  setIds(ids: readonly string[]): void {
    this.ids = ids;
  }
}
