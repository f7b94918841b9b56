/**
 * The time-range picker's panel (spec doc 1 §2): relative ranges (past and future), quick ranges,
 * the absolute From/To form with its calendar, and the recently used absolute ranges. Its own
 * chunk: the picker's button is on many pages' first load, the panel loads when the pointer or the
 * focus comes to the button (or on the first opening).
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { cx } from '../../lib/class-names';
import { AbsoluteRangeForm } from './absolute-range-form';
import { RangeOptionList, type RangeOption } from './range-option-list';
import {
  QUICK_RANGES,
  describeRelativeRange,
  formatTimeRange,
  tryParseTimeRange,
  type AbsoluteTimeRange,
  type RangeDirection,
  type RelativeTimeRange,
  type TimeRangeValue,
} from './time-range-value';
import { useRecentRangesStore, type RecentRange } from './use-recent-ranges-store';
import { formatWallClock, timeZoneAbbreviation } from './zoned-time';
import { clippingSpan } from '../clipping-span';

export interface TimeRangePanelProps {
  value: TimeRangeValue;
  timeZone: string;
  weekStartsOn: 0 | 1;
  relativeOptions: readonly string[];
  allowFuture: boolean;
  onPick: (value: TimeRangeValue) => void;
}

const sectionTitle = 'mb-1 px-2 text-xs font-semibold tracking-wide text-fg-muted uppercase';

function relativeOptionsFor(
  options: readonly string[],
  direction: RangeDirection,
): { option: RangeOption; value: RelativeTimeRange }[] {
  return options.flatMap((raw) => {
    const parsed = tryParseTimeRange(raw);
    if (parsed?.kind !== 'relative') return [];
    const value: RelativeTimeRange = { ...parsed, direction };
    const id = formatTimeRange(value);
    return [{ option: { id, label: describeRelativeRange(value) }, value }];
  });
}

function recentOption(range: RecentRange, timeZone: string): RangeOption {
  const from = Date.parse(range.from);
  const to = Date.parse(range.to);
  const fromZone = timeZoneAbbreviation(from, timeZone);
  const toZone = timeZoneAbbreviation(to, timeZone);
  const zones = fromZone === toZone ? fromZone : `${fromZone} to ${toZone}`;
  const text = `${formatWallClock(from, timeZone)} to ${formatWallClock(to, timeZone)}`;
  return {
    id: `${range.from}_${range.to}`,
    label: text,
    detail: `${timeZone} (${zones})`,
    ariaLabel: `${text}, ${timeZone} time`,
  };
}

export function TimeRangePanel({
  value,
  timeZone,
  weekStartsOn,
  relativeOptions,
  allowFuture,
  onPick,
}: TimeRangePanelProps) {
  const root = useRef<HTMLDivElement>(null);
  const [direction, setDirection] = useState<RangeDirection>(
    value.kind === 'relative' && allowFuture ? value.direction : 'past',
  );
  const recent = useRecentRangesStore((state) => state.ranges);
  const addRecent = useRecentRangesStore((state) => state.add);
  const [now] = useState(() => Date.now());
  const selectedId = formatTimeRange(value);

  // Keep the panel inside the area that clips it (the page's scroll container, else the viewport):
  // a wide panel aligned to a button near the edge would otherwise be cut off, or slide under the
  // sidebar. Checked on every frame while open, because the button can move after the panel opened
  // (a toolbar item that appears once its data arrives); a frame without a change costs one read.
  useLayoutEffect(() => {
    const panel = root.current?.closest<HTMLElement>('[role="dialog"]');
    if (!panel) return;
    let shift = 0;
    let frame = 0;
    const place = () => {
      const { left, right } = clippingSpan(panel);
      const margin = 8;
      const rect = panel.getBoundingClientRect();
      // Where the panel would be without the current shift.
      const naturalLeft = rect.left - shift;
      const naturalRight = rect.right - shift;
      let next = 0;
      if (naturalLeft < left + margin) next = left + margin - naturalLeft;
      else if (naturalRight > right - margin) next = right - margin - naturalRight;
      next = Math.round(next);
      if (next !== shift) {
        shift = next;
        panel.style.translate = shift === 0 ? '' : `${shift}px 0`;
      }
    };
    const loop = () => {
      place();
      frame = requestAnimationFrame(loop);
    };
    panel.style.translate = '';
    place();
    frame = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(frame);
  }, []);

  // Open on the current choice: its option, the From field for an absolute range, else the
  // first relative option.
  useEffect(() => {
    const panel = root.current;
    if (!panel) return;
    const target =
      panel.querySelector<HTMLElement>('[role="option"][aria-selected="true"]') ??
      (value.kind === 'absolute' ? panel.querySelector<HTMLElement>('input') : null) ??
      panel.querySelector<HTMLElement>('[role="option"]');
    target?.focus();
    // Only when the panel opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const relative = relativeOptionsFor(relativeOptions, direction);
  const recentOptions = recent.map((range) => recentOption(range, timeZone));

  function pickAbsolute(range: AbsoluteTimeRange) {
    addRecent(range);
    onPick(range);
  }

  return (
    <div ref={root} className="flex max-h-[min(36rem,80vh)] flex-col overflow-auto sm:flex-row">
      <section className="flex min-w-0 flex-col border-border p-2 sm:w-44 sm:border-r">
        <div className="mb-1 flex items-center justify-between gap-1 px-2">
          <h3 className="text-xs font-semibold tracking-wide text-fg-muted uppercase">Relative</h3>
          {allowFuture ? (
            <div
              role="group"
              aria-label="Direction"
              className="flex rounded-md bg-surface-sunken p-0.5"
            >
              {(['past', 'future'] as const).map((option) => (
                <button
                  key={option}
                  type="button"
                  aria-pressed={direction === option}
                  onClick={() => setDirection(option)}
                  className={cx(
                    'rounded px-1.5 text-xs font-medium transition-colors',
                    'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
                    direction === option
                      ? 'bg-surface text-fg shadow-sm'
                      : 'text-fg-muted hover:text-fg',
                  )}
                >
                  {option === 'past' ? 'Past' : 'Future'}
                </button>
              ))}
            </div>
          ) : null}
        </div>
        <RangeOptionList
          label={
            direction === 'past' ? 'Relative ranges in the past' : 'Relative ranges in the future'
          }
          options={relative.map((item) => item.option)}
          selectedId={selectedId}
          onSelect={(id) => {
            const picked = relative.find((item) => item.option.id === id);
            if (picked) onPick(picked.value);
          }}
        />
      </section>
      <section className="flex min-w-0 flex-col border-border p-2 sm:w-48 sm:border-r">
        <h3 className={sectionTitle}>Quick ranges</h3>
        <RangeOptionList
          label="Quick ranges"
          options={QUICK_RANGES.map((range, index) => ({
            id: range.key,
            label: range.label,
            startsGroup: index > 0 && QUICK_RANGES[index - 1]?.group !== range.group,
          }))}
          selectedId={selectedId}
          onSelect={(id) => {
            const picked = tryParseTimeRange(id);
            if (picked) onPick(picked);
          }}
        />
      </section>
      <div className="flex min-w-0 flex-1 flex-col gap-4 p-3">
        <AbsoluteRangeForm
          initial={value.kind === 'absolute' ? value : undefined}
          timeZone={timeZone}
          weekStartsOn={weekStartsOn}
          now={now}
          onSubmit={pickAbsolute}
        />
        <section className="-mx-2 flex flex-col">
          <h3 className={sectionTitle}>Recently used</h3>
          {recentOptions.length > 0 ? (
            <RangeOptionList
              label="Recently used absolute ranges"
              options={recentOptions}
              selectedId={value.kind === 'absolute' ? `${value.from}_${value.to}` : undefined}
              onSelect={(id) => {
                const range = recent.find((item) => `${item.from}_${item.to}` === id);
                if (range) pickAbsolute({ kind: 'absolute', ...range });
              }}
            />
          ) : (
            <p className="px-2 text-xs text-fg-muted">Absolute ranges you submit appear here.</p>
          )}
        </section>
      </div>
    </div>
  );
}
