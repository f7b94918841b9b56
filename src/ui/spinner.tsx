/** A loading indicator. With a `label` it is announced as a status; `label={null}` is decorative. */
import { cx } from '../lib/class-names';

export interface SpinnerProps {
  size?: number;
  /** Accessible text (default "Loading"); null hides the spinner from assistive technology. */
  label?: string | null;
  className?: string;
}

export function Spinner({ size = 16, label = 'Loading', className }: SpinnerProps) {
  const svg = (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      focusable="false"
      className={cx('animate-spin', className)}
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (label === null) return svg;
  return (
    <span role="status" className="inline-flex items-center">
      {svg}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A centred spinner filling its container, for page and gate loading states. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex h-full min-h-48 w-full items-center justify-center text-fg-muted">
      <span className="inline-flex items-center gap-3 text-sm">
        <Spinner size={20} label={null} />
        <span role="status">{label}…</span>
      </span>
    </div>
  );
}
