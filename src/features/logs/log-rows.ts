/**
 * The log table's rows from a search answer: oldest first (a live tail grows at the bottom), a
 * stable key per line (selection survives polling), the level read from the labels or the start of
 * the message, and the time shown to the millisecond in the browser's zone.
 */
import type { LogLine } from '../../api/logs';
import { logMessageText } from '../../lib/log-message';

export type LogLevel = 'error' | 'warn' | 'info' | 'debug';

export interface LogRow extends LogLine {
  /** Stable across refreshes: the time, the message and, for repeats, the occurrence. */
  key: string;
  level: LogLevel | undefined;
  /** Milliseconds since the epoch; NaN when the timestamp does not parse. */
  time: number;
}

const LEVEL_LABELS = ['level', 'severity', 'lvl', 'loglevel', 'log.level', 'detected_level'];

const LEVEL_WORDS: Record<string, LogLevel> = {
  fatal: 'error',
  panic: 'error',
  crit: 'error',
  critical: 'error',
  emerg: 'error',
  emergency: 'error',
  alert: 'error',
  error: 'error',
  err: 'error',
  e: 'error',
  warning: 'warn',
  warn: 'warn',
  w: 'warn',
  info: 'info',
  information: 'info',
  notice: 'info',
  i: 'info',
  debug: 'debug',
  trace: 'debug',
  d: 'debug',
};

/** A level word (`ERROR`, `warning`, `E`) as a level; undefined when it is none. */
export function levelOfWord(word: string | undefined): LogLevel | undefined {
  if (!word) return undefined;
  return LEVEL_WORDS[word.trim().toLowerCase()];
}

const MESSAGE_LEVEL =
  /(?:^|[\s[(|"'=])(FATAL|PANIC|CRIT(?:ICAL)?|ERROR|ERR|WARN(?:ING)?|INFO|NOTICE|DEBUG|TRACE)(?=$|[\s\]):|,"'])/i;
const KEY_VALUE_LEVEL = /\b(?:level|lvl|severity)\s*[=:]\s*"?([a-zA-Z]+)/i;

/** The level of a line: a level label, else `level=…`, else a level word near the start. */
export function lineLevel(
  labels: Readonly<Record<string, string>> | null | undefined,
  message: string,
): LogLevel | undefined {
  for (const name of LEVEL_LABELS) {
    const level = levelOfWord(labels?.[name]);
    if (level) return level;
  }
  const head = logMessageText(message.slice(0, 200)).slice(0, 120);
  const keyValue = KEY_VALUE_LEVEL.exec(head);
  const fromKeyValue = levelOfWord(keyValue?.[1]);
  if (fromKeyValue) return fromKeyValue;
  return levelOfWord(MESSAGE_LEVEL.exec(head)?.[1]);
}

/** The rows of an answer, oldest first; lines with equal times keep the backend's order. */
export function toLogRows(lines: readonly LogLine[]): LogRow[] {
  const seen = new Map<string, number>();
  const rows = lines.map((line, order) => {
    const base = `${line.timestamp}\u0000${line.message}`;
    const occurrence = seen.get(base) ?? 0;
    seen.set(base, occurrence + 1);
    return {
      row: {
        ...line,
        key: occurrence === 0 ? base : `${base}\u0000${occurrence}`,
        level: lineLevel(line.labels, line.message),
        time: Date.parse(line.timestamp),
      },
      order,
    };
  });
  rows.sort((a, b) => {
    const at = Number.isNaN(a.row.time) ? -Infinity : a.row.time;
    const bt = Number.isNaN(b.row.time) ? -Infinity : b.row.time;
    return at === bt ? a.order - b.order : at - bt;
  });
  return rows.map((entry) => entry.row);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `YYYY-MM-DD HH:mm:ss.SSS` in the browser's zone; the raw text when it does not parse. */
export function formatLogTime(time: number, raw: string): string {
  if (Number.isNaN(time)) return raw || '-';
  const date = new Date(time);
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.` +
    pad(date.getMilliseconds(), 3)
  );
}

/** Labels shown beside a message: the level label is already the Level column. */
export function visibleLabels(
  labels: Readonly<Record<string, string>> | null | undefined,
): [string, string][] {
  return Object.entries(labels ?? {})
    .filter(([key]) => !LEVEL_LABELS.includes(key))
    .sort(([a], [b]) => a.localeCompare(b));
}
