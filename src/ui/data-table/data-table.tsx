/**
 * The data table (spec doc 1 §2 "Shared interface pieces"): TanStack Table with client-side or
 * server pagination (page-size selector, go-to-page input, the total), sortable headers (the
 * caller keeps the sorting, e.g. in the URL), expandable sub-rows, 'No data available' when
 * empty, 'Export CSV' of the visible columns, a virtual mode (overscan 10, row estimate 35 unless
 * given; rows of varying height measured; optionally kept scrolled to the end for a live tail)
 * for very long lists, and resizable columns whose widths the caller keeps.
 *
 * The virtual mode's code (virtual-rows.tsx, with @tanstack/react-virtual) loads when a table
 * first uses it, or ahead with `preloadVirtualRows()`; meanwhile such a table draws its first
 * {@link VIRTUAL_FIRST_ROWS} rows plainly, so the first rows never wait for it (and every row, if
 * the code cannot be loaded).
 */
import {
  flexRender,
  getCoreRowModel,
  getExpandedRowModel,
  getPaginationRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnSizingState,
  type ExpandedState,
  type Header,
  type Row,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
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

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** With resizable columns: this column takes the remaining width and has no handle. */
    fill?: boolean;
  }
}

export { EMPTY_TABLE_MESSAGE, PAGE_SIZES };
/** Keyboard step of a column resize handle (px); the smallest width a column is given. */
export const COLUMN_RESIZE_STEP = 16;
export const COLUMN_MIN_WIDTH = 48;
/** Virtual mode: rows rendered beyond the viewport and the estimated row height in px. */
export const VIRTUAL_OVERSCAN = 10;
export const VIRTUAL_ROW_ESTIMATE = 35;
/** Virtual mode before its code is here: the first rows, drawn plainly meanwhile. */
export const VIRTUAL_FIRST_ROWS = 60;

type VirtualRowsModule = typeof import('./virtual-rows');
let virtualRows: VirtualRowsModule['VirtualRows'] | undefined;
let virtualRowsLoading: Promise<VirtualRowsModule['VirtualRows']> | undefined;

/** Loads the virtual mode's code once (a page that will show a long list can call it early). */
export function preloadVirtualRows(): Promise<VirtualRowsModule['VirtualRows']> {
  virtualRowsLoading ??= import('./virtual-rows').then(
    (module) => (virtualRows = module.VirtualRows),
    (error: unknown) => {
      virtualRowsLoading = undefined;
      throw error;
    },
  );
  return virtualRowsLoading;
}

/**
 * The virtual mode's component once loaded (asked for while `wanted`), and whether loading it
 * failed: then the table draws every row plainly, slower but with none left out (a later table
 * asks again).
 */
function useVirtualRows(wanted: boolean): {
  VirtualRows: VirtualRowsModule['VirtualRows'] | undefined;
  failed: boolean;
} {
  const [loaded, setLoaded] = useState(() => virtualRows);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!wanted || loaded || failed) return;
    let current = true;
    preloadVirtualRows().then(
      (component) => {
        if (current) setLoaded(() => component);
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, loaded, failed]);
  return { VirtualRows: loaded, failed };
}

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
  virtual?: {
    maxHeight: string;
    /** Estimated row height in px (default {@link VIRTUAL_ROW_ESTIMATE}). */
    rowEstimate?: number;
    /** Rows of varying height (wrapped text): each drawn row is measured, none is fixed. */
    measureRows?: boolean;
    /** Keep the last row in view whenever the data changes (live tail). */
    stickToEnd?: boolean;
    /** Called when scrolling reaches or leaves the end of the list. */
    onAtEndChange?: (atEnd: boolean) => void;
  };
  /**
   * Resizable columns: drag a header's edge, or focus it and use the arrow keys; a double click
   * restores the default. The caller keeps the widths (e.g. stored in the browser). A column
   * with `meta.fill` takes the remaining width.
   */
  columnSizing?: {
    sizes: ColumnSizingState;
    onChange: (sizes: ColumnSizingState) => void;
  };
  /** Controlled sorting (the caller sorts: set `manualSorting`). */
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  isLoading?: boolean;
  /**
   * The rows are the previous ones (e.g. React Query's `isPlaceholderData`) while the rows of a new
   * sort, page or filter load: they stay on screen, dimmed, the table is busy and 'Loading' is
   * announced; the new rows replace them in the server's order when they come.
   */
  isPlaceholder?: boolean;
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

function headerText<T>(header: Header<T, unknown>): string {
  const text = header.column.columnDef.header;
  return typeof text === 'string' ? text : header.column.id;
}

