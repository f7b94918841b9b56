/**
 * Typed query-string state (CONVENTIONS "URL state"): each parameter has a codec and a default.
 * A missing or bad value reads as the default and never throws; writing the default removes the
 * parameter, so links stay short and shareable.
 */

/** Converts one query-string value to a typed value and back. */
export interface Codec<T> {
  /** The typed value, or undefined when the text is not a valid encoding. */
  parse(raw: string): T | undefined;
  serialize(value: T): string;
  /** Equality used to decide whether a value is the default (defaults to `===`). */
  equals?(a: T, b: T): boolean;
}

export const stringCodec: Codec<string> = {
  parse: (raw) => raw,
  serialize: (value) => value,
};

export const booleanCodec: Codec<boolean> = {
  parse: (raw) => {
    const value = raw.trim().toLowerCase();
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    return undefined;
  },
  serialize: (value) => String(value),
};

/** An integer or decimal number within optional bounds. */
export function numberCodec(
  options: { min?: number; max?: number; integer?: boolean } = {},
): Codec<number> {
  return {
    parse: (raw) => {
      if (raw.trim() === '') return undefined;
      const value = Number(raw);
      if (!Number.isFinite(value)) return undefined;
      if (options.integer && !Number.isInteger(value)) return undefined;
      if (options.min !== undefined && value < options.min) return undefined;
      if (options.max !== undefined && value > options.max) return undefined;
      return value;
    },
    serialize: (value) => String(value),
  };
}

/** One of a fixed list of strings. */
export function enumCodec<T extends string>(values: readonly T[]): Codec<T> {
  return {
    parse: (raw) => ((values as readonly string[]).includes(raw) ? (raw as T) : undefined),
    serialize: (value) => value,
  };
}

/** A non-empty string matching a predicate (e.g. a known option or a label key). */
export function refinedStringCodec(accept: (value: string) => boolean): Codec<string> {
  return {
    parse: (raw) => (raw !== '' && accept(raw) ? raw : undefined),
    serialize: (value) => value,
  };
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

/** Include/exclude filter map: a JSON object whose values are 1 (include) or -1 (exclude). */
export type TriStateMap = Readonly<Record<string, 1 | -1>>;

export const triStateMapCodec: Codec<TriStateMap> = {
  parse: (raw) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return undefined;
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
    const result: Record<string, 1 | -1> = Object.create(null) as Record<string, 1 | -1>;
    for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
      if (FORBIDDEN_KEYS.has(key)) continue;
      if (value === 1 || value === -1) result[key] = value;
    }
    return { ...result };
  },
  serialize: (value) => JSON.stringify(value),
  equals: (a, b) => {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
  },
};

/** One parameter: its codec and its default. */
export interface ParamSpec<T> {
  codec: Codec<T>;
  defaultValue: T;
}

export function param<T>(codec: Codec<T>, defaultValue: T): ParamSpec<T> {
  return { codec, defaultValue };
}

// Codec members are declared as methods, so ParamSpec<boolean> is assignable to ParamSpec<unknown>.
export type ParamSchema = Record<string, ParamSpec<unknown>>;
export type ParamValues<S extends ParamSchema> = {
  [K in keyof S]: S[K] extends ParamSpec<infer T> ? T : never;
};

function toParams(search: string | URLSearchParams): URLSearchParams {
  return typeof search === 'string' ? new URLSearchParams(search.replace(/^\?/, '')) : search;
}

/** Read every parameter of `schema`; absent or invalid values become their defaults. */
export function readParams<S extends ParamSchema>(
  search: string | URLSearchParams,
  schema: S,
): ParamValues<S> {
  const params = toParams(search);
  const values: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(schema)) {
    const raw = params.get(key);
    const parsed = raw === null ? undefined : spec.codec.parse(raw);
    values[key] = parsed === undefined ? spec.defaultValue : parsed;
  }
  return values as ParamValues<S>;
}

/**
 * Apply a patch to a query string and return the new one (without `?`). Keys not in the schema
 * are kept; values equal to their default (or undefined) are removed.
 */
export function writeParams<S extends ParamSchema>(
  search: string | URLSearchParams,
  schema: S,
  patch: Partial<ParamValues<S>>,
): string {
  const params = new URLSearchParams(toParams(search));
  for (const [key, value] of Object.entries(patch)) {
    const spec = schema[key];
    if (!spec) continue;
    const equals = spec.codec.equals ?? ((a: unknown, b: unknown) => a === b);
    if (value === undefined || equals(value, spec.defaultValue)) params.delete(key);
    else params.set(key, spec.codec.serialize(value));
  }
  return params.toString();
}
