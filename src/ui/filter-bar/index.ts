export { FilterBar } from './filter-bar';
export type { FilterBarProps } from './filter-bar';
export { SearchFilter } from './search-filter';
export type { SearchFilterProps } from './search-filter';
export { SelectFilter } from './select-filter';
export type { SelectFilterOption, SelectFilterProps } from './select-filter';
export { MAX_LISTED_OPTIONS, TriStateFilter, withTriState } from './tri-state-filter';
export type { TriStateFilterProps, TriStateOption } from './tri-state-filter';
