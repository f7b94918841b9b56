/**
 * Severity glyphs of incident summaries. Each bucket has its own shape as well as its colour, and
 * the glyph always sits next to the severity's name: severity is never shown by colour alone.
 */
import { cx } from '../../lib/class-names';
import type { IncidentSeverityBucket } from './summarize-incidents';

/**
 * Token colour of each bucket (spec doc 2 §9: Low and Medium green, High orange, Critical and
 * Blocker red); info and unknown severities use the info and unknown status tokens.
 */
export const SEVERITY_TEXT_CLASS: Record<IncidentSeverityBucket, string> = {
  critical: 'text-unhealthy',
  high: 'text-warning',
  medium: 'text-healthy',
  info: 'text-info',
  other: 'text-unknown',
};

/** The soft background that goes with {@link SEVERITY_TEXT_CLASS}. */
export const SEVERITY_SOFT_CLASS: Record<IncidentSeverityBucket, string> = {
  critical: 'bg-unhealthy-soft',
  high: 'bg-warning-soft',
  medium: 'bg-healthy-soft',
  info: 'bg-info-soft',
  other: 'bg-unknown-soft',
};

const MARK = {
  fill: 'none',
  stroke: 'var(--vigil-color-surface)',
  strokeWidth: 1.8,
  strokeLinecap: 'round' as const,
};

function Glyph({ bucket }: { bucket: IncidentSeverityBucket }) {
  switch (bucket) {
    case 'critical':
      // octagon with an exclamation mark ("stop")
      return (
        <>
          <path d="M5.1 1h5.8L15 5.1v5.8L10.9 15H5.1L1 10.9V5.1Z" fill="currentColor" />
          <path d="M8 4.5v4.2m0 2.6v.2" {...MARK} />
        </>
      );
    case 'high':
      // triangle with an exclamation mark
      return (
        <>
          <path d="M8 1.2 15.2 14.3H.8Z" fill="currentColor" strokeLinejoin="round" />
          <path d="M8 6v3.6m0 2.1v.1" {...MARK} strokeWidth={1.6} />
        </>
      );
    case 'medium':
      // diamond with a bar
      return (
        <>
          <path d="M8 .9 15.1 8 8 15.1.9 8Z" fill="currentColor" />
          <path d="M5.4 8h5.2" {...MARK} />
        </>
      );
    case 'info':
      // circle with an i
      return (
        <>
          <circle cx="8" cy="8" r="7" fill="currentColor" />
          <path d="M8 7.2v4.2m0-6.7v.1" {...MARK} />
        </>
      );
    case 'other':
      // hollow circle with a question mark
      return (
        <>
          <circle cx="8" cy="8" r="6.1" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path
            d="M6.3 6.4a1.8 1.8 0 1 1 2.4 1.7c-.5.2-.7.6-.7 1.1v.3m0 1.9v.1"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinecap="round"
          />
        </>
      );
  }
}

export interface IncidentSeverityIconProps {
  bucket: IncidentSeverityBucket;
  /** Pixel size; default 1em (follows the text). */
  size?: number | string;
  className?: string;
}

/** A decorative severity glyph in the bucket's colour; pair it with the severity's name. */
export function IncidentSeverityIcon({
  bucket,
  size = '1em',
  className,
}: IncidentSeverityIconProps) {
  return (
    <svg
      viewBox="0 0 16 16"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      data-icon={`severity-${bucket}`}
      className={cx('shrink-0', SEVERITY_TEXT_CLASS[bucket], className)}
    >
      <Glyph bucket={bucket} />
    </svg>
  );
}
