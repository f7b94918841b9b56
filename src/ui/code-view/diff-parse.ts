/**
 * Parsing of unified diff text (as stored in config_changes.diff: `--- a/…`, `+++ b/…`,
 * `@@ -8,7 +8,7 @@` hunks) into lines with old/new line numbers, and pairing of those lines into
 * side-by-side rows. Pure functions: no React, no DOM.
 */

/** A line of a hunk. `context` lines exist on both sides. */
export interface DiffLine {
  kind: 'context' | 'add' | 'remove';
  text: string;
  /** Line number in the old file (remove and context lines). */
  oldNumber?: number;
  /** Line number in the new file (add and context lines). */
  newNumber?: number;
  /** `\ No newline at end of file` followed this line. */
  noNewline?: boolean;
}

export interface DiffHunk {
  /** The `@@ … @@` line as written, including any section heading after it. */
  header: string;
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  lines: DiffLine[];
}

export interface ParsedDiff {
  /** Path of the old file without the `a/` prefix, when given. */
  oldPath?: string;
  /** Path of the new file without the `b/` prefix, when given. */
  newPath?: string;
  hunks: DiffHunk[];
  additions: number;
  deletions: number;
}

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** The longest diff text parsed; longer input is cut (a diff this size is not read by a person). */
export const MAX_DIFF_CHARS = 2_000_000;

function stripPrefix(path: string): string | undefined {
  // `--- a/path\tdate` → `path`; /dev/null means no file.
  const name = path.split('\t')[0]?.trim() ?? '';
  if (name === '' || name === '/dev/null') return undefined;
  return name.replace(/^[ab]\//, '');
}

/**
 * Parse a unified diff. Returns null when the text has no hunk (empty or not a unified diff).
 * Lines before the first hunk other than the file headers (`diff --git`, `index …`) are ignored;
 * hunk bodies end at the next hunk or file header. Counts in the header are trusted only as far as
 * the body goes: a short body is accepted as it is.
 */
export function parseUnifiedDiff(text: string | null | undefined): ParsedDiff | null {
  if (!text) return null;
  const source = text.length > MAX_DIFF_CHARS ? text.slice(0, MAX_DIFF_CHARS) : text;
  const rows = source.replace(/\r\n?/g, '\n').split('\n');
  const result: ParsedDiff = { hunks: [], additions: 0, deletions: 0 };
  let hunk: DiffHunk | null = null;
  let oldLine = 0;
  let newLine = 0;

  for (const row of rows) {
    const header = HUNK_HEADER.exec(row);
    if (header) {
      oldLine = Number(header[1]);
      newLine = Number(header[3]);
      hunk = {
        header: row,
        oldStart: oldLine,
        oldLines: header[2] === undefined ? 1 : Number(header[2]),
        newStart: newLine,
        newLines: header[4] === undefined ? 1 : Number(header[4]),
        lines: [],
      };
      result.hunks.push(hunk);
      continue;
    }
    if (row.startsWith('--- ') && (hunk === null || isBodyComplete(hunk, oldLine, newLine))) {
      result.oldPath = stripPrefix(row.slice(4));
      hunk = null;
      continue;
    }
    if (row.startsWith('+++ ') && hunk === null) {
      result.newPath = stripPrefix(row.slice(4));
      continue;
    }
    if (hunk === null) continue;
    if (row.startsWith('\\')) {
      const last = hunk.lines[hunk.lines.length - 1];
      if (last) last.noNewline = true;
      continue;
    }
    const sign = row[0];
    const body = row.slice(1);
    if (sign === '+') {
      hunk.lines.push({ kind: 'add', text: body, newNumber: newLine++ });
      result.additions++;
    } else if (sign === '-') {
      hunk.lines.push({ kind: 'remove', text: body, oldNumber: oldLine++ });
      result.deletions++;
    } else if (sign === ' ' || row === '') {
      // An empty row inside a hunk is a context line whose leading space was trimmed, unless the
      // hunk is already complete (then it is the trailing newline of the text).
      if (row === '' && isBodyComplete(hunk, oldLine, newLine)) continue;
      hunk.lines.push({ kind: 'context', text: body, oldNumber: oldLine++, newNumber: newLine++ });
    } else if (row.startsWith('diff ') || row.startsWith('index ')) {
      hunk = null;
    }
  }
  return result.hunks.length > 0 ? result : null;
}

/** The body holds as many lines as the header announced (line numbers have moved past the end). */
function isBodyComplete(hunk: DiffHunk, oldLine: number, newLine: number): boolean {
  return oldLine >= hunk.oldStart + hunk.oldLines && newLine >= hunk.newStart + hunk.newLines;
}

/** One row of the side-by-side view: a line on the left, the right, or both. */
export interface SplitRow {
  left?: DiffLine;
  right?: DiffLine;
}

/**
 * Pair a hunk's lines for the side-by-side view: context lines sit on both sides; a run of removals
 * followed by a run of additions is paired row by row (the longer run leaves blanks on the other
 * side).
 */
export function toSplitRows(lines: readonly DiffLine[]): SplitRow[] {
  const rows: SplitRow[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index]!;
    if (line.kind === 'context') {
      rows.push({ left: line, right: line });
      index++;
      continue;
    }
    const removed: DiffLine[] = [];
    const added: DiffLine[] = [];
    while (index < lines.length && lines[index]!.kind === 'remove') removed.push(lines[index++]!);
    while (index < lines.length && lines[index]!.kind === 'add') added.push(lines[index++]!);
    const count = Math.max(removed.length, added.length);
    for (let i = 0; i < count; i++) rows.push({ left: removed[i], right: added[i] });
  }
  return rows;
}
