/**
 * A token's scope as a definition list: one entry per granted kind (checks, canaries, labels,
 * components, configs, incidents) with its ids or `key=value` labels in monospace.
 */
import type { EmbedTokenScope } from '../../api/embed-tokens';
import { cx } from '../../lib/class-names';
import { describeScope } from './embed-token-form';

export interface EmbedTokenScopeListProps {
  scope: EmbedTokenScope;
  /** Compact: one line per kind, ids shortened (the table); full ids otherwise. */
  compact?: boolean;
}

function shortId(value: string): string {
  return /^[0-9a-f-]{36}$/i.test(value) ? `${value.slice(0, 8)}…` : value;
}

export function EmbedTokenScopeList({ scope, compact = false }: EmbedTokenScopeListProps) {
  const lines = describeScope(scope);
  if (lines.length === 0) return <span className="text-fg-muted">Nothing</span>;
  return (
    <dl className={cx('flex flex-col', compact ? 'gap-0.5' : 'gap-2')}>
      {lines.map((line) => (
        <div key={line.label} className={cx(compact ? 'flex flex-wrap gap-x-1' : 'flex flex-col')}>
          <dt className={cx('text-fg-muted', compact ? 'text-xs' : 'text-sm')}>
            {line.label}
            {compact ? ':' : null}
          </dt>
          <dd
            className={cx('font-mono text-xs break-all text-fg', compact && 'truncate')}
            title={compact ? line.values.join(', ') : undefined}
          >
            {compact ? line.values.map(shortId).join(', ') : line.values.join(', ')}
          </dd>
        </div>
      ))}
    </dl>
  );
}
