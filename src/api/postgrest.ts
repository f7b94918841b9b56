/**
 * A small typed builder for the PostgREST-style `/db` API (contract postgrest.md): select, eq,
 * in, is, order, limit, offset, `Prefer` headers and the `Content-Range` total. Label keys with
 * characters outside PostgREST's bare-key set (`app.kubernetes.io/name`) are double-quoted.
 */
import { ApiError, totalFromContentRange, type ApiClient } from './client';

const BARE_KEY = /^[A-Za-z0-9_$ -]+$/;

function quote(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * Quote the JSON keys of a column path: `labels->>app.kubernetes.io/name` →
 * `labels->>"app.kubernetes.io/name"`. Plain columns and bare keys are unchanged.
 */
export function quoteColumn(column: string): string {
  const parts = column.split(/(->>|->)/);
  return parts
    .map((part, index) => {
      if (index === 0 || part === '->' || part === '->>') return part;
      if (part.startsWith('"') || (BARE_KEY.test(part) && !part.endsWith('-'))) return part;
      return quote(part);
    })
    .join('');
}

/** One `in.(…)` item: quoted when it holds a reserved character. */
export function formatInValue(value: string | number | boolean): string {
  const text = String(value);
  return /^[^,()"\\\s:]+$/.test(text) ? text : quote(text);
}

export type FilterValue = string | number | boolean;

export class PostgrestQuery {
  private readonly params: [string, string][] = [];
  private countExact = false;

  constructor(readonly relation: string) {}

  /** Columns (and embeds) to return. One `select` per request (contract decision 12). */
  select(columns: string | readonly string[]): this {
    this.set('select', typeof columns === 'string' ? columns : columns.join(','));
    return this;
  }

  eq(column: string, value: FilterValue): this {
    return this.filter(column, 'eq', String(value));
  }

  neq(column: string, value: FilterValue): this {
    return this.filter(column, 'neq', String(value));
  }

  in(column: string, values: readonly FilterValue[]): this {
    return this.filter(column, 'in', `(${values.map(formatInValue).join(',')})`);
  }

  is(column: string, value: 'null' | 'true' | 'false'): this {
    return this.filter(column, 'is', value);
  }

  ilike(column: string, pattern: string): this {
    return this.filter(column, 'ilike', pattern);
  }

  /** Any operator: `gt`, `gte`, `lt`, `lte`, `like`, `not.in`… */
  filter(column: string, operator: string, value: string): this {
    this.params.push([quoteColumn(column), `${operator}.${value}`]);
    return this;
  }

  /** Sort keys, each with its own direction (no bare `type,name.asc`). One `order` parameter. */
  order(...keys: { column: string; ascending?: boolean; nulls?: 'first' | 'last' }[]): this {
    const value = keys
      .map(
        (key) =>
          `${quoteColumn(key.column)}.${key.ascending === false ? 'desc' : 'asc'}${key.nulls ? `.nulls${key.nulls}` : ''}`,
      )
      .join(',');
    this.set('order', value);
    return this;
  }

  limit(count: number): this {
    this.set('limit', String(count));
    return this;
  }

  offset(count: number): this {
    this.set('offset', String(count));
    return this;
  }

  /** Ask for the total (`Prefer: count=exact`, read from `Content-Range`). */
  withCount(): this {
    this.countExact = true;
    return this;
  }

  private set(key: string, value: string): void {
    const index = this.params.findIndex(([name]) => name === key);
    if (index >= 0) this.params.splice(index, 1);
    this.params.push([key, value]);
  }

  /** The query string (without `?`). */
  toString(): string {
    return new URLSearchParams(this.params).toString();
  }

  get path(): string {
    return `/db/${this.relation}`;
  }

  get headers(): Record<string, string> {
    return { Prefer: this.countExact ? 'count=exact' : 'return=representation' };
  }
}

/** Start a query on a relation (or `rpc/<function>`). */
export function from(relation: string): PostgrestQuery {
  return new PostgrestQuery(relation);
}

export interface RowsResult<T> {
  rows: T[];
  /** Total from `Content-Range` when counted; undefined when unknown. */
  total: number | undefined;
}

/** One counted page of rows (the name the paged lists use). */
export type Page<T> = RowsResult<T>;

async function readRows<T>(
  client: ApiClient,
  query: PostgrestQuery,
  options: { signal?: AbortSignal },
  totalPastTheEnd: boolean,
): Promise<RowsResult<T>> {
  try {
    const response = await client.request<T[] | null>(query.path, {
      query: query.toString(),
      headers: query.headers,
      signal: options.signal,
    });
    return {
      rows: response.data ?? [],
      total: totalFromContentRange(response.headers.get('content-range')),
    };
  } catch (error: unknown) {
    if (error instanceof ApiError && error.status === 416) {
      const total = totalPastTheEnd
        ? totalFromContentRange(error.headers?.get('content-range'))
        : undefined;
      return { rows: [], total };
    }
    throw error;
  }
}

/** Run a read; a 416 (offset beyond the total) is an empty page. */
export function selectRows<T>(
  client: ApiClient,
  query: PostgrestQuery,
  options: { signal?: AbortSignal } = {},
): Promise<RowsResult<T>> {
  return readRows(client, query, options, false);
}

/** One counted page; a 416 (offset past the end) is an empty page that still carries the total. */
export function selectPage<T>(
  client: ApiClient,
  query: PostgrestQuery,
  options: { signal?: AbortSignal },
): Promise<Page<T>> {
  return readRows(client, query, options, true);
}
