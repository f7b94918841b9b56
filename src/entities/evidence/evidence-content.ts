/**
 * Pure helpers of the evidence view: the lines of a config evidence with 3 lines of context
 * around the selected ones (spec doc 2 §5), log lines in either stored shape, and labels.
 */
import type { EvidenceType } from '../../api/incident-model';

/** Lines of context shown around the selected lines of a config evidence. */
export const CONFIG_CONTEXT_LINES = 3;

export type ExcerptRow =
  | { kind: 'line'; number: number; text: string; selected: boolean }
  | { kind: 'gap'; hidden: number };

function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** `selected_lines` as stored: `{ "<line>": "<text>" }` (or a list of line numbers). */
export function parseSelectedLines(value: unknown): { key: number; text?: string }[] {
  if (Array.isArray(value)) {
    return value
      .map((item) => Number(item))
      .filter((n) => Number.isInteger(n) && n >= 0)
      .map((key) => ({ key }));
  }
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, text]) => ({ key: Number(key), text: asString(text) }))
      .filter((entry) => Number.isInteger(entry.key) && entry.key >= 0);
  }
  return [];
}

/**
 * Which 0-based indexes of `lines` are selected. Stored keys are line numbers whose base differs
 * between writers (0-based index or 1-based line), so a key whose text is stored is matched to the
 * line holding that text (the key itself, the line before, else the first line with the text);
 * keys without text are read as 1-based line numbers.
 */
export function selectedIndexes(
  lines: readonly string[],
  selected: readonly { key: number; text?: string }[],
): number[] {
  const out = new Set<number>();
  for (const { key, text } of selected) {
    if (text === undefined) {
      if (key >= 1 && key <= lines.length) out.add(key - 1);
      continue;
    }
    if (lines[key] === text) out.add(key);
    else if (lines[key - 1] === text) out.add(key - 1);
    else {
      const found = lines.indexOf(text);
      if (found >= 0) out.add(found);
    }
  }
  return [...out].sort((a, b) => a - b);
}

/** Whether stored lines hold every selected line at its number (0- or 1-based). */
export function storedLinesCover(
  lines: readonly string[],
  selected: readonly { key: number; text?: string }[],
): boolean {
  return selected.every(({ key, text }) =>
    text === undefined
      ? key >= 1 && key <= lines.length
      : lines[key] === text || lines[key - 1] === text,
  );
}

/**
 * The excerpt: every selected line with `context` lines either side, overlapping windows merged,
 * gaps between them as one row each. No selection shows the first lines.
 */
export function configExcerpt(
  lines: readonly string[],
  selected: readonly number[],
  context = CONFIG_CONTEXT_LINES,
): ExcerptRow[] {
  if (lines.length === 0) return [];
  const chosen = new Set(selected.filter((i) => i >= 0 && i < lines.length));
  const windows: [number, number][] = [];
  if (chosen.size === 0) {
    windows.push([0, Math.min(lines.length, context * 2 + 1) - 1]);
  } else {
    for (const index of [...chosen].sort((a, b) => a - b)) {
      const start = Math.max(0, index - context);
      const end = Math.min(lines.length - 1, index + context);
      const last = windows[windows.length - 1];
      if (last && start <= last[1] + 1) last[1] = Math.max(last[1], end);
      else windows.push([start, end]);
    }
  }
  const rows: ExcerptRow[] = [];
  let previousEnd = -1;
  for (const [start, end] of windows) {
    if (start > previousEnd + 1) rows.push({ kind: 'gap', hidden: start - previousEnd - 1 });
    for (let i = start; i <= end; i++) {
      rows.push({ kind: 'line', number: i + 1, text: lines[i] ?? '', selected: chosen.has(i) });
    }
    previousEnd = end;
  }
  if (previousEnd < lines.length - 1) {
    rows.push({ kind: 'gap', hidden: lines.length - 1 - previousEnd });
  }
  return rows;
}

export interface EvidenceLogLine {
  timestamp?: string;
  message: string;
}

/** Log evidence lines: plain strings or `{timestamp, message}` objects (the logs page's shape). */
export function evidenceLogLines(
  evidence: Record<string, unknown> | null | undefined,
): EvidenceLogLine[] {
  const lines = evidence?.lines;
  if (!Array.isArray(lines)) return [];
  const out: EvidenceLogLine[] = [];
  for (const line of lines) {
    if (typeof line === 'string') out.push({ message: line });
    else if (line && typeof line === 'object') {
      const record = line as Record<string, unknown>;
      const message = asString(record.message) ?? asString(record.msg) ?? '';
      out.push({ message, timestamp: asString(record.timestamp) ?? asString(record.time) });
    }
  }
  return out;
}

/** Config evidence's stored lines, when the evidence carries them. */
export function evidenceConfigLines(
  evidence: Record<string, unknown> | null | undefined,
): string[] | undefined {
  const lines = evidence?.lines;
  if (!Array.isArray(lines) || lines.length === 0) return undefined;
  return lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line)));
}

export const EVIDENCE_TYPE_LABELS: Record<EvidenceType, string> = {
  log: 'Log',
  config: 'Config',
  topology: 'Component',
  check: 'Health check',
  config_analysis: 'Insight',
  config_change: 'Change',
  comment: 'Comment',
};

export function evidenceTypeLabel(type: string | null | undefined): string {
  return (EVIDENCE_TYPE_LABELS as Record<string, string>)[type ?? ''] ?? (type || 'Evidence');
}
