/**
 * The embed tokens table: Name, Scope, Status (icon and word), Expires, Last Used, Created,
 * Created By and a Revoke button on active tokens. The list is short (tokens are minted by hand):
 * all rows, sorted by the server (newest first).
 */
import type { EmbedToken, EmbedTokenStatus } from '../../api/embed-tokens';
import { formatRelative, formatTimestamp, isValidDate } from '../../lib/time';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { DataTable, type ColumnDef } from '../../ui/data-table';
import { StatusIcon } from '../../ui/status-icon';
import { EmbedTokenScopeList } from './embed-token-scope';

export const EMBED_TOKEN_STATUS_LABELS: Record<EmbedTokenStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};

const STATUS_TONES = { active: 'healthy', expired: 'unknown', revoked: 'unhealthy' } as const;

function TimeCell({ value, now }: { value: string | null | undefined; now: number }) {
  if (!isValidDate(value)) return <span className="text-fg-muted">-</span>;
  return (
    <time
      dateTime={value}
      title={formatTimestamp(value)}
      className="whitespace-nowrap text-fg-muted"
    >
      {formatRelative(value, now)}
    </time>
  );
}

function columns(now: number, onRevoke: (token: EmbedToken) => void): ColumnDef<EmbedToken>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      cell: ({ row }) => <span className="font-medium text-fg">{row.original.name}</span>,
    },
    {
      id: 'scope',
      header: 'Scope',
      size: 320,
      cell: ({ row }) => <EmbedTokenScopeList scope={row.original.scope} compact />,
    },
    {
      id: 'status',
      header: 'Status',
      size: 110,
      cell: ({ row }) => (
        <StatusIcon
          tone={STATUS_TONES[row.original.status]}
          label={EMBED_TOKEN_STATUS_LABELS[row.original.status]}
          showLabel
        />
      ),
    },
    {
      id: 'expires_at',
      header: 'Expires',
      size: 140,
      cell: ({ row }) => <TimeCell value={row.original.expires_at} now={now} />,
    },
    {
      id: 'last_used_at',
      header: 'Last Used',
      size: 140,
      cell: ({ row }) => <TimeCell value={row.original.last_used_at} now={now} />,
    },
    {
      id: 'created_at',
      header: 'Created',
      size: 140,
      cell: ({ row }) => <TimeCell value={row.original.created_at} now={now} />,
    },
    {
      id: 'created_by',
      header: 'Created By',
      size: 180,
      cell: ({ row }) => {
        const person = row.original.created_by;
        if (!person) return <span className="text-fg-muted">-</span>;
        return (
          <span className="inline-flex min-w-0 items-center gap-2">
            <Avatar name={person.name} src={person.avatar} size="sm" />
            <span className="truncate">{person.name}</span>
          </span>
        );
      },
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      size: 100,
      cell: ({ row }) =>
        row.original.status === 'active' ? (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Revoke ${row.original.name}`}
            onClick={() => onRevoke(row.original)}
          >
            Revoke
          </Button>
        ) : null,
    },
  ];
}

export interface EmbedTokenTableProps {
  tokens: readonly EmbedToken[];
  isLoading: boolean;
  /** The time relative times are measured against (ms). */
  now: number;
  onRevoke: (token: EmbedToken) => void;
}

export function EmbedTokenTable({ tokens, isLoading, now, onRevoke }: EmbedTokenTableProps) {
  return (
    <DataTable<EmbedToken>
      label="Embed tokens"
      data={tokens}
      columns={columns(now, onRevoke)}
      getRowId={(token) => token.id}
      isLoading={isLoading}
    />
  );
}
