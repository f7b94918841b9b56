/**
 * A month grid for picking days (APG date-picker grid pattern): one tab stop, arrow keys move a
 * day or a week, Home/End go to the week's ends, PageUp/PageDown change month (with Shift, year),
 * Enter or Space picks. Days in `rangeStart…rangeEnd` are marked selected. Works on plain
 * calendar dates; turning a day into instants is the caller's business.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { cx } from '../../lib/class-names';
import { ChevronLeftIcon, ChevronRightIcon } from '../icons';
import { IconButton } from '../icon-button';
import {
  addDays,
  addMonths,
  comparePlainDates,
  dayOfWeek,
  formatPlainDate,
  startOfWeekDate,
  type PlainDate,
} from './zoned-time';

export interface RangeCalendarProps {
  /** The day marked as today. */
  today: PlainDate;
  rangeStart?: PlainDate;
  rangeEnd?: PlainDate;
  onSelect: (date: PlainDate) => void;
  /** 0 Sunday, 1 Monday. */
  weekStartsOn?: 0 | 1;
  /** Accessible name of the grid (the month is added to it). */
  label?: string;
}

const NAMES_LOCALE = 'en-US';

function utcDate(date: PlainDate): Date {
  const value = new Date(0);
  value.setUTCFullYear(date.year, date.month - 1, date.day);
  return value;
}

