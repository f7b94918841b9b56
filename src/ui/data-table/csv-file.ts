/**
 * The CSV file of 'Export CSV' (csv-export.tsx), loaded when the button is first pressed: every
 * table page shows the button, few export, so the CSV writer is not part of their first load.
 */
import type { Column, Table } from '@tanstack/react-table';
import { csvFileName, toCsv } from '../../lib/csv';

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

/** Saves `rows` over the table's exported columns as `<fileName>-<date>.csv`. */
export function saveTableCsv<T>(table: Table<T>, rows: readonly T[], fileName: string): void {
  const text = tableCsv(table, rows);
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = csvFileName(fileName);
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
