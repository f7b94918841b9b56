/**
 * 'Export CSV' for the data table: the visible columns (a column's `meta.csv` gives its value,
 * otherwise its accessor; `meta.csv: false` leaves it out) of every row the caller's `getRows`
 * returns — for server-paged tables, all pages with the current filters — saved as a file
 * (csv-file.ts, loaded on the first press).
 */
import type { RowData, Table } from '@tanstack/react-table';
import { useState } from 'react';
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
      const [result, file] = await Promise.all([
        options.getRows?.() ?? { rows: data, truncated: false },
        import('./csv-file'),
      ]);
      file.saveTableCsv(table, result.rows, options.fileName);
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
