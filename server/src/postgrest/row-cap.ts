/**
 * The row cap applies to embedded rows as it does to the top level (postgrest.md §5.4): every
 * to-many embed gets `LIMIT min(its own limit, cap)`. Without it one request for 2,000 parents
 * with an unbounded embed could return millions of rows.
 */
import type { PlanNode } from './plan';

/** Clamp the limit of every to-many embed under `node` to `cap` (in place). */
export function capEmbeddedRows(node: PlanNode, cap: number): void {
  for (const projection of node.projections) {
    if (projection.kind !== 'embed') continue;
    const child = projection.node;
    if (child.relationship?.cardinality !== 'one') {
      child.limit = Math.min(child.limit ?? cap, cap);
    }
    capEmbeddedRows(child, cap);
  }
}
