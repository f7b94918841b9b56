/**
 * The time-range picker (spec doc 1 §2): a button showing the current range that opens a panel
 * with relative ranges (past and future), quick ranges, an absolute From/To panel with a
 * calendar, and the recently used absolute ranges.
 *
 * Controlled and router-free — value in, `onChange` out — so pages keep the value in the URL
 * (`timeRangeCodec`) and widgets in an attribute. Keyboard: the button opens the panel and focus
 * goes to the current choice; Tab moves between the lists and the form; arrow keys move inside a
 * list or the calendar; Enter or Space picks; Escape closes and returns focus to the button.
 *
 * The panel is positioned in place (no portal), so it also works inside a widget's shadow root.
 */
import { cx } from '../../lib/class-names';
import { ChevronDownIcon, ClockIcon } from '../icons';
import { lazyComponent } from '../lazy-component';
import { PopoverBase } from '../popover-base';
import { Spinner } from '../spinner';
import { RELATIVE_RANGE_OPTIONS, describeTimeRange, type TimeRangeValue } from './time-range-value';
import { localTimeZone } from './zoned-time';

// The panel's code loads when the button is approached (pointer or focus) or first opened: the
// button alone is on the first load of every page with a picker.
const TimeRangePanel = lazyComponent(
  () => import('./time-range-panel').then((module) => module.TimeRangePanel),
  {
    fallback: (
      <div className="flex justify-center p-6">
        <Spinner label="Loading time ranges" />
      </div>
    ),
  },
);

export interface TimeRangePickerProps {
  value: TimeRangeValue;
  /** Called with the picked range; the panel closes. */
  onChange: (value: TimeRangeValue) => void;
  /** IANA zone for quick ranges, typed times and display (default: the browser's). */
  timeZone?: string;
  /** First day of the week in the calendar: 0 Sunday, 1 Monday (default). */
  weekStartsOn?: 0 | 1;
  /** Relative options in URL form (default: spec doc 1 §9, `5m` … `5y`). */
  relativeOptions?: readonly string[];
  /** Offer "Next …" ranges as well as "Last …" (default true; spec: past and future). */
  allowFuture?: boolean;
  /** Accessible name of the control (default "Time range"). */
  label?: string;
  /** Which edge of the button the panel lines up with (default `end`). */
  align?: 'start' | 'end';
  disabled?: boolean;
  className?: string;
}

export function TimeRangePicker({
  value,
  onChange,
  timeZone: zoneProp,
  weekStartsOn = 1,
  relativeOptions = RELATIVE_RANGE_OPTIONS,
  allowFuture = true,
  label = 'Time range',
  align = 'end',
  disabled = false,
  className,
}: TimeRangePickerProps) {
  const timeZone = zoneProp ?? localTimeZone();
  const text = describeTimeRange(value, { timeZone });
  return (
    <PopoverBase
      className={cx('relative inline-block', className)}
      buttonProps={{
        disabled,
        onPointerEnter: TimeRangePanel.preload,
        onFocus: TimeRangePanel.preload,
        'aria-label': `${label}: ${text}`,
        title: text,
        className: cx(
          'inline-flex h-9 max-w-full items-center gap-2 rounded-md border border-border bg-surface px-3 text-sm font-medium text-fg shadow-sm transition-colors',
          'hover:bg-surface-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
          'disabled:cursor-not-allowed disabled:opacity-60 data-open:bg-surface-hover',
        ),
      }}
      button={
        <>
          <ClockIcon className="shrink-0 text-fg-muted" />
          <span className="truncate">{text}</span>
          <ChevronDownIcon className="shrink-0 text-fg-muted" />
        </>
      }
      panelProps={{
        role: 'dialog',
        'aria-label': `Select ${label.toLowerCase()}`,
        className: cx(
          'absolute top-full z-50 mt-2 w-[44rem] max-w-[calc(100vw-2rem)] rounded-lg border border-border bg-surface-raised text-fg shadow-lg focus:outline-none',
          align === 'end' ? 'right-0' : 'left-0',
        ),
      }}
    >
      {(close) => (
        <TimeRangePanel
          value={value}
          timeZone={timeZone}
          weekStartsOn={weekStartsOn}
          relativeOptions={relativeOptions}
          allowFuture={allowFuture}
          onPick={(next) => {
            onChange(next);
            close();
          }}
        />
      )}
    </PopoverBase>
  );
}
