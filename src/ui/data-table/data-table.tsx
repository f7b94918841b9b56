/**
 * The data table (spec doc 1 §2 "Shared interface pieces"): TanStack Table with client-side or
 * server pagination (page-size selector, go-to-page input, the total), sortable headers (the
 * caller keeps the sorting, e.g. in the URL), expandable sub-rows, 'No data available' when
 * empty, 'Export CSV' of the visible columns, and a virtual mode (overscan 10, row estimate 35)
 * for very long lists.
 */
import {
  flexRender,
  getCoreRowModel,
  getExpandedRowModel,
  getPaginationRowModel,
  useReactTable,
  type ColumnDef,
  type ExpandedState,
  type Row,
  type SortingState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState, type ReactNode } from 'react';
import { cx } from '../../lib/class-names';
import { ChevronDownIcon } from '../icons';
import { Spinner } from '../spinner';
import { CsvExportButton, type CsvExportOptions } from './csv-export';
import { Pagination } from './pagination';
import {
  EMPTY_TABLE_MESSAGE,
  PAGE_SIZES,
  tableCellClass,
  tableClass,
  tableEmptyCellClass,
  tableFrameClass,
  tableHeadClass,
  tableHeaderCellClass,
  tableRowClass,
} from './table-styles';

export { EMPTY_TABLE_MESSAGE, PAGE_SIZES };
/** Virtual mode: rows rendered beyond the viewport and the estimated row height in px. */
export const VIRTUAL_OVERSCAN = 10;
export const VIRTUAL_ROW_ESTIMATE = 35;

export interface DataTableProps<T> {
  data: readonly T[];
  columns: ColumnDef<T>[];
  /** Accessible name of the table. */
  label: string;
  getRowId?: (row: T, index: number) => string;
  /** Sub-rows (grouping); rows start expanded. */
  getSubRows?: (row: T) => T[] | undefined;
  /** Client-side pagination; omitted = all rows. */
  pagination?: { pageSizes?: readonly number[]; initialPageSize?: number };
  /**
   * Server pagination: `data` is one page of `total` rows; the footer pages through them (the
   * caller keeps the page, e.g. in the URL). Excludes `pagination`.
   */
  serverPagination?: {
    pageIndex: number;
    pageSize: number;
    /** Undefined while unknown. */
    total: number | undefined;
    pageSizes?: readonly number[];
    onPageChange: (pageIndex: number) => void;
    onPageSizeChange: (pageSize: number) => void;
  };
  /** 'Export CSV' in the footer. */
  csvExport?: CsvExportOptions<T>;
  /** Virtual mode: rows are rendered inside a scroll area of this max height (CSS length). */
  virtual?: { maxHeight: string };
  /** Controlled sorting (the caller sorts: set `manualSorting`). */
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  isLoading?: boolean;
  emptyMessage?: ReactNode;
  rowClassName?: (row: Row<T>) => string | undefined;
  /**
   * A pointer shortcut: clicking a row (not one of its buttons, links or inputs) calls this.
   * Keyboard users need an equivalent control inside the row, such as a link in the first cell.
   */
  onRowClick?: (row: Row<T>) => void;
}

/** Whether a click landed on (or inside) an interactive element of the row. */
function fromControl(target: EventTarget | null, row: HTMLElement): boolean {
  let node = target instanceof Element ? target : null;
  while (node && node !== row) {
    if (node.matches('a, button, input, select, textarea, label, [role="button"]')) return true;
    node = node.parentElement;
  }
  return false;
}

function SortMark({ direction }: { direction: false | 'asc' | 'desc' }) {
  if (!direction) return <span className="size-3" aria-hidden="true" />;
  return (
    <ChevronDownIcon
      size={12}
      className={cx('transition-transform', direction === 'asc' && 'rotate-180')}
    />
  );
}

