/** A centred message for empty lists, unavailable pages and errors. */
import type { ReactNode } from 'react';
import { cx } from '../lib/class-names';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** Buttons or links. */
  actions?: ReactNode;
  /** Heading level for the title (default: a paragraph, so pages keep one h1). */
  headingLevel?: 1 | 2 | 3 | null;
  className?: string;
}

export function EmptyState({
  title,
  description,
  icon,
  actions,
  headingLevel = null,
  className,
}: EmptyStateProps) {
  const titleClass = 'text-base font-semibold text-fg';
  const heading =
    headingLevel === 1 ? (
      <h1 className={cx(titleClass, 'text-lg')}>{title}</h1>
    ) : headingLevel === 2 ? (
      <h2 className={titleClass}>{title}</h2>
    ) : headingLevel === 3 ? (
      <h3 className={titleClass}>{title}</h3>
    ) : (
      <p className={titleClass}>{title}</p>
    );
  return (
    <div
      className={cx(
        'flex flex-col items-center justify-center gap-3 px-6 py-12 text-center',
        className,
      )}
    >
      {icon ? (
        <div className="flex size-12 items-center justify-center rounded-full bg-surface-sunken text-fg-muted">
          {icon}
        </div>
      ) : null}
      {heading}
      {description ? <div className="max-w-md text-sm text-fg-muted">{description}</div> : null}
      {actions ? <div className="mt-2 flex flex-wrap justify-center gap-2">{actions}</div> : null}
    </div>
  );
}
