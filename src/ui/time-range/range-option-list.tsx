/**
 * A single-select list of range options (`listbox`/`option`) with one tab stop: arrow keys and
 * Home/End move focus, Enter or Space (or a click) picks. The selected option, or else the
 * first, is the tab stop.
 */
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '../../lib/class-names';
import { CheckIcon } from '../icons';

export interface RangeOption {
  /** Unique within the list; also what `onSelect` receives. */
  id: string;
  label: ReactNode;
  /** A second line (e.g. the time zone of a recent range). */
  detail?: ReactNode;
  /** Accessible name when the label is not plain text. */
  ariaLabel?: string;
  /** Draws a divider above the option (the first of a group). */
  startsGroup?: boolean;
}

export interface RangeOptionListProps {
  /** Accessible name of the list. */
  label: string;
  options: readonly RangeOption[];
  selectedId?: string;
  onSelect: (id: string) => void;
  className?: string;
}

export function RangeOptionList({
  label,
  options,
  selectedId,
  onSelect,
  className,
}: RangeOptionListProps) {
  const list = useRef<HTMLUListElement>(null);
  // The option that last had focus keeps the tab stop, so Tab back into the list returns there.
  const [activeId, setActiveId] = useState<string>();
  const has = (id: string | undefined) => options.some((option) => option.id === id);
  const tabStop = has(activeId) ? activeId : has(selectedId) ? selectedId : options[0]?.id;

  function onKeyDown(event: KeyboardEvent<HTMLLIElement>) {
    const items = Array.from(list.current?.querySelectorAll<HTMLElement>('[role="option"]') ?? []);
    // The option the key was pressed on (document.activeElement is the host inside a shadow root).
    const current = items.findIndex((item) => item === event.currentTarget);
    let next: number;
    switch (event.key) {
      case 'ArrowDown':
        next = Math.min(items.length - 1, current + 1);
        break;
      case 'ArrowUp':
        next = Math.max(0, current - 1);
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = items.length - 1;
        break;
      case 'Enter':
      case ' ': {
        const id = items[current]?.dataset.optionId;
        if (id === undefined) return;
        event.preventDefault();
        onSelect(id);
        return;
      }
      default:
        return;
    }
    event.preventDefault();
    const target = items[next];
    if (!target) return;
    setActiveId(target.dataset.optionId);
    target.focus();
  }

  return (
    <ul
      ref={list}
      role="listbox"
      aria-label={label}
      className={cx('flex flex-col gap-px', className)}
    >
      {options.map((option) => {
        const selected = option.id === selectedId;
        return (
          <li
            key={option.id}
            role="option"
            aria-selected={selected}
            aria-label={option.ariaLabel}
            tabIndex={option.id === tabStop ? 0 : -1}
            data-option-id={option.id}
            onClick={() => onSelect(option.id)}
            onKeyDown={onKeyDown}
            onFocus={() => setActiveId(option.id)}
            className={cx(
              'relative flex cursor-pointer items-start gap-2 rounded-md px-2 py-1.5 text-sm transition-colors',
              option.startsGroup &&
                'mt-2 before:absolute before:inset-x-2 before:-top-1.5 before:h-px before:bg-border',
              'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary',
              selected
                ? 'bg-surface-selected font-medium text-fg'
                : 'text-fg hover:bg-surface-hover',
            )}
          >
            <span className="min-w-0 flex-1">
              <span className="block">{option.label}</span>
              {option.detail ? (
                <span className="block text-xs text-fg-muted">{option.detail}</span>
              ) : null}
            </span>
            {selected ? <CheckIcon size={14} className="mt-0.5 shrink-0 text-primary" /> : null}
          </li>
        );
      })}
    </ul>
  );
}
