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

export interface EmbedItem {
  kind: 'embed';
  /** A relation name or a FK column name. */
  name: string;
  alias: string | undefined;
  /** A FK constraint name or column name disambiguating the relationship (`!hint`). */
  hint: string | undefined;
  inner: boolean;
  select: readonly SelectItem[];
}

export type SelectItem = StarItem | ColumnItem | EmbedItem;

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
  | 'cs'
  | 'cd'
  | 'ov';

export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown';

export type FilterValue =
  | { kind: 'scalar'; value: string }
  | { kind: 'list'; values: readonly string[] }
  | { kind: 'is'; value: IsValue };

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
  direction: 'asc' | 'desc' | undefined;
  nulls: 'first' | 'last' | undefined;
}
