/** Auto-refresh: the interval selector, its stored choice and the polling hook (spec doc 1 §4). */
export { RefreshSelector, type RefreshSelectorProps } from './refresh-selector';
export {
  DEFAULT_REFRESH_OPTION,
  MEDIUM_INTERVALS_MAX_RANGE_MS,
  REFRESH_OPTIONS,
  SHORT_INTERVALS_MAX_RANGE_MS,
  effectiveRefreshOption,
  isRefreshOption,
  isRefreshOptionDisabled,
  parseRefreshInterval,
  refreshIntervalMs,
  refreshOptionLabel,
  type RefreshOption,
} from './refresh-options';
export {
  readRefreshOption,
  useRefreshInterval,
  type RefreshIntervalState,
} from './use-refresh-interval';
export { useAutoRefresh, type AutoRefreshOptions } from './use-auto-refresh';
