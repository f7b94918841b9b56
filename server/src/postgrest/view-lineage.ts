/**
 * Reads the column lineage of a view from its stored rewrite rule (`pg_rewrite.ev_action`, the
 * text form of the parsed query). For each output column of the top-level query PostgreSQL
 * records `resorigtbl`/`resorigcol` when the column is a plain reference to a table (or view)
 * column, through joins and subqueries; computed columns and UNION outputs record 0. That is
 * exactly the "plain projection" rule PostgREST uses for view relationships.
 */

/** One output column of a view and the relation column it projects (0/0 when computed). */
export interface LineageEntry {
  name: string;
  originRelation: number;
  originColumn: number;
}

function readToken(text: string, start: number): { token: string; end: number } {
  let i = start;
  let token = '';
  while (i < text.length) {
    const ch = text.charAt(i);
    if (ch === '\\') {
      token += text.charAt(i + 1);
      i += 2;
      continue;
    }
    if (ch === ' ' || ch === '\n' || ch === '(' || ch === ')' || ch === '{' || ch === '}') break;
    token += ch;
    i += 1;
  }
  return { token, end: i };
}

const FIELDS = [':resname ', ':resorigtbl ', ':resorigcol ', ':resjunk '] as const;

/** Parse the top-level target list of a view's `_RETURN` rule. */
export function parseViewLineage(action: string): LineageEntry[] {
  const n = action.length;
  let depth = 0;
  let i = 0;
  // The rule is `({QUERY ... :targetList (...) ...})`: the top query's fields sit at depth 2;
  // subqueries in the range table are deeper and must be skipped.
  let found = false;
  while (i < n) {
    const ch = action.charAt(i);
    if (ch === '\\') {
      i += 2;
      continue;
    }
    if (ch === '{' || ch === '(') depth += 1;
    else if (ch === '}' || ch === ')') depth -= 1;
    else if (depth === 2 && action.startsWith(':targetList ', i)) {
      i += ':targetList '.length;
      found = true;
      break;
    }
    i += 1;
  }
  if (!found) return [];
  const entries: LineageEntry[] = [];
  const listDepth = depth + 1;
  let current: { name: string; tbl: number; col: number; junk: boolean } | undefined;
  while (i < n) {
    const ch = action.charAt(i);
    if (ch === '\\') {
      i += 2;
      continue;
    }
    if (ch === '{' || ch === '(') {
      depth += 1;
      if (ch === '{' && depth === listDepth + 1)
        current = { name: '', tbl: 0, col: 0, junk: false };
      i += 1;
      continue;
    }
    if (ch === '}' || ch === ')') {
      if (ch === '}' && depth === listDepth + 1 && current !== undefined) {
        if (!current.junk && current.name !== '') {
          entries.push({
            name: current.name,
            originRelation: current.tbl,
            originColumn: current.col,
          });
        }
        current = undefined;
      }
      depth -= 1;
      i += 1;
      if (depth < listDepth) break;
      continue;
    }
    if (ch === '<' && depth < listDepth) break; // `:targetList <>`: no columns
    if (current !== undefined && depth === listDepth + 1 && ch === ':') {
      const field = FIELDS.find((name) => action.startsWith(name, i));
      if (field !== undefined) {
        const { token, end } = readToken(action, i + field.length);
        if (field === ':resname ') current.name = token === '<>' ? '' : token;
        else if (field === ':resorigtbl ') current.tbl = Number(token) || 0;
        else if (field === ':resorigcol ') current.col = Number(token) || 0;
        else current.junk = token === 'true';
        i = end;
        continue;
      }
    }
    i += 1;
  }
  return entries;
}
