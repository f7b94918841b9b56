/** Class names shared by the data table and the plain table, so both look the same. */
export const tableFrameClass = 'overflow-hidden rounded-lg border border-border bg-surface';
export const tableClass = 'w-full border-collapse text-sm';
export const tableHeadClass = 'sticky top-0 z-10 bg-surface-sunken';
export const tableHeaderCellClass =
  'border-b border-border px-3 py-2 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-fg-muted uppercase';
export const tableRowClass = 'border-b border-border last:border-b-0 hover:bg-surface-hover';
export const tableCellClass = 'px-3 py-2 align-middle';
export const tableEmptyCellClass = 'px-3 py-10 text-center text-fg-muted';

/** The page sizes offered (spec doc 1 §9). */
export const PAGE_SIZES = [5, 10, 25, 50, 100, 150, 200, 250, 300, 500, 1000] as const;
export const EMPTY_TABLE_MESSAGE = 'No data available';
