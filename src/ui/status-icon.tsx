/**
 * Health and status indicators (spec doc 1 §4 "Health dot colour"). Every tone has its own shape
 * as well as its colour, and a text label (visible or screen-reader only): status is never shown
 * by colour alone.
 */
import { cx } from '../lib/class-names';

export type StatusTone = 'healthy' | 'unhealthy' | 'warning' | 'unknown';

export interface HealthInput {
  /** A status word: healthy, unhealthy, degraded, missing, unknown, suspended, warning, mixed… */
  status?: string | null;
  /** Aggregates: `good=false` is red unless `mixed`. */
  good?: boolean;
  mixed?: boolean;
}

const RED = new Set(['degraded', 'missing', 'unhealthy']);
const GRAY = new Set(['unknown', 'suspended']);
const ORANGE = new Set(['warning', 'mixed']);

/**
 * The dot colour rule: red for degraded, missing, unhealthy or good=false; gray for unknown or
 * suspended; orange for warning or mixed; green for anything else.
 */
export function healthTone({ status, good, mixed }: HealthInput): StatusTone {
  const word = (status ?? '').toLowerCase();
  if (RED.has(word)) return 'unhealthy';
  if (GRAY.has(word)) return 'unknown';
  if (ORANGE.has(word) || mixed === true) return 'warning';
  if (good === false) return 'unhealthy';
  return 'healthy';
}

/** The default text for a tone. */
export const STATUS_TONE_LABELS: Record<StatusTone, string> = {
  healthy: 'Healthy',
  unhealthy: 'Unhealthy',
  warning: 'Warning',
  unknown: 'Unknown',
};

const colour: Record<StatusTone, string> = {
  healthy: 'text-healthy',
  unhealthy: 'text-unhealthy',
  warning: 'text-warning',
  unknown: 'text-unknown',
};

function Shape({ tone, size }: { tone: StatusTone; size: number }) {
  const common = {
    width: size,
    height: size,
    viewBox: '0 0 16 16',
    'aria-hidden': true as const,
    focusable: 'false' as const,
    className: cx('shrink-0', colour[tone]),
  };
  switch (tone) {
    case 'healthy':
      return (
        <svg {...common}>
          <circle cx="8" cy="8" r="7" fill="currentColor" />
          <path
            d="m5 8.2 2 2 4-4.2"
            fill="none"
            stroke="var(--vigil-color-surface)"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      );
    case 'unhealthy':
      return (
        <svg {...common}>
          <circle cx="8" cy="8" r="7" fill="currentColor" />
          <path
            d="m5.5 5.5 5 5m0-5-5 5"
            stroke="var(--vigil-color-surface)"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
      );
    case 'warning':
      return (
        <svg {...common}>
          <path d="M8 1.2 15 14H1Z" fill="currentColor" strokeLinejoin="round" />
          <path
            d="M8 6v3.5m0 2.2v.1"
            stroke="var(--vigil-color-surface)"
            strokeWidth="1.6"
            strokeLinecap="round"
          />
        </svg>
      );
    case 'unknown':
      return (
        <svg {...common}>
          <circle cx="8" cy="8" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M5.5 8h5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      );
  }
}

export interface StatusIconProps extends HealthInput {
  /** Override the computed tone. */
  tone?: StatusTone;
  /** Text for the status (default: the tone's label). */
  label?: string;
  /** Show the label next to the icon; otherwise it is screen-reader only. */
  showLabel?: boolean;
  size?: number;
  className?: string;
}

/** A health dot with a distinct shape per tone and a text label. */
export function StatusIcon({
  tone,
  label,
  showLabel = false,
  size = 14,
  className,
  ...input
}: StatusIconProps) {
  const resolved = tone ?? healthTone(input);
  const text = label ?? STATUS_TONE_LABELS[resolved];
  return (
    <span
      className={cx('inline-flex items-center gap-1.5', className)}
      data-tone={resolved}
      title={showLabel ? undefined : text}
    >
      <Shape tone={resolved} size={size} />
      <span className={showLabel ? 'text-fg' : 'sr-only'}>{text}</span>
    </span>
  );
}
