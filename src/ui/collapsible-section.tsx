/**
 * A section of a side panel whose body opens and closes from its heading (the topology sidebar's
 * panels, the incident workspace's Details / Definition of done / Changelog). The heading is a
 * button with `aria-expanded`; the body is a labelled region. Controls beside the heading (an
 * add button) go in `actions`, outside the toggle button.
 */
import { useId, type ReactNode } from 'react';
import { cx } from '../lib/class-names';
import { ChevronDownIcon } from './icons';

export interface CollapsibleSectionProps {
  title: ReactNode;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
  /** Buttons at the right of the heading (shown whether open or not). */
  actions?: ReactNode;
  /** Heading level of the title (default 3). */
  headingLevel?: 2 | 3 | 4;
  className?: string;
  /** `data-panel` of the section (tests, styling hooks). */
  name?: string;
}

export function CollapsibleSection({
  title,
  open,
  onToggle,
  children,
  actions,
  headingLevel = 3,
  className,
  name,
}: CollapsibleSectionProps) {
  const id = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <section className={cx('border-t border-border', className)} data-panel={name}>
      <div className="flex items-center gap-1 pr-2">
        <Heading className="m-0 min-w-0 flex-1">
          <button
            type="button"
            id={`${id}-button`}
            aria-expanded={open}
            aria-controls={`${id}-panel`}
            onClick={onToggle}
            className="flex w-full items-center justify-between gap-2 px-4 py-2.5 text-left text-sm font-semibold text-fg hover:bg-surface-hover focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary"
          >
            {title}
            <ChevronDownIcon
              size={16}
              className={cx('shrink-0 text-fg-muted transition-transform', open && 'rotate-180')}
            />
          </button>
        </Heading>
        {actions}
      </div>
      {open ? (
        <div
          id={`${id}-panel`}
          role="region"
          aria-labelledby={`${id}-button`}
          className="px-4 pt-1 pb-4"
        >
          {children}
        </div>
      ) : null}
    </section>
  );
}
