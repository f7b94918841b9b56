/** A user avatar: the image when there is one, else initials from the first two words. */
import { useState } from 'react';
import { cx } from '../lib/class-names';

/** Initials from the first two words of a name (`Ada Lovelace King` → `AL`). */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 2);
  return words.map((word) => word.charAt(0).toUpperCase()).join('') || '?';
}

export interface AvatarProps {
  name?: string | null;
  src?: string | null;
  size?: 'sm' | 'md';
  className?: string;
}

export function Avatar({ name, src, size = 'md', className }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const dimension = size === 'sm' ? 'size-7 text-xs' : 'size-8 text-sm';
  if (src && !failed) {
    return (
      <img
        src={src}
        alt=""
        onError={() => setFailed(true)}
        className={cx('rounded-full object-cover', dimension, className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cx(
        'inline-flex items-center justify-center rounded-full bg-primary-soft font-semibold text-link',
        dimension,
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}
