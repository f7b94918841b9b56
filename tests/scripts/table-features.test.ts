import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  KEPT_TABLE_FEATURES,
  REMOVED_TABLE_FEATURES,
  trimTableFeatures,
} from '../../vite.table-features';

const root = resolve(__dirname, '../..');
const tableCorePath = createRequire(join(root, 'package.json'))
  .resolve('@tanstack/table-core')
  .replace(/index\.js$/, 'index.mjs');
const tableCoreSource = readFileSync(tableCorePath, 'utf8');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the trimmed module, untyped
async function loadTrimmed(): Promise<any> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-table-core-'));
  const file = join(dir, 'index.mjs');
  writeFileSync(file, trimTableFeatures(tableCoreSource));
  return import(pathToFileURL(file).href);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

interface Person {
  id: string;
  name: string;
  age: number;
  children?: Person[];
}

describe('table-core trimmed to the data table’s features (vite.table-features.ts)', () => {
  it('keeps the listed features and the pass-through row model in the one feature list', () => {
    const trimmed = trimTableFeatures(tableCoreSource);
    const list = trimmed.match(/const builtInFeatures = \[([^\]]*)\];/)?.[1];
    expect(list?.split(',').map((name) => name.trim())).toEqual([
      ...KEPT_TABLE_FEATURES,
      'VigilPassThroughRowModels',
    ]);
  });

  it('fails the build when table-core’s feature list is not found', () => {
    expect(() => trimTableFeatures('export const x = 1;')).toThrow(/found 0/);
    const renamed = tableCoreSource.replace(
      /const builtInFeatures = \[[^\]]*\];/,
      'const builtInFeatures = [Headers, RowSorting];',
    );
    expect(() => trimTableFeatures(renamed)).toThrow(/no longer lists/);
  });

  it('draws, sorts, expands, pages and sizes a table as the data table uses it', async () => {
    const core = await loadTrimmed();
    const data: Person[] = [
      { id: 'a', name: 'Ann', age: 30, children: [{ id: 'a1', name: 'Abe', age: 5 }] },
      { id: 'b', name: 'Bob', age: 40 },
      { id: 'c', name: 'Cy', age: 50 },
    ];
    let state = {
      ...{
        columnVisibility: {},
        columnOrder: [],
        columnPinning: { left: [], right: [] },
        columnSizing: {},
        columnSizingInfo: {
          startOffset: null,
          startSize: null,
          deltaOffset: null,
          deltaPercentage: null,
          isResizingColumn: false,
          columnSizingStart: [],
        },
      },
      expanded: true as true | Record<string, boolean>,
      sorting: [] as { id: string; desc: boolean }[],
      pagination: { pageIndex: 0, pageSize: 2 },
    };
    const sortingChanges: unknown[] = [];
    const table = core.createTable({
      data,
      columns: [
        { accessorKey: 'name', header: 'Name', size: 200 },
        { accessorKey: 'age', header: 'Age' },
      ],
      getRowId: (row: Person) => row.id,
      getSubRows: (row: Person) => row.children,
      state,
      onStateChange: () => {},
      renderFallbackValue: null,
      manualSorting: true,
      enableColumnResizing: true,
      onSortingChange: (updater: unknown) => sortingChanges.push(updater),
      onPaginationChange: (updater: (old: typeof state.pagination) => typeof state.pagination) => {
        state = { ...state, pagination: updater(state.pagination) };
        table.setOptions((prev: object) => ({ ...prev, state }));
      },
      getCoreRowModel: core.getCoreRowModel(),
      getExpandedRowModel: core.getExpandedRowModel(),
      getPaginationRowModel: core.getPaginationRowModel(),
    });

    // Header groups and cells (headers, visibility, order, pinning).
    const headers = table.getHeaderGroups()[0].headers;
    expect(headers.map((header: { id: string }) => header.id)).toEqual(['name', 'age']);
    expect(table.getVisibleLeafColumns()).toHaveLength(2);
    // Expanded sub-rows count in the page: Ann, Abe | Bob, Cy.
    const page = () =>
      table
        .getRowModel()
        .rows.map((row: { id: string; depth: number }) => `${row.id}:${row.depth}`);
    expect(page()).toEqual(['a:0', 'a1:1']);
    expect(
      table
        .getRowModel()
        .rows[0].getVisibleCells()
        .map((cell: { getValue: () => unknown }) => cell.getValue()),
    ).toEqual(['Ann', 30]);
    expect(table.getPrePaginationRowModel().rows).toHaveLength(4);
    expect(table.getPageCount()).toBe(2);
    table.nextPage();
    expect(page()).toEqual(['b:0', 'c:0']);
    // Sorting: manual, so the rows keep the server's order and the header asks for the change.
    const age = table.getColumn('age');
    expect(age.getCanSort()).toBe(true);
    expect(age.getIsSorted()).toBe(false);
    age.toggleSorting(true);
    expect(sortingChanges).toHaveLength(1);
    expect(page()).toEqual(['b:0', 'c:0']);
    // Sizing.
    expect(table.getColumn('name').getSize()).toBe(200);
    expect(table.getTotalSize()).toBe(350);
    expect(age.getCanResize()).toBe(true);
  });

  it('the console calls no API of a removed feature', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(join(root, 'src'))) {
      const text = readFileSync(file, 'utf8');
      const usesTable =
        /from '@tanstack\/(react-table|table-core)'|from '[./]+\/ui\/data-table'/.test(text);
      for (const [feature, apis] of Object.entries(REMOVED_TABLE_FEATURES)) {
        for (const api of apis) {
          // Methods anywhere; option and state names in the files that build tables or columns.
          const call = new RegExp(`\\.${api}\\(`);
          const key = new RegExp(`(^|[\\s{,])${api}\\s*:|\\.${api}\\b`, 'm');
          if (call.test(text) || (usesTable && key.test(text))) {
            offenders.push(`${file.slice(root.length + 1)}: ${api} (${feature})`);
          }
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