/** The drag and keyboard handle on a header's right edge. */
function ResizeHandle<T>({ header }: { header: Header<T, unknown> }) {
  const column = header.column;
  const size = header.getSize();
  const resize = (delta: number) =>
    header.getContext().table.setColumnSizing((sizes) => ({
      ...sizes,
      [column.id]: Math.max(COLUMN_MIN_WIDTH, size + delta),
    }));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') resize(-COLUMN_RESIZE_STEP);
    else if (event.key === 'ArrowRight') resize(COLUMN_RESIZE_STEP);
    else if (event.key === 'Home') column.resetSize();
    else return;
    event.preventDefault();
  };
  const handler = header.getResizeHandler();
  return (
    // A button, so it is reached with Tab and named; the arrow keys resize, Home restores.
    <button
      type="button"
      aria-label={`Resize ${headerText(header)} column (${Math.round(size)} px)`}
      title="Drag, or use the arrow keys, to resize; double-click to restore"
      onMouseDown={handler}
      onTouchStart={handler}
      onDoubleClick={() => column.resetSize()}
      onKeyDown={onKeyDown}
      className={cx(
        'absolute top-0 right-0 h-full w-2 cursor-col-resize touch-none border-0 bg-transparent p-0 select-none',
        'after:absolute after:top-1/4 after:right-0.5 after:h-1/2 after:w-0.5 after:rounded after:bg-border-strong',
        'hover:after:bg-primary focus-visible:outline-2 focus-visible:outline-primary',
        column.getIsResizing() && 'after:bg-primary',
      )}
    />
  );
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

/**
 * Whether the element's content overflows it (then it scrolls and must take keyboard focus).
 * Checked when the element or its content changes size, and when the row count changes.
 */
function useScrollable(ref: RefObject<HTMLElement | null>, rowCount: number): boolean {
  const [scrollable, setScrollable] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const check = () =>
      setScrollable(
        element.scrollWidth > element.clientWidth + 1 ||
          element.scrollHeight > element.clientHeight + 1,
      );
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref, rowCount]);
  return scrollable;
}

/**
 * The rows a first frame draws of rows that replace others: what the window can show at the
 * rows' smallest height ({@link FIRST_SCREEN_ROW_HEIGHT} px), at least
 * {@link FIRST_SCREEN_MIN_ROWS}. The rest are drawn once that frame is painted, so a new sort, page
 * or filter shows its first screen without waiting for the rows below it (150 rows of a settings
 * list cost 60–110 ms to draw).
 */
export const FIRST_SCREEN_ROW_HEIGHT = 32;
export const FIRST_SCREEN_MIN_ROWS = 20;
function firstScreenRows(): number {
  return Math.max(FIRST_SCREEN_MIN_ROWS, Math.ceil(innerHeight / FIRST_SCREEN_ROW_HEIGHT));
}

/**
 * Placeholder rows are dimmed once the new rows have taken this long (ms). Dimming puts the body
 * in a layer of its own that is painted again whole (40 ms for 150 rows in a software-painted
 * browser), work that would delay the new rows of a quick answer; a quick answer is not dimmed.
 */
export const PLACEHOLDER_DIM_DELAY_MS = 100;

/** `on`, once it has been true for `delayMs`; false at once when it turns false. */
function useDelayedFlag(on: boolean, delayMs: number): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!on) return;
    const timer = window.setTimeout(() => setLate(true), delayMs);
    return () => {
      window.clearTimeout(timer);
      setLate(false);
    };
  }, [on, delayMs]);
  return on && late;
}

/** The height given, meanwhile, to the rows not drawn yet (a one-line row), so a page scrolled
 * down the table keeps its place. */
export const UNDRAWN_ROW_HEIGHT = 37;

interface Body<T> {
  rows: readonly Row<T>[];
  key: number;
  /** How many of the rows are drawn: the first screen of new rows, until it is painted. */
  drawn: number;
  /** The rows are the previous ones while new ones load (DataTableProps.isPlaceholder). */
  placeholder: boolean;
  /**
   * The body of the rows just replaced, kept hidden until the new rows are painted: taking a
   * body of 150 rows out of the document costs 10–15 ms, which then does not delay the new rows.
   */
  leaving?: { key: number; rows: readonly Row<T>[]; drawn: number };
}

/**
 * The table body's key and how many of its rows to draw.
 *
 * The key changes when the rows are a wholly new set (a new sort or page: none of the previous
 * rows' ids is among them). The new rows are then drawn in a new body, built apart and put in the
 * document in one step, and the old body leaves in one step, instead of each old row being taken
 * out of the document and each new one put in, one at a time. Rows that stay (a refresh, a row
 * added or changed) keep the body and are updated in place.
 *
 * Rows that replace others are drawn in a new body, the replaced rows' body hidden until they are
 * painted, and, when longer than a screen, in two steps: the first screen
 * ({@link firstScreenRows}) at once, the rest after that frame's paint. They are a wholly new set
 * or the rows that replace placeholder rows (the answer to a new sort, page or filter, whatever
 * rows it shares with the previous ones). The first rows of a table are drawn whole, at once, so
 * the page is quiet once it shows (a click on it then is not kept waiting by the rest of its
 * rows). A refresh in place draws every row at once. `progressive` false: every row at once,
 * always.
 */
