/** YAML helpers: the only importer of the `yaml` package (ESLint enforces it). */
import { parse, stringify } from 'yaml';

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
