/**
 * The include/exclude filter encoding of the URL (contract postgrest.md §4, spec doc 3 §9):
 * `value:1` includes, `value:-1` excludes, items joined by commas; inside a value `____` stands
 * for `:` and `||||` for `,`. `toFilterList` turns a map into Mission Control's `.filter` list
 * (`a,!b`).
 */
import type { Codec, TriStateMap } from './url-state';

const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

export function encodeTriStateItem(value: string): string {
  return value.replace(/:/g, '____').replace(/,/g, '||||');
}

export function decodeTriStateItem(text: string): string {
  return text.replace(/____/g, ':').replace(/\|\|\|\|/g, ',');
}

/** Parse `a:1,b:-1`; undefined when an item is malformed. */
export function parseTriStateList(raw: string): TriStateMap | undefined {
  const result: Record<string, 1 | -1> = {};
  for (const part of raw.split(',')) {
    if (part === '') continue;
    const colon = part.lastIndexOf(':');
    if (colon <= 0) return undefined;
    const state = part.slice(colon + 1);
    if (state !== '1' && state !== '-1') return undefined;
    const value = decodeTriStateItem(part.slice(0, colon));
    if (value === '' || FORBIDDEN_KEYS.has(value)) continue;
    result[value] = state === '1' ? 1 : -1;
  }
  return result;
}

export function serializeTriStateList(value: TriStateMap): string {
  return Object.entries(value)
    .map(([item, state]) => `${encodeTriStateItem(item)}:${state}`)
    .join(',');
}

/** URL codec of an include/exclude map in the `value:1,value:-1` form. */
export const triStateListCodec: Codec<TriStateMap> = {
  parse: parseTriStateList,
  serialize: serializeTriStateList,
  equals: (a, b) => {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
  },
};

/** Mission Control's `.filter` list: includes as they are, excludes with `!`; undefined if empty. */
export function toFilterList(value: TriStateMap): string | undefined {
  const items = Object.entries(value).map(([item, state]) => (state === -1 ? `!${item}` : item));
  return items.length > 0 ? items.join(',') : undefined;
}
