/**
 * Attribute parsing for Vigil widgets. Attributes are kebab-case strings; every widget declares a
 * parser per attribute and the runtime turns them into typed props. Parsing never throws: a bad
 * value either falls back to the default (a cosmetic attribute such as `theme`) or blocks the widget
 * with a clear message (an attribute that changes which data is shown, such as `labels`), and in
 * both cases the widget dispatches a `vigil-error` event.
 */

/** A problem with one attribute value. */
export interface AttributeProblem {
  /** The kebab-case attribute name. */
  attribute: string;
  /** What is wrong and what is expected, for people. */
  message: string;
  /**
   * True when the widget cannot render meaningful data with the fallback (e.g. an unreadable label
   * filter would silently widen the counts); false when the default is a safe substitute.
   */
  blocking: boolean;
}

/** The outcome of parsing one raw value: the value to use, and the problem if there was one. */
export interface AttributeParseResult<T> {
  value: T;
  /** The message; `blocking` and `attribute` are filled in by {@link parseAttributes}. */
  problem?: string;
}

/** How one attribute is read. `raw` is `null` when the attribute is absent. */
export interface AttributeSpec<T> {
  parse(raw: string | null): AttributeParseResult<T>;
  /** Whether a problem with this attribute blocks rendering (see {@link AttributeProblem}). */
  blocking: boolean;
}

/** A widget's attribute table, keyed by camelCase prop name (`apiBase` reads `api-base`). */
export type AttributeSpecs = Record<string, AttributeSpec<unknown>>;

/** The typed props produced by an attribute table. */
export type AttributeValues<S extends AttributeSpecs> = {
  [K in keyof S]: S[K] extends AttributeSpec<infer T> ? T : never;
};

