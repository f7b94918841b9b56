/**
 * The health table's pivot (contract rbac-and-flags.md §5.11): with `pivotBy` a label key and a
 * `pivotCellType`, the filtered checks become a matrix. Columns are the values of the `pivotBy`
 * label; rows are the values of the `pivotLabel` label when one is chosen, else the checks'
 * titles; each cell holds the checks of that row and column and shows the chosen value.
 */
import type { CheckSummary } from '../../api/types';
import { checkTitle, compareLabelKeys } from './health-pipeline';

export const PIVOT_CELL_TYPES = ['uptime', 'latency', 'status', 'last_transition_time'] as const;
export type PivotCellType = (typeof PIVOT_CELL_TYPES)[number];

export const PIVOT_CELL_LABELS: Record<PivotCellType, string> = {
  uptime: 'Uptime',
  latency: 'Latency',
  status: 'Status',
  last_transition_time: 'Last transition',
};

/** The column of checks without the `pivotBy` label. */
export const PIVOT_NONE = '(none)';

export interface PivotRow {
  key: string;
  /** Column value -> the checks in that cell. */
  cells: Map<string, CheckSummary[]>;
}

export interface PivotTable {
  columns: string[];
  rows: PivotRow[];
}

function labelValue(check: CheckSummary, key: string): string | undefined {
  const value = check.labels?.[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

const byText = (a: string, b: string): number =>
  a === PIVOT_NONE ? 1 : b === PIVOT_NONE ? -1 : a.localeCompare(b, undefined, { numeric: true });

/** Whether the settings ask for a pivot: a label key to pivot by and a cell type. */
export function isPivotActive(pivotBy: string, cellType: string, labelKeys: readonly string[]) {
  return pivotBy !== 'none' && labelKeys.includes(pivotBy) && cellType !== '';
}

export function buildPivot(
  checks: readonly CheckSummary[],
  pivotBy: string,
  pivotLabel: string,
): PivotTable {
  const columns = new Set<string>();
  const rows = new Map<string, PivotRow>();
  for (const check of checks) {
    const column = labelValue(check, pivotBy) ?? PIVOT_NONE;
    const rowKey = (pivotLabel ? labelValue(check, pivotLabel) : undefined) ?? checkTitle(check);
    columns.add(column);
    let row = rows.get(rowKey);
    if (!row) {
      row = { key: rowKey, cells: new Map() };
      rows.set(rowKey, row);
    }
    const cell = row.cells.get(column);
    if (cell) cell.push(check);
    else row.cells.set(column, [check]);
  }
  return {
    columns: [...columns].sort(byText),
    rows: [...rows.values()].sort((a, b) => byText(a.key, b.key)),
  };
}

/** Label keys offered as pivot choices, in label order. */
export function pivotKeys(labelKeys: readonly string[]): string[] {
  return [...labelKeys].sort(compareLabelKeys);
}
