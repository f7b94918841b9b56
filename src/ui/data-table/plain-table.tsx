/**
 * A plain table for rows that are already paged, sorted and filtered (by the server): the data
 * table's look without TanStack Table or virtualisation, so light embeds (a widget's history) do
 * not carry them. Use `DataTable` for client-side sorting, paging, sub-rows or long lists.
 */
import type { ReactNode } from 'react';
import { Spinner } from '../spinner';
import {
  EMPTY_TABLE_MESSAGE,
  tableCellClass,
  tableClass,
  tableEmptyCellClass,
  tableFrameClass,
  tableHeadClass,
  tableHeaderCellClass,
  tableRowClass,
} from './table-styles';

export interface PlainColumn<T> {
  id: string;
  header: ReactNode;
  /** Width in px; omitted = shares the rest. */
  width?: number;
  cell: (row: T) => ReactNode;
}

export interface PlainTableProps<T> {
  rows: readonly T[];
  columns: readonly PlainColumn<T>[];
  /** Accessible name of the table. */
  label: string;
  getRowId: (row: T, index: number) => string;
  isLoading?: boolean;
  emptyMessage?: ReactNode;
}

export function PlainTable<T>({
  rows,
  columns,
  label,
  getRowId,
  isLoading = false,
  emptyMessage = EMPTY_TABLE_MESSAGE,
}: PlainTableProps<T>) {
  return (
    <div className={tableFrameClass}>
      <div className="overflow-auto">
        <table className={tableClass} aria-label={label} aria-busy={isLoading || undefined}>
          <thead className={tableHeadClass}>
            <tr>
              {columns.map((column) => (
                <th
                  key={column.id}
                  scope="col"
                  className={tableHeaderCellClass}
                  style={column.width ? { width: column.width } : undefined}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={getRowId(row, index)} className={tableRowClass}>
                {columns.map((column) => (
                  <td key={column.id} className={tableCellClass}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className={tableEmptyCellClass}>
                  {isLoading ? <Spinner label="Loading" /> : emptyMessage}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </div>
  );
}
