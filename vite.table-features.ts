/**
 * TanStack Table v8 builds every table with all fifteen of its features (`builtInFeatures` in
 * @tanstack/table-core): the array references each one, so a bundler keeps them all. Vigil's one
 * data table (src/ui/data-table) uses headers, column visibility, order and pinning (the header
 * groups read their state), sorting (the server sorts; the table keeps the state), expanding,
 * pagination and column sizing. Faceting, column and global filtering, grouping, row pinning and
 * row selection are unused; they were about 3.5 KB of gzip on the first load of every page with a
 * table (docs/performance.md).
 *
 * This plugin rewrites the one array at build time to the features Vigil uses, and adds a small
 * feature of its own for the two steps of the row model pipeline that filtering and grouping
 * define (the rows pass through unchanged, as they do with those features and no filter or
 * grouping set). The build fails if the array is not found (a new table-core version), and
 * tests/scripts/table-features.test.ts fails if the console starts using an API of a removed
 * feature, and runs a table through the trimmed module.
 */
import type { Plugin } from 'vite';

/** The features the data table uses, in table-core's order. */
export const KEPT_TABLE_FEATURES = [
  'Headers',
  'ColumnVisibility',
  'ColumnOrdering',
  'ColumnPinning',
  'RowSorting',
  'RowExpanding',
  'RowPagination',
  'ColumnSizing',
] as const;

/** The features left out, and the table APIs of theirs the console must not call. */
export const REMOVED_TABLE_FEATURES: Record<string, readonly string[]> = {
  ColumnFaceting: ['getFacetedRowModel', 'getFacetedUniqueValues', 'getFacetedMinMaxValues'],
  ColumnFiltering: [
    'columnFilters',
    'setColumnFilters',
    'getFilteredRowModel',
    'getCanFilter',
    'getIsFiltered',
    'setFilterValue',
    'getFilterValue',
    'manualFiltering',
  ],
  GlobalFaceting: ['getGlobalFacetedRowModel'],
  GlobalFiltering: ['globalFilter', 'setGlobalFilter', 'getCanGlobalFilter'],
  ColumnGrouping: [
    'grouping',
    'setGrouping',
    'getGroupedRowModel',
    'getIsGrouped',
    'getCanGroup',
    'getToggleGroupingHandler',
    'getIsAggregated',
    'getIsPlaceholder',
    'aggregationFn',
  ],
  RowPinning: ['rowPinning', 'getTopRows', 'getBottomRows', 'getCenterRows'],
  RowSelection: [
    'rowSelection',
    'getIsSelected',
    'toggleSelected',
    'getToggleSelectedHandler',
    'getSelectedRowModel',
    'enableRowSelection',
  ],
};

const FEATURES_ARRAY = /const builtInFeatures = \[[^\]]*\];/;

/** Filtering's and grouping's steps of the row model, as they are with nothing set. */
const PASS_THROUGH_FEATURE = `
const VigilPassThroughRowModels = {
  createTable: table => {
    table.getPreFilteredRowModel = () => table.getCoreRowModel();
    table.getFilteredRowModel = () => table.getCoreRowModel();
    table.getPreGroupedRowModel = () => table.getCoreRowModel();
    table.getGroupedRowModel = () => table.getCoreRowModel();
  }
};
`;

/** table-core's module with only the kept features; throws when its feature list is not found. */
export function trimTableFeatures(code: string): string {
  const matches = code.match(new RegExp(FEATURES_ARRAY.source, 'g')) ?? [];
  if (matches.length !== 1) {
    throw new Error(
      `vigil-table-features: expected one "const builtInFeatures = [...]" in @tanstack/table-core, found ${matches.length}; check vite.table-features.ts against the installed version`,
    );
  }
  const listed = matches[0];
  for (const name of [...KEPT_TABLE_FEATURES, ...Object.keys(REMOVED_TABLE_FEATURES)]) {
    if (!new RegExp(`\\b${name}\\b`).test(listed)) {
      throw new Error(`vigil-table-features: @tanstack/table-core no longer lists ${name}`);
    }
  }
  const kept = [...KEPT_TABLE_FEATURES, 'VigilPassThroughRowModels'].join(', ');
  return code.replace(FEATURES_ARRAY, `${PASS_THROUGH_FEATURE}const builtInFeatures = [${kept}];`);
}

const TABLE_CORE = /[\\/]@tanstack[\\/]table-core[\\/]build[\\/]lib[\\/]index\.mjs$/;

export function tableFeatures(): Plugin {
  return {
    name: 'vigil-table-features',
    transform(code, id) {
      if (!TABLE_CORE.test(id.replace(/\?.*$/, ''))) return null;
      return { code: trimTableFeatures(code), map: null };
    },
  };
}
