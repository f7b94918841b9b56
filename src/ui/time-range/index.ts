/** Time-range picker and its value model (spec doc 1 §2). */
export { TimeRangePicker, type TimeRangePickerProps } from './time-range-picker';
export {
  DEFAULT_TIME_RANGE,
  QUICK_RANGES,
  RELATIVE_RANGE_OPTIONS,
  TIME_UNITS,
  absoluteRange,
  describeTimeRange,
  formatTimeRange,
  isQuickRangeKey,
  isSameTimeRange,
  parseTimeRange,
  quickRange,
  relativeRange,
  resolveTimeRange,
  timeRangeCodec,
  timeRangeDurationMs,
  tryParseTimeRange,
  type AbsoluteTimeRange,
  type QuickRangeKey,
  type QuickTimeRange,
  type RangeDirection,
  type RelativeTimeRange,
  type ResolveOptions,
  type ResolvedTimeRange,
  type TimeRangeValue,
  type TimeUnit,
} from './time-range-value';
export {
  MAX_RECENT_RANGES,
  RECENT_RANGES_STORAGE_KEY,
  useRecentRangesStore,
  type RecentRange,
} from './use-recent-ranges-store';
export { localTimeZone } from './zoned-time';
