/**
 * What every node of the Action Plan shares without re-rendering the tree: the tree and the
 * expansion state as subscribable stores, and the actions (stable functions).
 */
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { EvidenceDetail, HypothesisDetail, HypothesisType } from '../../../api/incident-model';
import { childrenOf, type ExpansionStore, type HypothesisTree } from './hypothesis-tree';

/** Holds the current tree; nodes subscribe to their own child list. */
export class TreeStore {
  private listeners = new Set<() => void>();
  constructor(public tree: HypothesisTree) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(tree: HypothesisTree): void {
    if (tree === this.tree) return;
    this.tree = tree;
    for (const listener of this.listeners) listener();
  }
}

export interface ActionPlanActions {
  saveStatus(hypothesis: HypothesisDetail, status: string): void;
  saveTitle(hypothesis: HypothesisDetail, title: string): void;
  disprove(hypothesis: HypothesisDetail): void;
  openCreate(parent: HypothesisDetail | null, type: HypothesisType): void;
  openDelete(hypothesis: HypothesisDetail): void;
  addToDefinitionOfDone(evidence: EvidenceDetail): void;
  openRemoveFromDefinitionOfDone(evidence: EvidenceDetail): void;
  openDeleteEvidence(evidence: EvidenceDetail): void;
}

export interface ActionPlanContextValue {
  incidentId: string;
  treeStore: TreeStore;
  expansion: ExpansionStore;
  actions: ActionPlanActions;
  canWrite: boolean;
  canWriteEvidence: boolean;
}

export const ActionPlanContext = createContext<ActionPlanContextValue | null>(null);

export function useActionPlan(): ActionPlanContextValue {
  const value = useContext(ActionPlanContext);
  if (!value) throw new Error('useActionPlan outside <ActionPlan>');
  return value;
}

/** A node's children; re-renders the node only when its own child list changes. */
export function useChildren(id: string): HypothesisDetail[] {
  const { treeStore } = useActionPlan();
  return useSyncExternalStore(treeStore.subscribe, () => childrenOf(treeStore.tree, id));
}

export function useIsOpen(id: string, isRoot: boolean): boolean {
  const { expansion } = useActionPlan();
  return useSyncExternalStore(expansion.subscribe, () => expansion.isOpen(id, isRoot));
}

/** Whether a node's body (evidence and children) is drawn: open and revealed. */
export function useIsShown(id: string, isRoot: boolean): boolean {
  const { expansion } = useActionPlan();
  return useSyncExternalStore(expansion.subscribe, () => expansion.isShown(id, isRoot));
}
