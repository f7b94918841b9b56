/**
 * Fold ranges of JSON and YAML text, and the lines left visible when some are folded. Line
 * numbers are 1-based; a range folds the lines after its start up to and including its end.
 * Pure functions.
 */

export type CodeLanguage = 'json' | 'yaml';

/** start line → last line of the block. Only blocks of two or more lines fold. */
export type FoldRanges = ReadonlyMap<number, number>;

/**
 * JSON: every `{` or `[` whose match closes on a later line (strings are skipped, so brackets
 * inside them do not count). Unbalanced text folds what it can.
 */
export function jsonFoldRanges(lines: readonly string[]): Map<number, number> {
  const ranges = new Map<number, number>();
  const stack: number[] = [];
  lines.forEach((line, index) => {
    const lineNumber = index + 1;
    let inString = false;
    for (let i = 0; i < line.length; i++) {
      const char = line[i];
      if (inString) {
        if (char === '\\') i++;
        else if (char === '"') inString = false;
      } else if (char === '"') {
        inString = true;
      } else if (char === '{' || char === '[') {
        stack.push(lineNumber);
      } else if (char === '}' || char === ']') {
        const start = stack.pop();
        // Two openers on one line (`[{`): the outer one closes last and wins.
        if (start !== undefined && lineNumber > start) ranges.set(start, lineNumber);
      }
    }
  });
  return ranges;
}

function indentOf(line: string): number {
  const match = /^[ \t]*/.exec(line);
  return match ? match[0].length : 0;
}

function isBlank(line: string): boolean {
  const trimmed = line.trim();
  return trimmed === '' || trimmed.startsWith('#');
}

/**
 * YAML: a line folds the following lines that are indented deeper than it (blank and comment
 * lines inside are included; trailing ones are not). A `key:` line also folds a list written at
 * its own indent (`key:\n- a\n- b`). A list item `- a: 1` folds its more-indented continuation.
 */
export function yamlFoldRanges(lines: readonly string[]): Map<number, number> {
  const ranges = new Map<number, number>();
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (isBlank(line)) continue;
    const indent = indentOf(line);
    const trimmed = line.trim();
    // A list item's content starts after `- `: its children are indented past the dash.
    const opensSameIndentList = /:\s*(#.*)?$/.test(trimmed) && !trimmed.startsWith('- ');
    let end = -1;
    for (let next = index + 1; next < lines.length; next++) {
      const candidate = lines[next]!;
      if (isBlank(candidate)) continue;
      const candidateIndent = indentOf(candidate);
      const deeper = candidateIndent > indent;
      const listAtSameIndent =
        opensSameIndentList && candidateIndent === indent && /^\s*-(\s|$)/.test(candidate);
      if (deeper || listAtSameIndent) end = next;
      else break;
    }
    if (end > index) ranges.set(index + 1, end + 1);
  }
  return ranges;
}

export function foldRanges(lines: readonly string[], language: CodeLanguage): Map<number, number> {
  return language === 'json' ? jsonFoldRanges(lines) : yamlFoldRanges(lines);
}

/**
 * The line numbers shown when the blocks starting at `folded` are folded (a fold inside a folded
 * block is hidden with it).
 */
export function visibleLines(
  lineCount: number,
  ranges: FoldRanges,
  folded: ReadonlySet<number>,
): number[] {
  const visible: number[] = [];
  let line = 1;
  while (line <= lineCount) {
    visible.push(line);
    const end = folded.has(line) ? ranges.get(line) : undefined;
    line = end !== undefined ? end + 1 : line + 1;
  }
  return visible;
}

/** The start of the innermost block that contains `line` (excluding a block starting on it). */
export function enclosingFold(ranges: FoldRanges, line: number): number | undefined {
  let best: number | undefined;
  for (const [start, end] of ranges) {
    if (start < line && end >= line && (best === undefined || start > best)) best = start;
  }
  return best;
}