/** `apiBase` → `api-base`, `noTitle` → `no-title`. */
export function toAttributeName(propName: string): string {
  return propName.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/** A string; absent or blank means the default. */
export function stringAttribute(defaultValue: string): AttributeSpec<string>;
export function stringAttribute(): AttributeSpec<string | undefined>;
export function stringAttribute(defaultValue?: string): AttributeSpec<string | undefined> {
  return {
    blocking: false,
    parse: (raw) => {
      const value = raw?.trim();
      return { value: value ? value : defaultValue };
    },
  };
}

/**
 * A boolean attribute: false when absent, true when present (`no-title`, `no-title=""`), except
 * that the literal `"false"` reads as false so templating engines that always render the attribute
 * behave as expected.
 */
export function booleanAttribute(): AttributeSpec<boolean> {
  return {
    blocking: false,
    parse: (raw) => ({ value: raw !== null && raw.trim().toLowerCase() !== 'false' }),
  };
}

export interface NumberAttributeOptions {
  defaultValue: number;
  min?: number;
  max?: number;
  /** Unit shown in messages, e.g. `seconds`. */
  unit?: string;
}

/** A finite number within bounds; anything else falls back to the default. */
export function numberAttribute(options: NumberAttributeOptions): AttributeSpec<number> {
  const { defaultValue, min = -Infinity, max = Infinity, unit } = options;
  const range =
    min > -Infinity && max < Infinity
      ? ` between ${min} and ${max}`
      : min > -Infinity
        ? ` of at least ${min}`
        : max < Infinity
          ? ` of at most ${max}`
          : '';
  return {
    blocking: false,
    parse: (raw) => {
      if (raw === null || raw.trim() === '') return { value: defaultValue };
      const value = Number(raw.trim());
      if (!Number.isFinite(value) || value < min || value > max) {
        return {
          value: defaultValue,
          problem: `"${raw}" is not a number${range}${unit ? ` (${unit})` : ''}; using ${defaultValue}.`,
        };
      }
      return { value };
    },
  };
}

/**
 * One of a fixed set of values, matched exactly (CSS attribute selectors such as
 * `:host([theme='dark'])` are case-sensitive too); anything else falls back to the default.
 */
export function enumAttribute<const T extends string>(
  values: readonly T[],
  defaultValue: T,
): AttributeSpec<T> {
  return {
    blocking: false,
    parse: (raw) => {
      if (raw === null || raw === '') return { value: defaultValue };
      const match = values.find((value) => value === raw);
      if (match) return { value: match };
      return {
        value: defaultValue,
        problem: `"${raw}" is not one of ${values.join(', ')}; using ${defaultValue}.`,
      };
    },
  };
}

/** A flat JSON object of strings, e.g. `{"team":"payments"}`; prototype keys are dropped. */
export function stringRecordAttribute(): AttributeSpec<Record<string, string>> {
  const example = 'a JSON object of strings such as {"team":"payments"}';
  return {
    blocking: true,
    parse: (raw) => {
      if (raw === null || raw.trim() === '') return { value: {} };
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch (error: unknown) {
        const reason = error instanceof Error ? ` (${error.message})` : '';
        return { value: {}, problem: `is not valid JSON${reason}; expected ${example}.` };
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        return { value: {}, problem: `must be ${example}.` };
      }
      const record: Record<string, string> = {};
      for (const [key, value] of Object.entries(parsed)) {
        if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
        if (typeof value !== 'string') {
          return {
            value: {},
            problem: `value of "${key}" must be a string; expected ${example}.`,
          };
        }
        record[key] = value;
      }
      return { value: record };
    },
  };
}

export interface UrlAttributeOptions {
  /** Used when the attribute is absent or blank. */
  defaultValue?: string;
  /** Whether a bad URL blocks the widget (true) or drops the feature that needs it (false). */
  blocking: boolean;
}

/**
 * An http(s) URL, absolute or relative to the page. The value keeps its original form (so
 * `/api` stays relative) but `javascript:` and other schemes are refused.
 */
export function urlAttribute(
  options: UrlAttributeOptions & { defaultValue: string },
): AttributeSpec<string>;
export function urlAttribute(options: UrlAttributeOptions): AttributeSpec<string | undefined>;
export function urlAttribute(options: UrlAttributeOptions): AttributeSpec<string | undefined> {
  return {
    blocking: options.blocking,
    parse: (raw) => {
      const value = raw?.trim();
      if (!value) return { value: options.defaultValue };
      let url: URL;
      try {
        url = new URL(value, globalThis.document?.baseURI ?? 'http://localhost/');
      } catch {
        return { value: options.defaultValue, problem: `"${value}" is not a URL.` };
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        return {
          value: options.defaultValue,
          problem: `"${value}" must be an http(s) URL or a path such as /api.`,
        };
      }
      return { value };
    },
  };
}

/** Parsed props and the problems found, in attribute order. */
export interface ParsedAttributes<S extends AttributeSpecs> {
  values: AttributeValues<S>;
  problems: AttributeProblem[];
}

/** Parse every attribute of a table with `read(attributeName)` (usually `el.getAttribute`). */
export function parseAttributes<S extends AttributeSpecs>(
  specs: S,
  read: (attribute: string) => string | null,
): ParsedAttributes<S> {
  const values: Record<string, unknown> = {};
  const problems: AttributeProblem[] = [];
  for (const [propName, spec] of Object.entries(specs)) {
    const attribute = toAttributeName(propName);
    const result = spec.parse(read(attribute));
    values[propName] = result.value;
    if (result.problem) {
      problems.push({
        attribute,
        message: `Attribute ${attribute} ${result.problem.startsWith('"') ? `value ${result.problem}` : result.problem}`,
        blocking: spec.blocking,
      });
    }
  }
  return { values: values as AttributeValues<S>, problems };
}

/** Attributes every widget understands. Widgets may override a spec (e.g. another default). */
export const commonAttributes = {
  /** Base URL of the Vigil / Mission Control API. */
  apiBase: urlAttribute({ defaultValue: '/api', blocking: true }),
  /** `light` (default), `dark`, or `auto` (follows prefers-color-scheme). Applied by CSS. */
  theme: enumAttribute(['light', 'dark', 'auto'], 'light'),
  /** Refresh period in seconds; 0 turns polling off. */
  refresh: numberAttribute({ defaultValue: 60, min: 0, max: 86_400, unit: 'seconds' }),
  /** A short-lived, read-only, scoped embed token sent as a bearer token. */
  embedToken: stringAttribute(),
} satisfies AttributeSpecs;

export type CommonAttributeValues = AttributeValues<typeof commonAttributes>;
