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
 * A listbox (Headless UI, refresh-selector-impl.tsx): arrow keys skip disabled options, Escape
 * closes, focus returns. The options open in place (no portal), so the selector also works in a
 * widget's shadow root.
 *
 * The listbox is mounted on first approach, like the menus (load-on-approach.ts): until the
 * pointer comes over the button, the button takes focus, is clicked or gets a key that opens the
 * list, a plain button with the same look, name and text stands in, and the Headless UI half
 * (with Floating UI and React Aria) loads then, so that no page's first load carries it (issue 18).
 */
import { useId } from 'react';
import { onDemand, useLoadOnApproach } from '../load-on-approach';
import { refreshIntervalMs, refreshOptionLabel, type RefreshOption } from './refresh-options';
import {
  RefreshButtonContent,
  refreshButtonClass,
  refreshSelectorClass,
} from './refresh-selector-button';
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

const listboxImpl = onDemand(() => import('./refresh-selector-impl'));

/**
 * The keys that open a Headless UI listbox from its button, played again on it as keydowns. Enter
 * does not open it (on a listbox's button it submits the form around it, as on a native select).
 */
const OPENING_KEYS = new Set([' ', 'ArrowDown', 'ArrowUp']);

export function RefreshSelector({
  storageKey,
  rangeMs,
  onChange,
  label = 'Auto-refresh',
  align = 'end',
  className,
}: RefreshSelectorProps) {
  const { effectiveOption, setOption } = useRefreshInterval(storageKey, rangeMs);
  const { loaded, buttonRef, standInProps } = useLoadOnApproach(listboxImpl, {
    openingKeys: OPENING_KEYS,
  });
  const id = useId();
  const title = `${label}: ${refreshOptionLabel(effectiveOption)}`;
  if (!loaded) {
    // Built as the listbox's button is (a label for it, and the button labelled by the label and
    // by itself), so that it has the same accessible name ("Auto-refresh Off").
    return (
      <div className={refreshSelectorClass(className)}>
        <label id={`${id}-label`} htmlFor={`${id}-button`} className="sr-only">
          {label}
        </label>
        <button
          type="button"
          id={`${id}-button`}
          aria-labelledby={`${id}-label ${id}-button`}
          aria-haspopup="listbox"
          aria-expanded="false"
          title={title}
          className={refreshButtonClass}
          {...standInProps}
          onKeyDown={(event) => {
            // Enter leaves the list closed, as on the listbox's own button (no click from it).
            if (event.key === 'Enter') event.preventDefault();
            standInProps.onKeyDown(event);
          }}
        >
          <RefreshButtonContent option={effectiveOption} />
        </button>
      </div>
    );
  }
  return (
    <loaded.RefreshListbox
      buttonRef={buttonRef}
      value={effectiveOption}
      onChange={(option) => {
        setOption(option);
        onChange?.(option, refreshIntervalMs(option));
      }}
      rangeMs={rangeMs}
      label={label}
      title={title}
      align={align}
      className={className}
    />
  );
}
