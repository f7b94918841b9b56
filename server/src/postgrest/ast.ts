/**
 * The parsed form of a `/db` request, before it is resolved against the schema cache. Names here
 * are unchecked text from the client; only plan.ts turns them into schema objects.
 */

/** One step of a JSON path: `->key` (json) or `->>key` (text). */
export interface JsonStep {
  op: '->' | '->>';
  key: string;
}

/** A column reference with an optional JSON path (`labels->>team`). */
export interface Field {
  name: string;
  json: readonly JsonStep[];
}

export interface StarItem {
  kind: 'star';
}

export interface ColumnItem {
  kind: 'column';
  field: Field;
  alias: string | undefined;
  cast: string | undefined;
}

/** The aggregate functions of PostgREST 12's select (`col.sum()`, `count()`). */
export type AggregateFunction = 'count' | 'sum' | 'avg' | 'min' | 'max';

/** `col.sum()`, `col->key::numeric.avg()::int`, `count()` (no field), aliased or not. */
export interface AggregateItem {
  kind: 'aggregate';
  fn: AggregateFunction;
  /** The aggregated field; undefined for `count()`. */
  field: Field | undefined;
  /** The cast applied to the input (`col::numeric.sum()`). */
  inputCast: string | undefined;
  alias: string | undefined;
  /** The cast applied to the result (`col.avg()::int`). */
  cast: string | undefined;
}

export interface EmbedItem {
  kind: 'embed';
  /** A relation name, a FK constraint or column name, or a computed relationship's function. */
  name: string;
  alias: string | undefined;
  /** A FK constraint, column or junction name disambiguating the relationship (`!hint`). */
  hint: string | undefined;
  inner: boolean;
  /** `...rel(cols)`: the embed's columns are lifted into the parent (absent when not). */
  spread?: true;
  /** An empty select list `rel()`: only filters the parent, never output. */
  select: readonly SelectItem[];
}

export type SelectItem = StarItem | ColumnItem | AggregateItem | EmbedItem;

export type Operator =
  | 'eq'
  | 'neq'
  | 'gt'
  | 'gte'
  | 'lt'
  | 'lte'
  | 'like'
  | 'ilike'
  | 'match'
  | 'imatch'
  | 'in'
  | 'is'
  | 'isdistinct'
  | 'fts'
  | 'plfts'
  | 'phfts'
  | 'wfts'
  | 'cs'
  | 'cd'
  | 'ov'
  | 'sl'
  | 'sr'
  | 'nxr'
  | 'nxl'
  | 'adj';

export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown';

/** The `(any)`/`(all)` modifier of `eq like ilike gt gte lt lte match imatch`. */
export type Quantifier = 'any' | 'all';

export type FilterValue =
  | { kind: 'scalar'; value: string }
  | { kind: 'list'; values: readonly string[] }
  | { kind: 'is'; value: IsValue }
  /** `like(any).{O*,P*}`: `value` is a PostgreSQL array literal, checked by PostgreSQL. */
  | { kind: 'quantified'; quantifier: Quantifier; value: string }
  /** `fts(english).cat`: the optional text search configuration is a plain identifier. */
  | { kind: 'fts'; language: string | undefined; value: string };

export interface Condition {
  kind: 'cond';
  field: Field;
  negate: boolean;
  op: Operator;
  value: FilterValue;
}

export interface LogicTree {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: readonly Expr[];
}

export type Expr = Condition | LogicTree;

export interface OrderTerm {
  field: Field;
  /** `rel(col)`: the column belongs to the to-one embed named (or aliased) `rel`. */
  relation?: string;
  direction: 'asc' | 'desc' | undefined;
  nulls: 'first' | 'last' | undefined;
}
