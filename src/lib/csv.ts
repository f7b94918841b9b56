/**
 * CSV text (RFC 4180): fields with a comma, quote or line break are quoted, quotes doubled, lines
 * end with CRLF. A text field starting with `=`, `+`, `-`, `@`, tab or CR gets a leading `'` so a
 * spreadsheet never runs it as a formula (OWASP "CSV injection"); numbers are left as they are.
 */

/** One cell's text: null/undefined → '', objects → JSON, dates → ISO. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString();
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const guarded = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

export function toCsv(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const lines = [headers.map(csvCell).join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** A file name from a base name and today's date: `catalog-2026-11-24.csv`. */
export function csvFileName(base: string, now: Date = new Date()): string {
  const safe = base.replace(/[^a-z0-9-_]+/gi, '-').replace(/^-+|-+$/g, '') || 'export';
  return `${safe}-${now.toISOString().slice(0, 10)}.csv`;
}
