/**
 * The filter bar's single-choice picker (a native select, so it is keyboard and screen-reader
 * friendly everywhere): a visible label and an 'All' choice whose value is ''.
 *
 * `onPreview`: when the select is approached (pointer down, which opens its list, or focus, after
 * which the arrow keys change it), each other choice is told once, so that a page can read their
 * rows ahead while the user picks. Only for short lists ({@link PREVIEW_MAX_OPTIONS} choices).
 */
import { useId, useRef } from 'react';
import { cx } from '../../lib/class-names';

/** Lists longer than this are not read ahead (each choice would be a request). */
export const PREVIEW_MAX_OPTIONS = 8;

export interface SelectFilterOption {
  value: string;
  label: string;
}

export interface SelectFilterProps {
  label: string;
  value: string;
  options: readonly SelectFilterOption[];
  onChange: (value: string) => void;
  /** A choice that may come next (see above), to read its rows ahead. */
  onPreview?: (value: string) => void;
  /** The text of the '' choice; null for no such choice. */
  allLabel?: string | null;
  className?: string;
}

export function SelectFilter({
  label,
  value,
  options,
  onChange,
  onPreview,
  allLabel = 'All',
  className,
}: SelectFilterProps) {
  const id = useId();
  // The value whose other choices were last read ahead: once per value, not on every focus.
  const previewed = useRef<string | undefined>(undefined);
  const choices = [...(allLabel !== null ? [''] : []), ...options.map((option) => option.value)];
  const preview =
    onPreview && choices.length <= PREVIEW_MAX_OPTIONS
      ? () => {
          if (previewed.current === value) return;
          previewed.current = value;
          for (const choice of choices) if (choice !== value) onPreview(choice);
        }
      : undefined;
  const known = value === '' || options.some((option) => option.value === value);
  return (
    <div className={cx('flex items-center gap-2 text-sm', className)}>
      <label htmlFor={id} className="whitespace-nowrap text-fg-muted">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onPointerDown={preview}
        onFocus={preview}
        className="h-9 max-w-56 rounded-md border border-border bg-surface px-2 text-fg shadow-sm hover:border-border-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary"
      >
        {allLabel !== null ? <option value="">{allLabel}</option> : null}
        {known ? null : <option value={value}>{value}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
