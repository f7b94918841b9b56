/** The health dashboard's URL parameters (spec doc 1 §2; contract rbac-and-flags.md §5.1). */
import {
  booleanCodec,
  enumCodec,
  param,
  refinedStringCodec,
  stringCodec,
  triStateMapCodec,
} from '../../lib/url-state';
import { ALL_TAB, SORT_BY, type SortBy } from './health-pipeline';
import { PIVOT_CELL_TYPES, type PivotCellType } from './health-pivot';

const nonEmpty = refinedStringCodec((value) => value.trim() !== '');

export const healthUrlSchema = {
  hidePassing: param(booleanCodec, true),
  groupBy: param(nonEmpty, 'canary_name'),
  tabBy: param(nonEmpty, 'namespace'),
  /** The selected tab (its value, e.g. a namespace). */
  tab: param(nonEmpty, ALL_TAB),
  query: param(stringCodec, ''),
  labels: param(triStateMapCodec, {}),
  sortBy: param(enumCodec<SortBy | ''>(['', ...SORT_BY]), ''),
  sortDesc: param(booleanCodec, false),
  layout: param(enumCodec(['table', 'card'] as const), 'table'),
  /** The range the dashboard and the check dialog use; '' = not chosen (the dialog derives one). */
  timeRange: param(stringCodec, ''),
  /** Opens the check detail dialog. */
  checkId: param(stringCodec, ''),
  /** `none` or a label key (§5.11). */
  pivotBy: param(nonEmpty, 'none'),
  /** The label whose values name the pivot's rows; '' = the checks' titles. */
  pivotLabel: param(stringCodec, ''),
  pivotCellType: param(enumCodec<PivotCellType | ''>(['', ...PIVOT_CELL_TYPES]), ''),
};

/** Debounce of the search input (spec doc 1 §5). */
export const HEALTH_SEARCH_DEBOUNCE_MS = 400;
