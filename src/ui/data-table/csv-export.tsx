/**
 * 'Export CSV' for the data table: the visible columns (a column's `meta.csv` gives its value,
 * otherwise its accessor; `meta.csv: false` leaves it out) of every row the caller's `getRows`
 * returns — for server-paged tables, all pages with the current filters — saved as a file.
 */
import type { Column, RowData, Table } from '@tanstack/react-table';
import { useState } from 'react';
import { csvFileName, toCsv } from '../../lib/csv';
import { Button } from '../button';
import { DownloadIcon } from '../icons';
import { toast } from '../toast';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The CSV value of the column for a row; false leaves the column out of exports. */
    csv?: ((row: TData) => unknown) | false;
    /** The CSV header (default: the header text or the column id). */
    csvHeader?: string;
  }
}

export interface CsvExportOptions<T> {
  /** Base of the file name; the date is appended (`catalog-2026-11-24.csv`). */
  fileName: string;
  /** Every row to export (default: the rows the table holds). */
  getRows?: () => Promise<{ rows: readonly T[]; truncated?: boolean }>;
}

function exportColumns<T>(table: Table<T>): Column<T>[] {
  return table.getVisibleLeafColumns().filter((column) => column.columnDef.meta?.csv !== false);
}

function headerOf<T>(column: Column<T>): string {
  const def = column.columnDef;
  if (def.meta?.csvHeader) return def.meta.csvHeader;
  return typeof def.header === 'string' ? def.header : column.id;
}

function valueOf<T>(column: Column<T>, row: T, index: number): unknown {
  const csv = column.columnDef.meta?.csv;
  if (typeof csv === 'function') return csv(row);
  return column.accessorFn ? column.accessorFn(row, index) : '';
}

/** The CSV text of `rows` over the table's exported columns. */
export function tableCsv<T>(table: Table<T>, rows: readonly T[]): string {
  const columns = exportColumns(table);
  return toCsv(
    columns.map(headerOf),
    rows.map((row, index) => columns.map((column) => valueOf(column, row, index))),
  );
}

function saveFile(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function CsvExportButton<T>({
  table,
  options,
  data,
}: {
  table: Table<T>;
  options: CsvExportOptions<T>;
  data: readonly T[];
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const result = options.getRows ? await options.getRows() : { rows: data };
      saveFile(csvFileName(options.fileName), tableCsv(table, result.rows));
      if (result.truncated) {
        toast.info(`Exported the first ${result.rows.length.toLocaleString()} rows`);
      }
    } catch (error: unknown) {
      toast.error(error instanceof Error && error.message ? error.message : 'Export failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" variant="ghost" onClick={() => void run()} disabled={busy} aria-busy={busy}>
      <DownloadIcon size={14} />
      {busy ? 'Exporting…' : 'Export CSV'}
    </Button>
  );
}
