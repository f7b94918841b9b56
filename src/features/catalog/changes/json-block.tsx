/**
 * A JSON value as an indented, scrollable, monospace block with a label (change details and
 * patches, insight analysis). Strings that hold JSON are shown parsed; an empty value says so.
 */
import { useId } from 'react';
import { cx } from '../../../lib/class-names';

/** Pretty JSON text of a value; '' for null, undefined, `{}` and `[]`. */
export function prettyJson(value: unknown): string {
  let data = value;
  if (typeof data === 'string') {
    const text = data.trim();
    if (text === '') return '';
    try {
      data = JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  if (data === null || data === undefined) return '';
  if (typeof data === 'object' && Object.keys(data).length === 0) return '';
  return JSON.stringify(data, null, 2);
}

export function JsonBlock({
  label,
  value,
  emptyText = 'None',
  className,
}: {
  label: string;
  value: unknown;
  emptyText?: string;
  className?: string;
}) {
  const id = useId();
  const text = prettyJson(value);
  return (
    <section aria-labelledby={id} className={cx('flex flex-col gap-1.5', className)}>
      <h3 id={id} className="text-xs font-semibold tracking-wide text-fg-muted uppercase">
        {label}
      </h3>
      {text ? (
        <pre
          // A scrollable region must be reachable from the keyboard (WCAG 2.1.1).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          aria-labelledby={id}
          className="max-h-80 overflow-auto rounded-md border border-border bg-surface-sunken p-3 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap text-fg focus-visible:outline-2 focus-visible:outline-primary"
        >
          {text}
        </pre>
      ) : (
        <p className="text-sm text-fg-muted">{emptyText}</p>
      )}
    </section>
  );
}
