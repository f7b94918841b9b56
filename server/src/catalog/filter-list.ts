/**
 * Mission Control's filter lists (api.md §4.1, §4.2): a comma list where plain items include,
 * `!`-items exclude, and a `*` at either end makes a prefix or suffix match. Includes are OR'd,
 * excludes AND'd. Items are URL-decoded when asked (the console encodes commas inside values).
 */
import type { SqlParams } from './sql-params';

export interface FilterList {
  include: string[];
  exclude: string[];
}

function decode(item: string): string {
  try {
    return decodeURIComponent(item);
  } catch {
    return item;
  }
}

export function parseFilterList(text: string, urlDecode = false): FilterList {
  const list: FilterList = { include: [], exclude: [] };
  for (const raw of text.split(',')) {
    const trimmed = raw.trim();
    if (trimmed === '') continue;
    const negated = trimmed.startsWith('!');
    const value = negated ? trimmed.slice(1) : trimmed;
    if (value === '') continue;
    (negated ? list.exclude : list.include).push(urlDecode ? decode(value) : value);
  }
  return list;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** One item as a SQL predicate on `expression` (a fixed column expression, never request text). */
function match(expression: string, item: string, params: SqlParams): string {
  if (item.length > 1 && item.endsWith('*') && !item.startsWith('*')) {
    return `${expression} LIKE ${params.add(`${escapeLike(item.slice(0, -1))}%`)}`;
  }
  if (item.length > 1 && item.startsWith('*') && !item.endsWith('*')) {
    return `${expression} LIKE ${params.add(`%${escapeLike(item.slice(1))}`)}`;
  }
  if (item.length > 2 && item.startsWith('*') && item.endsWith('*')) {
    return `${expression} LIKE ${params.add(`%${escapeLike(item.slice(1, -1))}%`)}`;
  }
  return `${expression} = ${params.add(item)}`;
}

/** The predicate for a whole list, or undefined when the list is empty. */
export function filterListSql(
  expression: string,
  list: FilterList,
  params: SqlParams,
): string | undefined {
  const parts: string[] = [];
  if (list.include.length > 0) {
    parts.push(`(${list.include.map((item) => match(expression, item, params)).join(' OR ')})`);
  }
  for (const item of list.exclude) {
    parts.push(`(${expression} IS NULL OR NOT (${match(expression, item, params)}))`);
  }
  return parts.length > 0 ? parts.join(' AND ') : undefined;
}
