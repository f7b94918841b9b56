/**
 * The auto-refresh selector (spec doc 1 §2 health dashboard, §4 "Dashboard refresh"): Off, 15s,
 * 30s, 60s, 2m, 3m, 5m, 10m, 15m, stored in localStorage under `storageKey` (one key per page).
 *
 * Intervals too short for the range are disabled — for ranges of 1 hour or more 15s and 30s, for
 * 3 hours or more also 2m and 3m (thresholds from the spec; see `refresh-options.ts`). A stored
 * choice the range disables is kept, and the next longer enabled interval applies meanwhile.
 *
 * The page polls with the same key:
 * ```tsx
 * const rangeMs = timeRangeDurationMs(timeRange);
 * const { intervalMs } = useRefreshInterval('vigil-health-refresh', rangeMs);
 * useAutoRefresh(intervalMs, () => void summary.refetch());
 * <RefreshSelector storageKey="vigil-health-refresh" rangeMs={rangeMs} />
 * ```
 * A listbox (Headless UI): arrow keys skip disabled options, Escape closes, focus returns.
 * The options open in place (no portal), so the selector also works in a widget's shadow root.
 */
import {
  Field,
  Label,
  Listbox,
  ListboxButton,
  ListboxOption,
  ListboxOptions,
} from '@headlessui/react';
import { cx } from '../../lib/class-names';
import { CheckIcon, ChevronDownIcon, RefreshIcon } from '../icons';
import {
  REFRESH_OPTIONS,
  disabledRefreshReason,
  isRefreshOptionDisabled,
  refreshIntervalMs,
  refreshOptionLabel,
  type RefreshOption,
} from './refresh-options';
import { useRefreshInterval } from './use-refresh-interval';

export interface RefreshSelectorProps {
  /** localStorage key of this page's choice, e.g. `vigil-health-refresh`. */
  storageKey: string;
  /** Length of the range on screen in ms (`timeRangeDurationMs`); disables short intervals. */
  rangeMs?: number;
  /** Called when the user picks an option, with its interval (`null` for Off). */
  onChange?: (option: RefreshOption, intervalMs: number | null) => void;
  /** Accessible name (default "Auto-refresh"). */
  label?: string;
  /** Which edge of the button the list lines up with (default `end`). */
  align?: 'start' | 'end';
  className?: string;
}

export function RefreshSelector({
  storageKey,
  rangeMs,
  onChange,
  label = 'Auto-refresh',
  align = 'end',
  className,
}: RefreshSelectorProps) {
  const { effectiveOption, setOption } = useRefreshInterval(storageKey, rangeMs);
  return (
    <Field className={cx('relative inline-block', className)}>
      <Label className="sr-only">{label}</Label>
      <Listbox
        value={effectiveOption}
        onChange={(option: RefreshOption) => {
          setOption(option);
          onChange?.(option, refreshIntervalMs(option));
        }}
      >
        <ListboxButton
          title={`${label}: ${refreshOptionLabel(effectiveOption)}`}
          className={cx(
            'inline-flex h-9 items-center gap-2 rounded-md border border-border bg-surface px-3 text-sm font-medium text-fg shadow-sm transition-colors',
            'hover:bg-surface-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary data-open:bg-surface-hover',
          )}
        >
          <RefreshIcon className="shrink-0 text-fg-muted" />
          <span className="tabular-nums">{refreshOptionLabel(effectiveOption)}</span>
          <ChevronDownIcon className="shrink-0 text-fg-muted" />
        </ListboxButton>
        <ListboxOptions
          className={cx(
            'absolute top-full z-50 mt-2 w-56 rounded-lg border border-border bg-surface-raised p-1 shadow-lg focus:outline-none',
            align === 'end' ? 'right-0' : 'left-0',
          )}
        >
          {REFRESH_OPTIONS.map((option) => {
            const disabled = isRefreshOptionDisabled(option, rangeMs);
            const reason = disabled ? disabledRefreshReason(option) : undefined;
            return (
              <ListboxOption
                key={option}
                value={option}
                disabled={disabled}
                title={reason}
                className={cx(
                  'group flex cursor-pointer items-start gap-2 rounded-md px-2.5 py-1.5 text-sm text-fg',
                  'data-focus:bg-surface-hover data-selected:font-medium',
                  'data-disabled:cursor-not-allowed data-disabled:opacity-50',
                )}
              >
                <span className="min-w-0 flex-1">
                  <span className="block tabular-nums">{refreshOptionLabel(option)}</span>
                  {reason ? <span className="block text-xs text-fg-muted">{reason}</span> : null}
                </span>
                <CheckIcon
                  size={14}
                  className="invisible mt-0.5 shrink-0 text-primary group-data-selected:visible"
                />
              </ListboxOption>
            );
          })}
        </ListboxOptions>
      </Listbox>
    </Field>
  );
}
