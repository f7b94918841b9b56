/**
 * `<vigil-time-range-picker>`: the console's time-range picker (relative, quick and absolute
 * ranges, recently used ranges shared with the console through `vigil-time-range-recent`) as a
 * custom element. The `value` attribute is the state: a pick sets it and dispatches
 * `vigil-time-range-change` with the range and its instants.
 */
import { useCallback } from 'react';
import { TimeRangePicker } from '../../src/ui/time-range/time-range-picker';
import {
  formatTimeRange,
  resolveTimeRange,
  type TimeRangeValue,
} from '../../src/ui/time-range/time-range-value';
import type { WidgetProps } from '../runtime/define-widget';
import { useWidgetRuntime } from '../runtime/widget-context';
import type { timeRangePickerAttributes } from './time-range-picker-attributes';

export type TimeRangePickerWidgetProps = WidgetProps<typeof timeRangePickerAttributes>;

/** Attributes whose problems are shown next to the control (the others are not used here). */
const SHOWN_PROBLEMS = new Set(['value', 'time-zone', 'week-starts-on', 'theme']);

export function TimeRangePickerWidget({
  value,
  timeZone,
  weekStartsOn,
  noFuture,
  label,
}: TimeRangePickerWidgetProps) {
  const { host, emit, problems } = useWidgetRuntime();

  const onChange = useCallback(
    (next: TimeRangeValue) => {
      const text = formatTimeRange(next);
      const { from, to } = resolveTimeRange(next, { timeZone, weekStartsOn });
      // The attribute first, so listeners read the new value from the element.
      host.setAttribute('value', text);
      emit('vigil-time-range-change', {
        value: text,
        from: from.toISOString(),
        to: to.toISOString(),
      });
    },
    [host, emit, timeZone, weekStartsOn],
  );

  const shown = problems.filter((problem) => SHOWN_PROBLEMS.has(problem.attribute));
  return (
    <div part="root" className="inline-flex max-w-full flex-col items-start gap-1 text-fg">
      <TimeRangePicker
        value={value}
        onChange={onChange}
        timeZone={timeZone}
        weekStartsOn={weekStartsOn}
        allowFuture={!noFuture}
        label={label}
        align="start"
      />
      {shown.length > 0 ? (
        <ul part="message" role="alert" className="m-0 list-none p-0 text-xs text-danger">
          {shown.map((problem) => (
            <li key={problem.attribute}>{problem.message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