function useBody<T>(rows: readonly Row<T>[], progressive: boolean, placeholder: boolean): Body<T> {
  const [body, setBody] = useState<Body<T>>(() => ({ rows, key: 0, drawn: Infinity, placeholder }));
  let current = body;
  if (body.rows !== rows) {
    const previous = new Set(body.rows.map((row) => row.id));
    const fresh = !rows.some((row) => previous.has(row.id));
    const replaced = progressive && body.rows.length > 0 && (fresh || body.placeholder);
    const kept = rows.length === 0 || body.rows.length === 0 || (!fresh && !replaced);
    current = {
      rows,
      key: kept ? body.key : body.key + 1,
      drawn: replaced ? firstScreenRows() : Infinity,
      placeholder,
      // The rows replaced leave once the new ones are painted (hidden meanwhile).
      leaving:
        replaced && !kept ? { key: body.key, rows: body.rows, drawn: body.drawn } : undefined,
    };
    setBody(current);
  } else if (body.placeholder !== placeholder) {
    current = { ...body, placeholder };
    setBody(current);
  }
  const pending = current.drawn < rows.length || current.leaving !== undefined;
  useEffect(() => {
    if (!pending) return;
    // After the next frame's paint (a timer set from its animation frame fires after it). Not
    // ui/after-paint: its users differ from the table's, so it was a chunk of its own on every
    // table page (0.2 KB and a request), for these few lines.
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() =>
        setBody((now) =>
          now.rows === rows ? { ...now, drawn: Infinity, leaving: undefined } : now,
        ),
      );
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [pending, rows]);
  return current;
}

interface DataRowProps<T> {
  row: Row<T>;
  /** The table's expansion: a change draws the rows again (a cell may show it). */
  expanded: ExpandedState;
  /**
   * The columns as given: new ones draw the rows again. The row model keeps a row's object while
   * its data is the same, but a cell may read what the columns closed over (a rule's name that
   * arrived after the rows): pages that keep their columns (useMemo) keep the saving.
   */
  columns: unknown;
  measure: ((element: Element | null) => void) | undefined;
  index: number | undefined;
  rowIndex: number | undefined;
  className: string;
  onRowClick: ((row: Row<T>) => void) | undefined;
  height: number | undefined;
}

/**
 * One body row. Memoised: the row model keeps a row's object while its data is the same and the
 * columns are given again as the same array, so a re-render of the page (a filter written to the URL while the previous page stays
 * on screen) does not draw every cell again.
 */
