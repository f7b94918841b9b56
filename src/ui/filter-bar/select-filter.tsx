/**
 * The filter bar's single-choice picker (a native select, so it is keyboard and screen-reader
 * friendly everywhere): a visible label and an 'All' choice whose value is ''.
 */
import { useId } from 'react';
import { cx } from '../../lib/class-names';

export interface SelectFilterOption {
  value: string;
  label: string;
}

export interface SelectFilterProps {
  label: string;
  value: string;
  options: readonly SelectFilterOption[];
  onChange: (value: string) => void;
  /** The text of the '' choice; null for no such choice. */
  allLabel?: string | null;
  className?: string;
}

export function SelectFilter({
  label,
  value,
  options,
  onChange,
  allLabel = 'All',
  className,
}: SelectFilterProps) {
  const id = useId();
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