export function DataTable<T>({
  data,
  columns,
  label,
  getRowId,
  getSubRows,
  pagination,
  serverPagination,
  csvExport,
  virtual,
  sorting,
  onSortingChange,
  isLoading = false,
  emptyMessage = EMPTY_TABLE_MESSAGE,
  rowClassName,
  onRowClick,
}: DataTableProps<T>) {
  const [expanded, setExpanded] = useState<ExpandedState>(true);
  const [pageState, setPageState] = useState({
    pageIndex: 0,
    pageSize: pagination?.initialPageSize ?? 50,
  });
  // TanStack Table returns functions that the React Compiler must not memoise.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<T>({
    data: data as T[],
    columns,
    getRowId,
    getSubRows,
    state: {
      expanded,
      ...(sorting ? { sorting } : {}),
      ...(pagination ? { pagination: pageState } : {}),
    },
    onExpandedChange: setExpanded,
    onPaginationChange: setPageState,
    onSortingChange: (updater) => {
      if (!onSortingChange) return;
      onSortingChange(typeof updater === 'function' ? updater(sorting ?? []) : updater);
    },
    manualSorting: true,
    enableSorting: Boolean(onSortingChange),
    getCoreRowModel: getCoreRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
    ...(pagination
      ? { getPaginationRowModel: getPaginationRowModel(), autoResetPageIndex: true }
      : {}),
  });

  const rows = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => VIRTUAL_ROW_ESTIMATE,
    overscan: VIRTUAL_OVERSCAN,
  });
  const virtualItems = virtual ? virtualizer.getVirtualItems() : [];
  const paddingTop = virtual && virtualItems.length > 0 ? (virtualItems[0]?.start ?? 0) : 0;
  const paddingBottom =
    virtual && virtualItems.length > 0
      ? virtualizer.getTotalSize() - (virtualItems[virtualItems.length - 1]?.end ?? 0)
      : 0;
  const visibleRows = virtual
    ? virtualItems.map((item) => rows[item.index]).filter((row): row is Row<T> => Boolean(row))
    : rows;
  const columnCount = table.getVisibleLeafColumns().length;
  const exportButton = csvExport ? (
    <CsvExportButton table={table} options={csvExport} data={data} />
  ) : null;

  return (
    <div className={tableFrameClass}>
      <div
        ref={scrollRef}
        className="overflow-auto"
        style={virtual ? { maxHeight: virtual.maxHeight } : undefined}
      >
        <table className={tableClass} aria-label={label} aria-busy={isLoading || undefined}>
          <thead className={tableHeadClass}>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sortable = header.column.getCanSort();
                  const direction = header.column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={
                        direction === 'asc'
                          ? 'ascending'
                          : direction === 'desc'
                            ? 'descending'
                            : undefined
                      }
                      className={tableHeaderCellClass}
                      style={{ width: header.getSize() !== 150 ? header.getSize() : undefined }}
                    >
                      {header.isPlaceholder ? null : sortable ? (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          className="-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-fg focus-visible:outline-2 focus-visible:outline-primary"
                        >
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          <SortMark direction={direction} />
                        </button>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {paddingTop > 0 ? (
              <tr aria-hidden="true">
                <td colSpan={columnCount} style={{ height: paddingTop, padding: 0 }} />
              </tr>
            ) : null}
            {visibleRows.map((row) => (
              <tr
                key={row.id}
                data-depth={row.depth}
                className={cx(tableRowClass, onRowClick && 'cursor-pointer', rowClassName?.(row))}
                onClick={
                  onRowClick
                    ? (event) => {
                        if (!fromControl(event.target, event.currentTarget)) onRowClick(row);
                      }
                    : undefined
                }
                style={virtual ? { height: VIRTUAL_ROW_ESTIMATE } : undefined}
              >
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={tableCellClass}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
            {paddingBottom > 0 ? (
              <tr aria-hidden="true">
                <td colSpan={columnCount} style={{ height: paddingBottom, padding: 0 }} />
              </tr>
            ) : null}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columnCount} className={tableEmptyCellClass}>
                  {isLoading ? <Spinner label="Loading" /> : emptyMessage}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {pagination ? (
        <Pagination
          pageIndex={table.getState().pagination.pageIndex}
          pageCount={table.getPageCount()}
          pageSize={table.getState().pagination.pageSize}
          pageSizes={pagination.pageSizes ?? PAGE_SIZES}
          total={table.getPrePaginationRowModel().rows.length}
          onPageChange={(index) => table.setPageIndex(index)}
          onPageSizeChange={(size) => table.setPageSize(size)}
          extra={exportButton}
        />
      ) : serverPagination ? (
        <Pagination
          pageIndex={serverPagination.pageIndex}
          pageCount={
            serverPagination.total === undefined
              ? -1
              : Math.ceil(serverPagination.total / serverPagination.pageSize)
          }
          pageSize={serverPagination.pageSize}
          pageSizes={serverPagination.pageSizes ?? PAGE_SIZES}
          total={serverPagination.total}
          onPageChange={serverPagination.onPageChange}
          onPageSizeChange={serverPagination.onPageSizeChange}
          extra={exportButton}
        />
      ) : exportButton ? (
        <div className="flex justify-end border-t border-border px-3 py-2">{exportButton}</div>
      ) : null}
    </div>
  );
}