// Formatters are costly to build and a month shows 42 days: build each once.
const monthFormat = new Intl.DateTimeFormat(NAMES_LOCALE, {
  timeZone: 'UTC',
  month: 'long',
  year: 'numeric',
});
const weekdayFormat = {
  long: new Intl.DateTimeFormat(NAMES_LOCALE, { timeZone: 'UTC', weekday: 'long' }),
  short: new Intl.DateTimeFormat(NAMES_LOCALE, { timeZone: 'UTC', weekday: 'short' }),
};
const dayFormat = new Intl.DateTimeFormat(NAMES_LOCALE, {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

function monthTitle(date: PlainDate): string {
  return monthFormat.format(utcDate(date));
}

function dayName(date: PlainDate, style: 'long' | 'short'): string {
  return weekdayFormat[style].format(utcDate(date));
}

function fullDayLabel(date: PlainDate): string {
  return dayFormat.format(utcDate(date));
}

function sameMonth(a: PlainDate, b: PlainDate): boolean {
  return a.year === b.year && a.month === b.month;
}

/** The 6 weeks shown for the month of `month`, starting on `weekStartsOn`. */
export function calendarWeeks(month: PlainDate, weekStartsOn: number): PlainDate[][] {
  const first = startOfWeekDate({ year: month.year, month: month.month, day: 1 }, weekStartsOn);
  return Array.from({ length: 6 }, (_, week) =>
    Array.from({ length: 7 }, (_, day) => addDays(first, week * 7 + day)),
  );
}

export function RangeCalendar({
  today,
  rangeStart,
  rangeEnd,
  onSelect,
  weekStartsOn = 1,
  label = 'Calendar',
}: RangeCalendarProps) {
  const [focused, setFocused] = useState<PlainDate>(rangeStart ?? today);
  const [month, setMonth] = useState<PlainDate>({ ...(rangeStart ?? today), day: 1 });
  // Set by keyboard moves: after the re-render, focus follows the tab stop.
  const shouldFocus = useRef(false);
  const grid = useRef<HTMLTableElement>(null);

  // The focused day follows the shown month when the month buttons change it.
  const visibleFocus = sameMonth(focused, month) ? focused : month;

  useEffect(() => {
    if (!shouldFocus.current) return;
    shouldFocus.current = false;
    grid.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  });

  function focusDay(date: PlainDate) {
    setFocused(date);
    setMonth({ ...date, day: 1 });
    shouldFocus.current = true;
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const from = visibleFocus;
    let next: PlainDate | undefined;
    switch (event.key) {
      case 'ArrowLeft':
        next = addDays(from, -1);
        break;
      case 'ArrowRight':
        next = addDays(from, 1);
        break;
      case 'ArrowUp':
        next = addDays(from, -7);
        break;
      case 'ArrowDown':
        next = addDays(from, 7);
        break;
      case 'Home':
        next = startOfWeekDate(from, weekStartsOn);
        break;
      case 'End':
        next = addDays(startOfWeekDate(from, weekStartsOn), 6);
        break;
      case 'PageUp':
        next = addMonths(from, event.shiftKey ? -12 : -1);
        break;
      case 'PageDown':
        next = addMonths(from, event.shiftKey ? 12 : 1);
        break;
      default:
        return;
    }
    event.preventDefault();
    focusDay(next);
  }

  const low =
    rangeStart && rangeEnd && comparePlainDates(rangeEnd, rangeStart) < 0 ? rangeEnd : rangeStart;
  const high =
    rangeStart && rangeEnd && comparePlainDates(rangeEnd, rangeStart) < 0 ? rangeStart : rangeEnd;
  const isSelected = (date: PlainDate) =>
    low !== undefined &&
    comparePlainDates(date, low) >= 0 &&
    comparePlainDates(date, high ?? low) <= 0;
  const isEndpoint = (date: PlainDate) =>
    (low !== undefined && comparePlainDates(date, low) === 0) ||
    (high !== undefined && comparePlainDates(date, high) === 0);

  const weeks = calendarWeeks(month, weekStartsOn);
  const header = weeks[0] ?? [];

  return (
    <div className="w-full">
      <div className="mb-1 flex items-center justify-between gap-2">
        <IconButton
          label="Previous month"
          size="sm"
          icon={<ChevronLeftIcon />}
          onClick={() => setMonth(addMonths(month, -1))}
        />
        <h3 aria-live="polite" className="text-sm font-semibold text-fg">
          {monthTitle(month)}
        </h3>
        <IconButton
          label="Next month"
          size="sm"
          icon={<ChevronRightIcon />}
          onClick={() => setMonth(addMonths(month, 1))}
        />
      </div>
      <table
        ref={grid}
        role="grid"
        aria-label={`${label}, ${monthTitle(month)}`}
        className="w-full border-collapse text-center text-xs"
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {header.map((date) => (
              <th
                key={dayOfWeek(date)}
                scope="col"
                abbr={dayName(date, 'long')}
                className="pb-1 font-medium text-fg-muted"
              >
                {dayName(date, 'short').slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={formatPlainDate(week[0] ?? month)}>
              {week.map((date) => {
                const selected = isSelected(date);
                const endpoint = isEndpoint(date);
                const inMonth = sameMonth(date, month);
                const isToday = comparePlainDates(date, today) === 0;
                const isFocusTarget = comparePlainDates(date, visibleFocus) === 0;
                return (
                  <td key={formatPlainDate(date)} role="gridcell" aria-selected={selected}>
                    <button
                      type="button"
                      tabIndex={isFocusTarget ? 0 : -1}
                      aria-label={fullDayLabel(date)}
                      aria-current={isToday ? 'date' : undefined}
                      data-date={formatPlainDate(date)}
                      onClick={() => {
                        setFocused(date);
                        onSelect(date);
                      }}
                      onFocus={() => {
                        if (!isFocusTarget) setFocused(date);
                      }}
                      className={cx(
                        'my-px inline-flex size-8 items-center justify-center rounded-md tabular-nums transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
                        endpoint
                          ? 'bg-primary font-semibold text-primary-fg hover:bg-primary-hover'
                          : selected
                            ? 'bg-primary-soft text-fg hover:bg-surface-hover'
                            : inMonth
                              ? 'text-fg hover:bg-surface-hover'
                              : 'text-fg-subtle hover:bg-surface-hover',
                        isToday && !endpoint && 'font-semibold underline underline-offset-2',
                      )}
                    >
                      {date.day}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
