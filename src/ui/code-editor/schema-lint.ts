/**
 * Validates a YAML document against a JSON schema with the schema's own draft (`$schema`:
 * draft-04, draft-07 — also for draft-06 —, 2019-09 or 2020-12; draft-07 when none is declared),
 * so draft-07 rules such as `if`/`then` ("a body only with POST or PUT") and `const` are found,
 * and says where each problem is in the text. Pure: the editor turns the problems into
 * diagnostics. @cfworker/json-schema interprets the schema (no code generation, so it runs under
 * the console's `script-src 'self'`).
 */
import { Validator, type OutputUnit, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import {
  isMap,
  isPair,
  isScalar,
  isSeq,
  parseYamlDocument,
  type YamlDocument as Document,
  type YamlNode as Node,
} from '../../lib/yaml';

/** A problem and the range of the text it is about (offsets into the document). */
export interface SchemaProblem {
  from: number;
  to: number;
  message: string;
}

/** The draft a schema declares (`$schema`); draft-07 when it declares none. */
export function schemaDraft(schema: Record<string, unknown>): SchemaDraft {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (/draft-04/.test(declared)) return '4';
  if (/2019-09/.test(declared)) return '2019-09';
  if (/2020-12/.test(declared)) return '2020-12';
  return '7';
}

/** Keywords whose error only says that something inside failed (the inner error says what). */
const WRAPPERS = new Set([
  'properties',
  'patternProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'allOf',
  'if',
  'then',
  'else',
  '$ref',
  '$recursiveRef',
  '$dynamicRef',
  'dependentSchemas',
  'dependencies',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contains',
  'propertyNames',
  // `false` at a property is reported again by additionalProperties with the property's name.
  'false',
]);

/** Branching keywords: their own message stands for the branches' errors. */
const BRANCHES = new Set(['anyOf', 'oneOf', 'not']);

function decodeSegment(segment: string): string {
  return decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
}

function pathOf(instanceLocation: string): string[] {
  const pointer = instanceLocation.replace(/^#/, '');
  return pointer === '' ? [] : pointer.slice(1).split('/').map(decodeSegment);
}

function keyText(key: unknown): string {
  return isScalar(key) ? String(key.value) : String(key);
}

interface Located {
  /** The value at the path (or the deepest node found on the way). */
  node: Node | null;
  /** The key of the pair holding it, when it is a mapping's value. */
  key: Node | null;
}

function locate(doc: Document, path: readonly string[]): Located {
  let node = doc.contents as Node | null;
  let key: Node | null = null;
  for (const segment of path) {
    if (isMap(node)) {
      const pair = node.items.find((item) => isPair(item) && keyText(item.key) === segment);
      if (!pair) break;
      key = (pair.key as Node | null) ?? null;
      node = (pair.value as Node | null) ?? null;
    } else if (isSeq(node)) {
      const item = node.items[Number(segment)] as Node | undefined;
      if (item === undefined) break;
      key = null;
      node = item;
    } else {
      break;
    }
  }
  return { node, key };
}

/** [from, to] of a node, or of its first line when `firstLine` (a whole mapping is too much). */
function rangeOf(text: string, node: Node | null, firstLine: boolean): [number, number] {
  const [from, valueEnd] = node?.range ?? [0, text.length];
  if (!firstLine) return [from, Math.max(from, valueEnd)];
  const lineEnd = text.indexOf('\n', from);
  return [from, lineEnd === -1 ? Math.max(from, valueEnd) : lineEnd];
}

function listOf(values: string): string {
  try {
    const parsed: unknown = JSON.parse(values);
    if (Array.isArray(parsed)) return parsed.map((value) => String(value)).join(', ');
  } catch {
    // not JSON: keep the text
  }
  return values;
}

/** The validator's sentences, said the way the rest of the console says them. */
function messageOf(unit: OutputUnit, nested: readonly OutputUnit[]): string {
  const text = unit.error;
  let match = /required property "(.*)"/.exec(text);
  if (unit.keyword === 'required' && match) return `Missing property "${match[1]}"`;
  match = /Property "(.*)" does not match additional properties schema/.exec(text);
  if (unit.keyword === 'additionalProperties' && match)
    return `Property "${match[1]}" is not allowed`;
  match = /does not match any of (\[.*\])/.exec(text);
  if (unit.keyword === 'enum' && match) return `Expected one of ${listOf(match[1]!)}`;
  if (unit.keyword === 'anyOf' || unit.keyword === 'oneOf') {
    // "one of url, endpoint or connection": branches that each only miss one property.
    const missing = nested
      .filter(
        (inner) => inner.keyword === 'required' && inner.instanceLocation === unit.instanceLocation,
      )
      .map((inner) => /required property "(.*)"/.exec(inner.error)?.[1])
      .filter((name): name is string => Boolean(name));
    if (missing.length > 1)
      return `Needs one of the properties ${[...new Set(missing)].join(', ')}`;
    return unit.keyword === 'oneOf'
      ? 'Matches none (or more than one) of the allowed forms'
      : 'Matches none of the allowed forms';
  }
  return text.replace(/^Instance/, 'Value').replace(/\.$/, '');
}

/**
 * The schema problems of a YAML text. Empty for blank or unparsable text (syntax errors are
 * reported by the YAML parser, not here) and for a document without problems.
 */
export function lintYamlAgainstSchema(
  text: string,
  schema: Record<string, unknown>,
): SchemaProblem[] {
  if (text.trim() === '') return [];
  const doc = parseYamlDocument(text);
  if (doc.errors.length > 0) return [];
  const data: unknown = doc.toJS();
  if (data === null || data === undefined) return [];
  const result = new Validator(schema as Schema, schemaDraft(schema), false).validate(data);
  if (result.valid) return [];

  const branches = result.errors.filter((unit) => BRANCHES.has(unit.keyword));
  const insideBranch = (unit: OutputUnit) =>
    branches.some(
      (branch) => branch !== unit && unit.keywordLocation.startsWith(`${branch.keywordLocation}/`),
    );
  const problems: SchemaProblem[] = [];
  const seen = new Set<string>();
  for (const unit of result.errors) {
    if (WRAPPERS.has(unit.keyword) || insideBranch(unit)) continue;
    const nested = result.errors.filter((inner) =>
      inner.keywordLocation.startsWith(`${unit.keywordLocation}/`),
    );
    const message = messageOf(unit, nested);
    const path = pathOf(unit.instanceLocation);
    let from: number;
    let to: number;
    if (unit.keyword === 'additionalProperties') {
      const property = /Property "(.*)" does not match/.exec(unit.error)?.[1];
      const found = locate(doc, property === undefined ? path : [...path, property]);
      [from, to] = found.key ? rangeOf(text, found.key, false) : rangeOf(text, found.node, true);
    } else {
      const found = locate(doc, path);
      const objectLike = isMap(found.node) || isSeq(found.node);
      // An object's problem (a missing property, no matching form) marks its key, or its first
      // line when it has no key (a list item, the document); a value's problem marks the value.
      [from, to] =
        objectLike && found.key
          ? rangeOf(text, found.key, false)
          : rangeOf(text, found.node, objectLike);
    }
    const id = `${from}:${to}:${message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    problems.push({ from, to, message });
  }
  return problems.sort((a, b) => a.from - b.from);
}
