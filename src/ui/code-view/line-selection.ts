/**
 * Selected line numbers (1-based) of a code view: the click rules (plain, shift, ctrl/cmd), the
 * compact text form used in URLs (`3-7,12`) and the selected lines' text. Pure functions.
 */

export type LineSelection = ReadonlySet<number>;

/** The longest range text accepted from a URL. */
export const MAX_LINE_RANGES_TEXT = 1000;
/** The highest line number accepted from a URL. */
export const MAX_LINE_NUMBER = 10_000_000;
/** The most lines a parsed selection may hold (a huge range is cut here). */
export const MAX_SELECTED_LINES = 100_000;

/**
 * `3-7,12` → {3,4,5,6,7,12}. Bad parts (`x`, `0`, `9-3`, numbers over the limit) are skipped;
 * an empty or over-long text gives the empty set.
 */
export function parseLineRanges(text: string | null | undefined): Set<number> {
  const result = new Set<number>();
  if (!text || text.length > MAX_LINE_RANGES_TEXT) return result;
  for (const part of text.split(',')) {
    const match = /^\s*(\d{1,8})\s*(?:-\s*(\d{1,8})\s*)?$/.exec(part);
    if (!match) continue;
    const start = Number(match[1]);
    const end = match[2] === undefined ? start : Number(match[2]);
    if (start < 1 || end < start || end > MAX_LINE_NUMBER) continue;
    for (let line = start; line <= end && result.size < MAX_SELECTED_LINES; line++) {
      result.add(line);
    }
  }
  return result;
}

/** {3,4,5,6,7,12} → `3-7,12` (sorted, runs joined); '' for none. */
export function formatLineRanges(selection: Iterable<number>): string {
  const lines = [...new Set(selection)]
    .filter((line) => Number.isInteger(line) && line >= 1)
    .sort((a, b) => a - b);
  const parts: string[] = [];
  let index = 0;
  while (index < lines.length) {
    const start = lines[index]!;
    let end = start;
    while (index + 1 < lines.length && lines[index + 1] === end + 1) end = lines[++index]!;
    parts.push(start === end ? String(start) : `${start}-${end}`);
    index++;
  }
  return parts.join(',');
}

export interface LineClick {
  line: number;
  /** Shift held: extend from the anchor. */
  extend?: boolean;
  /** Ctrl or Cmd held: add or remove this one line. */
  toggle?: boolean;
}

export interface SelectionState {
  selected: LineSelection;
  /** The line a shift-click extends from (the last plain or ctrl/cmd click). */
  anchor: number | undefined;
}

/**
 * The selection after a click on a line number:
 * - plain: only that line (clicking the only selected line clears the selection);
 * - shift: the range from the anchor (or the nearest selected line) to the clicked line is added;
 * - ctrl/cmd: the line is added or removed, the rest stays.
 */
export function applyLineClick(state: SelectionState, click: LineClick): SelectionState {
  const { line } = click;
  if (click.extend) {
    const anchor = state.anchor ?? nearest(state.selected, line) ?? line;
    const next = new Set(click.toggle ? state.selected : []);
    const [from, to] = anchor <= line ? [anchor, line] : [line, anchor];
    for (let n = from; n <= to; n++) next.add(n);
    return { selected: next, anchor };
  }
  if (click.toggle) {
    const next = new Set(state.selected);
    if (next.has(line)) next.delete(line);
    else next.add(line);
    return { selected: next, anchor: line };
  }
  if (state.selected.size === 1 && state.selected.has(line)) {
    return { selected: new Set(), anchor: undefined };
  }
  return { selected: new Set([line]), anchor: line };
}

function nearest(selected: LineSelection, line: number): number | undefined {
  let best: number | undefined;
  for (const candidate of selected) {
    if (best === undefined || Math.abs(candidate - line) < Math.abs(best - line)) best = candidate;
  }
  return best;
}

export interface SelectedLine {
  /** 1-based line number. */
  number: number;
  text: string;
}

/** The selected lines of a text in order (numbers past the end are ignored). */
export function selectedLines(text: string, selected: LineSelection): SelectedLine[] {
  if (selected.size === 0) return [];
  const lines = splitLines(text);
  return [...selected]
    .filter((n) => n >= 1 && n <= lines.length)
    .sort((a, b) => a - b)
    .map((n) => ({ number: n, text: lines[n - 1]! }));
}

/** The selected lines' text joined with newlines, e.g. for the clipboard or an evidence. */
export function selectedLinesText(text: string, selected: LineSelection): string {
  return selectedLines(text, selected)
    .map((line) => line.text)
    .join('\n');
}

/** Lines of a text (`\r\n` and `\r` count as line ends; a final newline adds no empty line). */
export function splitLines(text: string): string[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
