/** A connection type's tile: two letters on a tint of its category (picker grid and table). */
import { cx } from '../../../lib/class-names';
import { connectionTypeSpec, type ConnectionCategory } from './connection-types';

const TINTS: Record<ConnectionCategory, string> = {
  Databases: 'bg-info-soft text-info',
  Observability: 'bg-warning-soft text-warning',
  Cloud: 'bg-primary-soft text-link',
  'Source control': 'bg-healthy-soft text-healthy',
  'Files and hosts': 'bg-surface-hover text-fg',
};

export function ConnectionTypeTile({ type, size = 'md' }: { type: string; size?: 'sm' | 'md' }) {
  const spec = connectionTypeSpec(type);
  return (
    <span
      aria-hidden="true"
      className={cx(
        'inline-flex shrink-0 items-center justify-center rounded-md font-semibold tracking-tight',
        size === 'sm' ? 'size-6 text-[10px]' : 'size-9 text-xs',
        spec ? TINTS[spec.category] : 'bg-surface-sunken text-fg-muted',
      )}
    >
      {spec?.short ?? type.slice(0, 2).toUpperCase()}
    </span>
  );
}
