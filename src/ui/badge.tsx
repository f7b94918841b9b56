/** A small label. Tones map to semantic tokens; never rely on the tone alone to carry meaning. */
import type { HTMLAttributes } from 'react';
import { cx } from '../lib/class-names';

export type BadgeTone = 'neutral' | 'primary' | 'healthy' | 'unhealthy' | 'warning' | 'unknown';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-surface-sunken text-fg-muted border-border',
  primary: 'bg-primary-soft text-link border-transparent',
  healthy: 'bg-healthy-soft text-healthy border-transparent',
  unhealthy: 'bg-unhealthy-soft text-unhealthy border-transparent',
  warning: 'bg-warning-soft text-warning border-transparent',
  unknown: 'bg-unknown-soft text-fg-muted border-transparent',
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
}

export function Badge({ tone = 'neutral', className, ...rest }: BadgeProps) {
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap tabular-nums',
        tones[tone],
        className,
      )}
      {...rest}
    />
  );
}