const DataRow = memo(function DataRow<T>({
  row,
  measure,
  index,
  rowIndex,
  className,
  onRowClick,
  height,
}: DataRowProps<T>) {
  return (
    <tr
      ref={measure}
      data-index={index}
      aria-rowindex={rowIndex}
      data-depth={row.depth}
      className={className}
      onClick={
        onRowClick
          ? (event) => {
              if (!fromControl(event.target, event.currentTarget)) onRowClick(row);
            }
          : undefined
      }
      style={height !== undefined ? { height } : undefined}
    >
      {row.getVisibleCells().map((cell) => (
        <td key={cell.id} className={tableCellClass}>
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </td>
      ))}
    </tr>
  );
}) as <T>(props: DataRowProps<T>) => ReactNode;

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
  columnSizing,
  sorting,
  onSortingChange,
  isLoading = false,
  isPlaceholder = false,
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
      ...(columnSizing ? { columnSizing: columnSizing.sizes } : {}),
    },
    enableColumnResizing: Boolean(columnSizing),
    columnResizeMode: 'onChange',
    onColumnSizingChange: (updater) => {
      if (!columnSizing) return;
      columnSizing.onChange(typeof updater === 'function' ? updater(columnSizing.sizes) : updater);
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
  const body = useBody(rows, !virtual, isPlaceholder);
  const dimmed = useDelayedFlag(isPlaceholder && rows.length > 0, PLACEHOLDER_DIM_DELAY_MS);
  // One click handler for every render, so that rows whose data did not change are not drawn
  // again (DataRow is memoised) when the page re-renders for something else (a filter in the URL).
  const onRowClickRef = useRef(onRowClick);
  useLayoutEffect(() => {
    onRowClickRef.current = onRowClick;
  });
  const handleRowClick = useCallback((row: Row<T>) => onRowClickRef.current?.(row), []);
  const scrollRef = useRef<HTMLDivElement>(null);
  const scrollable = useScrollable(scrollRef, rows.length);
  const rowEstimate = virtual?.rowEstimate ?? VIRTUAL_ROW_ESTIMATE;
  const { VirtualRows, failed: virtualRowsFailed } = useVirtualRows(Boolean(virtual));
  const atEndRef = useRef<boolean | undefined>(undefined);
  const onAtEndChange = virtual?.onAtEndChange;
  const onScroll = onAtEndChange
    ? () => {
        const element = scrollRef.current;
        if (!element) return;
        const atEnd = element.scrollHeight - element.scrollTop - element.clientHeight < 8;
        if (atEnd !== atEndRef.current) {
          atEndRef.current = atEnd;
          onAtEndChange(atEnd);
        }
      }
    : undefined;
  const columnCount = table.getVisibleLeafColumns().length;
  const headerRowCount = table.getHeaderGroups().length;
  const drawRow = (
    row: Row<T>,
    index: number,
    measure: ((element: Element | null) => void) | undefined,
  ) => (
    <DataRow
      key={row.id}
      row={row}
      expanded={expanded}
      columns={columns}
      measure={measure}
      index={virtual ? index : undefined}
      rowIndex={virtual ? headerRowCount + index + 1 : undefined}
      className={cx(tableRowClass, onRowClick && 'cursor-pointer', rowClassName?.(row))}
      onRowClick={onRowClick ? handleRowClick : undefined}
      height={virtual && !virtual.measureRows ? rowEstimate : undefined}
    />
  );
  const exportButton = csvExport ? (
    <CsvExportButton table={table} options={csvExport} data={data} />
  ) : null;

  return (
    <div className={tableFrameClass}>
      <div
        ref={scrollRef}
        className="overflow-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary"
        style={virtual ? { maxHeight: virtual.maxHeight } : undefined}
        onScroll={onScroll}
        // A table wider or taller than its frame scrolls: keyboard users reach it (WCAG 2.1.1).
        {...(scrollable ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
      >
        <table
          className={cx(tableClass, columnSizing && 'table-fixed')}
          style={columnSizing ? { minWidth: table.getTotalSize() } : undefined}
          aria-label={label}
          aria-busy={isLoading || isPlaceholder || undefined}
          // Virtual mode draws some of the rows: assistive technology (and tests) learn the whole
          // count here and each drawn row's place from aria-rowindex.
          aria-rowcount={virtual ? headerRowCount + rows.length : undefined}
        >
          <thead className={tableHeadClass}>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sortable = header.column.getCanSort();
                  const direction = header.column.getIsSorted();
                  const resizable =
                    Boolean(columnSizing) &&
                    !header.column.columnDef.meta?.fill &&
                    header.column.getCanResize();
                  const width = columnSizing
                    ? header.column.columnDef.meta?.fill
                      ? undefined
                      : header.getSize()
                    : header.getSize() !== 150
                      ? header.getSize()
                      : undefined;
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
                      className={cx(tableHeaderCellClass, resizable && 'relative')}
                      style={{ width }}
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
                      {resizable ? <ResizeHandle header={header} /> : null}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody key={body.key} className={cx('transition-opacity', dimmed && 'opacity-70')}>
            {virtual && VirtualRows ? (
              <VirtualRows
                rows={rows}
                scrollRef={scrollRef}
                rowEstimate={rowEstimate}
                overscan={VIRTUAL_OVERSCAN}
                measureRows={Boolean(virtual.measureRows)}
                stickToEnd={Boolean(virtual.stickToEnd)}
                data={data}
                columnCount={columnCount}
                renderRow={drawRow}
              />
            ) : (
              rows
                .slice(0, virtual && !virtualRowsFailed ? VIRTUAL_FIRST_ROWS : body.drawn)
                .map((row, index) => drawRow(row, index, undefined))
            )}
            {rows.length > body.drawn && !virtual ? (
              <tr aria-hidden="true">
                <td
                  colSpan={columnCount}
                  style={{ height: (rows.length - body.drawn) * UNDRAWN_ROW_HEIGHT, padding: 0 }}
                />
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
          {body.leaving ? (
            // After the new body, so that the table's first body is always the rows shown.
            // The same children, in the same places, as when it was shown: its rows are kept as
            // they are, none drawn or moved again.
            <tbody key={body.leaving.key} className="transition-opacity" hidden>
              {body.leaving.rows
                .slice(0, body.leaving.drawn)
                .map((row, index) => drawRow(row, index, undefined))}
              {null}
              {null}
            </tbody>
          ) : null}
        </table>
      </div>
      {/* The previous rows stay while new ones load: said here, as the spinner says it on a first load. */}
      <div aria-live="polite" className="sr-only">
        {isPlaceholder && rows.length > 0 ? 'Loading' : ''}
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
