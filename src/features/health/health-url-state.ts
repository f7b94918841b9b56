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
};

/** Debounce of the search input (spec doc 1 §5). */
export const HEALTH_SEARCH_DEBOUNCE_MS = 400;
