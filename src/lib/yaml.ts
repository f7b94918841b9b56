/** YAML helpers: the only importer of the `yaml` package (ESLint enforces it). */
import { parse, parseDocument, stringify } from 'yaml';

/** Serialise a value as YAML (spec tabs, editors). */
export function toYaml(value: unknown): string {
  return stringify(value, { indent: 2, lineWidth: 0 });
}

/** Parse YAML; returns `{ ok: false, error }` instead of throwing. */
export function parseYaml(
  text: string,
): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: parse(text) as unknown };
  } catch (error: unknown) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** A YAML syntax error with where it is (1-based line and column). */
export interface YamlError {
  message: string;
  line: number;
  column: number;
}

/**
 * Parse YAML and report where it is broken: the first error's message, line and column (1-based);
 * an empty text is `null`. For editors that must say where and why.
 */
export function parseYamlWithPosition(
  text: string,
): { ok: true; value: unknown } | { ok: false; error: YamlError } {
  const document = parseDocument(text);
  const first = document.errors[0];
  if (first) {
    const position = first.linePos?.[0];
    const message = first.message.split('\n')[0] ?? first.message;
    return {
      ok: false,
      error: {
        message: message.replace(/ at line \d+, column \d+:?$/, ''),
        line: position?.line ?? 1,
        column: position?.col ?? 1,
      },
    };
  }
  return { ok: true, value: document.toJS() as unknown };
}

/** The document with its nodes and their ranges, for editors that point into the text. */
export { parseDocument as parseYamlDocument, isMap, isPair, isScalar, isSeq } from 'yaml';
export type { Document as YamlDocument, Node as YamlNode } from 'yaml';
