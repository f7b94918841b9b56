/**
 * The `evidence` object of a config evidence (postgrest.md §8.5): the config's content lines and
 * the selected ones keyed by their 0-based index in `lines` (the shape the seed writes and the
 * evidence view reads), from a code view's 1-based selection. Pure.
 */

export interface ConfigLinesEvidence {
  lines: string[];
  selected_lines: Record<string, string>;
}

/** Lines of a text as the code view counts them (`\r\n`/`\r` end lines; no trailing empty line). */
export function splitLinesForEvidence(text: string): string[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** `{lines, selected_lines}` for `text` with the 1-based line numbers in `selected`. */
export function configLinesEvidence(text: string, selected: Iterable<number>): ConfigLinesEvidence {
  const lines = splitLinesForEvidence(text);
  const selectedLines: Record<string, string> = {};
  for (const number of [...selected].sort((a, b) => a - b)) {
    if (!Number.isInteger(number) || number < 1 || number > lines.length) continue;
    selectedLines[String(number - 1)] = lines[number - 1]!;
  }
  return { lines, selected_lines: selectedLines };
}
