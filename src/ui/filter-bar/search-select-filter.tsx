/**
 * The filter bar's searchable single-choice picker, for long option lists (components, people):
 * a button naming the filter and its choice, and a popover with a find box and the options
 * (the first {@link MAX_LISTED_OPTIONS} that match). Arrow keys move between the find box and the
 * options; a pick closes the panel and returns focus to the button. The 'All' choice is ''.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { cx } from '../../lib/class-names';
import { CheckIcon, ChevronDownIcon } from '../icons';
import { Popover } from '../popover';
import { MAX_LISTED_OPTIONS } from './tri-state-filter';

export interface SearchSelectOption {
  value: string;
  label: string;
  /** A second line (a type, an e-mail), also matched by the find box. */
  description?: string;
}

export interface SearchSelectFilterProps {
  label: string;
  value: string;
  options: readonly SearchSelectOption[];
  onChange: (value: string) => void;
  /** The text of the '' choice; null for no such choice. */
  allLabel?: string | null;
  isLoading?: boolean;
  /** Accessible name and placeholder of the find box (default 'Find <label>'). */
  findLabel?: string;
  /** Where the panel opens: 'bottom end' for a filter near the right edge. */
  anchor?: 'bottom start' | 'bottom end';
  className?: string;
  /**
   * Called when the options are about to be needed (the pointer or focus reaches the filter, or
   * its panel opens), for a long list that is loaded only then.
   */
  onWantOptions?: () => void;
}

/** Tells the filter's owner that the panel is open (mounted only while it is). */
function PanelOpened({ onOpen }: { onOpen?: () => void }) {
  useEffect(() => onOpen?.(), [onOpen]);
  return null;
}

/** Move focus among the options (and back to the find box above the first). */
function moveFocus(
  event: KeyboardEvent<HTMLElement>,
  list: HTMLElement | null,
  find: HTMLElement | null,
) {
  if (!list || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
  const items = [...list.querySelectorAll<HTMLElement>('[data-option]')];
  if (items.length === 0) return;
  event.preventDefault();
  const index = items.indexOf(event.target as HTMLElement);
  if (event.key === 'ArrowDown') items[Math.min(items.length - 1, index + 1)]?.focus();
  else if (index <= 0) find?.focus();
  else items[index - 1]?.focus();
}

export function SearchSelectFilter({
  label,
  value,
  options,
  onChange,
  allLabel = 'All',
  isLoading = false,
  findLabel,
  anchor = 'bottom start',
  className,
  onWantOptions,
}: SearchSelectFilterProps) {
  const findId = useId();
  const [search, setSearch] = useState('');
  const listRef = useRef<HTMLUListElement>(null);
  const findRef = useRef<HTMLInputElement>(null);
  const chosen = options.find((option) => option.value === value);
  const shown = value === '' ? (allLabel ?? '') : (chosen?.label ?? value);
  const { listed, hidden } = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const matches = needle
      ? options.filter(
          (option) =>
            option.label.toLowerCase().includes(needle) ||
            (option.description?.toLowerCase().includes(needle) ?? false),
        )
      : options;
    return {
      listed: matches.slice(0, MAX_LISTED_OPTIONS),
      hidden: Math.max(0, matches.length - MAX_LISTED_OPTIONS),
    };
  }, [options, search]);
  const all: SearchSelectOption[] =
    allLabel !== null && search.trim() === '' ? [{ value: '', label: allLabel }] : [];

  return (
    <div
      className={cx('flex items-center', className)}
      onPointerEnter={onWantOptions}
      onFocus={onWantOptions}
    >
      <Popover
        buttonClassName={
          value !== ''
            ? 'border-primary bg-primary-soft text-fg'
            : 'border-border bg-surface text-fg hover:border-border-strong'
        }
        button={
          <>
            {/* One accessible name, 'Label: choice' (a separate sr-only colon read as 'Label :'). */}
            <span className="sr-only">{shown === '' ? `${label}:` : `${label}: ${shown}`}</span>
            <span aria-hidden="true" className="text-fg-muted">
              {label}
            </span>{' '}
            <span aria-hidden="true" className="max-w-44 truncate font-medium">
              {shown}
            </span>
            <ChevronDownIcon size={14} className="text-fg-muted" />
          </>
        }
        panelLabel={`${label} filter`}
        anchor={anchor}
        panelClassName="flex max-h-[min(28rem,70vh)] w-80 flex-col"
      >
        {(close) => {
          const pick = (next: string) => {
            setSearch('');
            if (next !== value) onChange(next);
            close();
          };
          return (
            <>
              <PanelOpened onOpen={onWantOptions} />
              <div className="border-b border-border p-2">
                <label htmlFor={findId} className="sr-only">
                  {findLabel ?? `Find ${label.toLowerCase()}`}
                </label>
                <input
                  id={findId}
                  ref={findRef}
                  type="search"
                  value={search}
                  maxLength={200}
                  autoComplete="off"
                  onChange={(event) => setSearch(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'ArrowDown') {
                      event.preventDefault();
                      listRef.current?.querySelector<HTMLElement>('[data-option]')?.focus();
                    } else if (event.key === 'Enter') {
                      event.preventDefault();
                      const first = [...all, ...listed][0];
                      if (first) pick(first.value);
                    }
                  }}
                  placeholder={findLabel ? `${findLabel}…` : 'Find…'}
                  className="h-8 w-full rounded-md border border-border bg-surface px-2 text-sm text-fg placeholder:text-fg-subtle focus-visible:outline-2 focus-visible:outline-primary"
                />
              </div>
              <div className="overflow-y-auto p-1">
                {all.length + listed.length === 0 ? (
                  <p className="px-2 py-4 text-center text-sm text-fg-muted">
                    {isLoading ? 'Loading…' : 'No options found'}
                  </p>
                ) : (
                  <ul ref={listRef} className="flex flex-col">
                    {[...all, ...listed].map((option) => {
                      const selected = option.value === value;
                      return (
                        <li key={option.value || '\u0000all'}>
                          <button
                            type="button"
                            data-option=""
                            aria-pressed={selected}
                            onClick={() => pick(option.value)}
                            onKeyDown={(event) =>
                              moveFocus(event, listRef.current, findRef.current)
                            }
                            className={cx(
                              'flex w-full items-center gap-2 rounded px-2 py-1.5 text-left text-sm hover:bg-surface-hover focus-visible:bg-surface-hover focus-visible:outline-2 focus-visible:outline-primary',
                              selected ? 'font-medium text-fg' : 'text-fg',
                            )}
                          >
                            <CheckIcon
                              size={14}
                              className={cx('shrink-0 text-link', !selected && 'invisible')}
                            />
                            <span className="flex min-w-0 flex-col">
                              <span className="truncate">{option.label}</span>
                              {option.description ? (
                                <span className="truncate text-xs text-fg-muted">
                                  {option.description}
                                </span>
                              ) : null}
                            </span>
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                )}
                {hidden > 0 ? (
                  <p className="px-2 pt-2 pb-1 text-xs text-fg-muted">
                    {hidden.toLocaleString('en-US')} more: type to narrow the list
                  </p>
                ) : null}
              </div>
            </>
          );
        }}
      </Popover>
    </div>
  );
}
