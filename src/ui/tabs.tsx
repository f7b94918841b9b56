/**
 * Tabs (the WAI-ARIA tabs pattern): a `tablist` of `tab` buttons with roving focus, and one
 * `tabpanel` for the selected tab. ←/→ (wrapping), Home and End move the focus and select the tab
 * they reach (automatic activation). Controlled by id so the selection can live in the URL; only
 * the selected panel renders. Our own code rather than Headless UI's, which would bring Headless
 * UI into the first load of every page with tabs (issue 18).
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '../lib/class-names';

export interface TabItem {
  id: string;
  label: ReactNode;
  /** A count shown next to the label. */
  count?: number;
}

export interface TabsProps {
  items: readonly TabItem[];
  selectedId: string;
  onChange: (id: string) => void;
  /** The selected tab's content. */
  children?: ReactNode;
  /** Accessible name of the tab list. */
  label: string;
  className?: string;
}

/** The tab a key moves to from `index` among `count` tabs, or undefined for other keys. */
function targetIndex(key: string, index: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

export function Tabs({ items, selectedId, onChange, children, label, className }: TabsProps) {
  const index = Math.max(
    0,
    items.findIndex((item) => item.id === selectedId),
  );
  const selected = items[index];
  const baseId = useId();
  const tabId = (position: number) => `${baseId}-tab-${position}`;
  const panelId = (position: number) => `${baseId}-panel-${position}`;
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, position: number) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const next = targetIndex(event.key, position, items.length);
    if (next === undefined) return;
    event.preventDefault();
    tabs.current[next]?.focus();
    const item = items[next];
    if (item && next !== index) onChange(item.id);
  };
  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        className="flex gap-1 overflow-x-auto border-b border-border"
      >
        {items.map((item, position) => {
          const isSelected = position === index;
          return (
            <button
              key={item.id}
              ref={(element) => {
                tabs.current[position] = element;
              }}
              type="button"
              role="tab"
              id={tabId(position)}
              aria-selected={isSelected}
              aria-controls={isSelected ? panelId(position) : undefined}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => {
                if (!isSelected) onChange(item.id);
              }}
              onKeyDown={(event) => onKeyDown(event, position)}
              className={cx(
                '-mb-px inline-flex items-center gap-2 border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-fg-muted transition-colors',
                'hover:border-border-strong hover:text-fg aria-selected:border-primary aria-selected:text-fg',
                'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary',
              )}
            >
              {item.label}
              {item.count !== undefined ? (
                <span className="rounded-full bg-surface-sunken px-1.5 text-xs text-fg-muted tabular-nums">
                  {item.count}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      {selected ? (
        <div
          role="tabpanel"
          id={panelId(index)}
          aria-labelledby={tabId(index)}
          tabIndex={0}
          className="focus:outline-none"
        >
          {children}
        </div>
      ) : null}
    </div>
  );
}
