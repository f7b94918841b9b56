/**
 * The Headless UI half of the auto-refresh selector (refresh-selector.tsx): the listbox, loaded
 * when the selector is first approached, so that Headless UI stays off the first load of the
 * pages that show the selector (issue 18).
 *
 * Arrow keys skip disabled options, Escape closes, focus returns. The options open in place (no
 * portal), so the selector also works in a widget's shadow root.
 */
import {
  Field,
  Label,
  Listbox,
  ListboxButton,
  ListboxOption,
  ListboxOptions,
} from '@headlessui/react';
import type { Ref } from 'react';
import { cx } from '../../lib/class-names';
import { CheckIcon } from '../icons';
import {
  REFRESH_OPTIONS,
  disabledRefreshReason,
  isRefreshOptionDisabled,
  refreshOptionLabel,
  type RefreshOption,
} from './refresh-options';
import {
  RefreshButtonContent,
  refreshButtonClass,
  refreshSelectorClass,
} from './refresh-selector-button';

export function RefreshListbox({
  buttonRef,
  value,
  onChange,
  rangeMs,
  label,
  title,
  align,
  className,
}: {
  buttonRef: Ref<HTMLButtonElement>;
  value: RefreshOption;
  onChange: (option: RefreshOption) => void;
  rangeMs: number | undefined;
  label: string;
  title: string;
  align: 'start' | 'end';
  className?: string;
}) {
  return (
    <Field className={refreshSelectorClass(className)}>
      <Label className="sr-only">{label}</Label>
      <Listbox value={value} onChange={onChange}>
        <ListboxButton ref={buttonRef} title={title} className={refreshButtonClass}>
          <RefreshButtonContent option={value} />
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
