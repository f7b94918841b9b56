/**
 * The absolute panel of the time-range picker (spec doc 1 §2, doc 3 §5): From and To as typed
 * `YYYY-MM-DD HH:mm` in the picker's zone, a calendar, Clear and Submit. Submit stays disabled
 * until both are set and valid; a From that is not before To is an inline error.
 *
 * The calendar picks whole days: the first click sets From and To to that day, a second click
 * extends the range to the other day (in either direction); the next click starts again.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { cx } from '../../lib/class-names';
import { Button } from '../button';
import { RangeCalendar } from './range-calendar';
import { absoluteRange, type AbsoluteTimeRange } from './time-range-value';
import {
  addDays,
  comparePlainDates,
  formatWallClock,
  parseWallClock,
  plainDateOf,
  startOfDate,
  timeZoneAbbreviation,
  type PlainDate,
} from './zoned-time';

export interface AbsoluteRangeFormProps {
  /** Pre-fills From and To. */
  initial?: AbsoluteTimeRange;
  /** IANA zone in which typed times are read and shown. */
  timeZone: string;
  weekStartsOn?: 0 | 1;
  /** The current instant (today in the calendar). */
  now: number;
  onSubmit: (value: AbsoluteTimeRange) => void;
}

export const DATE_INPUT_FORMAT = 'YYYY-MM-DD HH:mm';
export const INVALID_DATE_MESSAGE = `Enter a date as ${DATE_INPUT_FORMAT}`;
export const ORDER_MESSAGE = 'From must be before To';

type FieldName = 'from' | 'to';

function fieldState(text: string, timeZone: string) {
  const trimmed = text.trim();
  const instant = trimmed === '' ? undefined : parseWallClock(trimmed, timeZone);
  return { isEmpty: trimmed === '', instant, isInvalid: trimmed !== '' && instant === undefined };
}

/**
 * Which message each field shows and whether Submit is enabled: both fields set, both valid,
 * From strictly before To (spec: Submit is disabled until From and To are both set).
 */
export function absoluteFormState(
  fromText: string,
  toText: string,
  timeZone: string,
  touched: { from: boolean; to: boolean } = { from: true, to: true },
) {
  const from = fieldState(fromText, timeZone);
  const to = fieldState(toText, timeZone);
  const isOutOfOrder =
    from.instant !== undefined && to.instant !== undefined && from.instant >= to.instant;
  const value =
    from.instant !== undefined && to.instant !== undefined && !isOutOfOrder
      ? absoluteRange(from.instant, to.instant)
      : undefined;
  return {
    fromError: from.isInvalid && touched.from ? INVALID_DATE_MESSAGE : undefined,
    toError:
      to.isInvalid && touched.to ? INVALID_DATE_MESSAGE : isOutOfOrder ? ORDER_MESSAGE : undefined,
    canSubmit: value !== undefined,
    value,
  };
}

export function AbsoluteRangeForm({
  initial,
  timeZone,
  weekStartsOn = 1,
  now,
  onSubmit,
}: AbsoluteRangeFormProps) {
  const id = useId();
  const [fromText, setFromText] = useState(() =>
    initial ? formatWallClock(Date.parse(initial.from), timeZone) : '',
  );
  const [toText, setToText] = useState(() =>
    initial ? formatWallClock(Date.parse(initial.to), timeZone) : '',
  );
  const [touched, setTouched] = useState({ from: false, to: false });
  const [pendingStart, setPendingStart] = useState<PlainDate>();
  const fromInput = useRef<HTMLInputElement>(null);

  const state = absoluteFormState(fromText, toText, timeZone, touched);
  const fromInstant = parseWallClock(fromText, timeZone);
  const toInstant = parseWallClock(toText, timeZone);
  const zoneName = timeZoneAbbreviation(fromInstant ?? now, timeZone);

  function setDays(first: PlainDate, last: PlainDate) {
    const [low, high] = comparePlainDates(first, last) <= 0 ? [first, last] : [last, first];
    setFromText(formatWallClock(startOfDate(low, timeZone), timeZone));
    // The last whole second of the day: reads as 23:59:59 rather than …59.999.
    setToText(formatWallClock(startOfDate(addDays(high, 1), timeZone) - 1000, timeZone));
    setTouched({ from: true, to: true });
  }

  function onCalendarSelect(date: PlainDate) {
    if (pendingStart) {
      setDays(pendingStart, date);
      setPendingStart(undefined);
    } else {
      setDays(date, date);
      setPendingStart(date);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched({ from: true, to: true });
    if (state.value) onSubmit(state.value);
  }

  function clear() {
    setFromText('');
    setToText('');
    setTouched({ from: false, to: false });
    setPendingStart(undefined);
    fromInput.current?.focus();
  }

  const field = (name: FieldName, label: string, text: string, error: string | undefined) => {
    const inputId = `${id}-${name}`;
    return (
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-xs font-medium text-fg">
          {label}
        </label>
        <input
          id={inputId}
          ref={name === 'from' ? fromInput : undefined}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          placeholder={DATE_INPUT_FORMAT}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={cx(`${id}-zone`, error && `${id}-${name}-error`)}
          onChange={(event) => {
            (name === 'from' ? setFromText : setToText)(event.target.value);
            setPendingStart(undefined);
          }}
          onBlur={() => setTouched((current) => ({ ...current, [name]: true }))}
          className={cx(
            'h-8 w-full rounded-md border bg-surface px-2 font-mono text-sm text-fg placeholder:text-fg-subtle',
            'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary',
            error ? 'border-danger' : 'border-border-strong',
          )}
        />
        {error ? (
          <p id={`${id}-${name}-error`} className="text-xs font-medium text-danger">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  const today = plainDateOf(now, timeZone);
  const rangeStart =
    pendingStart ?? (fromInstant !== undefined ? plainDateOf(fromInstant, timeZone) : undefined);
  const rangeEnd = pendingStart
    ? undefined
    : toInstant !== undefined
      ? plainDateOf(toInstant, timeZone)
      : undefined;

  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3"
      onSubmit={submit}
    >
      <h3
        id={`${id}-title`}
        className="text-xs font-semibold tracking-wide text-fg-muted uppercase"
      >
        Absolute time range
      </h3>
      <div className="grid grid-cols-2 gap-2">
        {field('from', 'From', fromText, state.fromError)}
        {field('to', 'To', toText, state.toError)}
      </div>
      <p id={`${id}-zone`} className="text-xs text-fg-muted">
        Times in {timeZone} ({zoneName})
      </p>
      <RangeCalendar
        today={today}
        rangeStart={rangeStart}
        rangeEnd={rangeEnd}
        onSelect={onCalendarSelect}
        weekStartsOn={weekStartsOn}
        label="Pick days"
      />
      <p className="text-xs text-fg-muted" aria-live="polite">
        {pendingStart
          ? 'Start day set. Pick the end day, or submit this day.'
          : 'Pick a start day, then an end day.'}
      </p>
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="ghost" onClick={clear}>
          Clear
        </Button>
        <Button size="sm" variant="primary" type="submit" disabled={!state.canSubmit}>
          Submit
        </Button>
      </div>
    </form>
  );
}
