export {
  DataTable,
  EMPTY_TABLE_MESSAGE,
  PAGE_SIZES,
  preloadVirtualRows,
  VIRTUAL_FIRST_ROWS,
  VIRTUAL_OVERSCAN,
  VIRTUAL_ROW_ESTIMATE,
} from './data-table';
export type { DataTableProps } from './data-table';
export { PlainTable } from './plain-table';
export type { PlainColumn, PlainTableProps } from './plain-table';
export { Pagination, clampPage } from './pagination';
export type { ColumnDef, Row, SortingState } from '@tanstack/react-table';
export { CsvExportButton } from './csv-export';
export type { CsvExportOptions } from './csv-export';
