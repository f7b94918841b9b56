/**
 * CSV dumps of the snapshot (RFC 4180): a header of the given columns, then one line per row.
 * Objects are written as JSON, dates as RFC 3339. A text cell that a spreadsheet would run as a
 * formula (starting with =, +, -, @, tab or carriage return) is prefixed with an apostrophe.
 */

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (value instanceof Date) text = value.toISOString();
  else if (typeof value === 'object') text = JSON.stringify(value);
  else if (typeof value === 'string') text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  else text = String(value as number | boolean | bigint);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
): string {
  const lines = [columns.map(cell).join(',')];
  for (const row of rows) lines.push(columns.map((column) => cell(row[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
