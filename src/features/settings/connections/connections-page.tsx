/**
 * `/settings/connections` (spec doc 3 §2.2): the connections table on the shared DataTable, the
 * Add Connection button, and per row Test, Edit and Delete — the actions only for users with write
 * on connections (editors read the page; the server refuses their writes and tests too).
 */
import { useState } from 'react';
import {
  CONNECTION_TOASTS,
  useConnections,
  useDeleteConnection,
  type Connection,
} from '../../../api/connections';
import { errorMessage } from '../../../api/client';
import { useCan } from '../../../rbac/use-can';
import { Avatar } from '../../../ui/avatar';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { DataTable, type ColumnDef } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { IconButton } from '../../../ui/icon-button';
import { AlertCircleIcon, PlusIcon, TrashIcon } from '../../../ui/icons';
import { usePageRefresh } from '../../../ui/page-refresh';
import { RelativeTime } from '../../../ui/relative-time';
import { toast } from '../../../ui/toast';
import { ConnectionDialog, useRunConnectionTest } from './connection-dialog';
import { ConnectionTypeTile } from './connection-type-tile';
import { MASK, connectionTypeLabel } from './connection-types';

function CreatedBy({ value }: { value: Connection['created_by'] }) {
  if (!value || typeof value !== 'object') return <span className="text-fg-subtle">-</span>;
  return (
    <span className="inline-flex min-w-0 items-center gap-2">
      <Avatar name={value.name} src={value.avatar ?? undefined} size="sm" />
      <span className="truncate">{value.name}</span>
    </span>
  );
}

function UrlCell({ url }: { url: string | null }) {
  if (!url) return <span className="text-fg-subtle">-</span>;
  if (url === MASK) {
    return (
      <Badge tone="neutral" title="The URL holds credentials: it is stored encrypted">
        Encrypted
      </Badge>
    );
  }
  return (
    <span className="block max-w-72 truncate font-mono text-xs text-fg-muted" title={url}>
      {url}
    </span>
  );
}

interface Actions {
  onEdit: (connection: Connection) => void;
  onDelete: (connection: Connection) => void;
  onTest: (connection: Connection) => void;
  testingId: string | undefined;
}

function columns(actions: Actions | undefined): ColumnDef<Connection>[] {
  const list: ColumnDef<Connection>[] = [
    {
      id: 'name',
      header: 'Name',
      accessorFn: (row) => row.name,
      cell: ({ row }) => {
        const connection = row.original;
        const name = actions ? (
          <button
            type="button"
            onClick={() => actions.onEdit(connection)}
            className="max-w-56 truncate rounded text-left font-medium text-link hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          >
            {connection.name}
          </button>
        ) : (
          <span className="max-w-56 truncate font-medium">{connection.name}</span>
        );
        return (
          <span className="flex min-w-0 items-center gap-2.5">
            <ConnectionTypeTile type={connection.type} />
            <span className="flex min-w-0 flex-col">
              {name}
              <span className="truncate text-xs text-fg-muted">
                {connectionTypeLabel(connection.type)}
              </span>
            </span>
          </span>
        );
      },
    },
    {
      id: 'url',
      header: 'URL',
      accessorFn: (row) => row.url ?? '',
      cell: ({ row }) => <UrlCell url={row.original.url} />,
    },
    {
      id: 'source',
      header: 'Source',
      accessorFn: (row) => row.source ?? '',
      cell: ({ row }) => row.original.source || <span className="text-fg-subtle">-</span>,
    },
    {
      id: 'created_at',
      header: 'Created',
      accessorFn: (row) => row.created_at ?? '',
      cell: ({ row }) => <RelativeTime className="text-fg-muted" value={row.original.created_at} />,
    },
    {
      id: 'updated_at',
      header: 'Updated',
      accessorFn: (row) => row.updated_at ?? '',
      cell: ({ row }) => <RelativeTime className="text-fg-muted" value={row.original.updated_at} />,
    },
    {
      id: 'created_by',
      header: 'Created By',
      enableSorting: false,
      cell: ({ row }) => <CreatedBy value={row.original.created_by} />,
    },
  ];
  if (actions) {
    list.push({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      enableSorting: false,
      cell: ({ row }) => {
        const connection = row.original;
        return (
          <span className="flex items-center justify-end gap-1">
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Test ${connection.name}`}
              isLoading={actions.testingId === connection.id}
              onClick={() => actions.onTest(connection)}
            >
              Test
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Edit ${connection.name}`}
              onClick={() => actions.onEdit(connection)}
            >
              Edit
            </Button>
            <IconButton
              size="sm"
              label={`Delete ${connection.name}`}
              icon={<TrashIcon size={15} />}
              onClick={() => actions.onDelete(connection)}
            />
          </span>
        );
      },
    });
  }
  return list;
}

type Modal = { kind: 'add' } | { kind: 'edit'; connection: Connection } | undefined;

export function ConnectionsPage() {
  const list = useConnections();
  const canWrite = useCan('connections', 'write');
  const [modal, setModal] = useState<Modal>();
  const [deleting, setDeleting] = useState<Connection>();
  const remove = useDeleteConnection();
  const tester = useRunConnectionTest();
  usePageRefresh(() => void list.refetch(), list.isFetching);

  if (list.isError && !list.data) {
    return (
      <EmptyState
        icon={<AlertCircleIcon size={22} />}
        title="Connections could not be loaded"
        description={errorMessage(list.error)}
        actions={
          <Button variant="primary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }

  const rows = list.data ?? [];
  const actions: Actions | undefined = canWrite
    ? {
        onEdit: (connection) => setModal({ kind: 'edit', connection }),
        onDelete: setDeleting,
        onTest: (connection) => tester.run(connection.id),
        testingId: tester.pendingId,
      }
    : undefined;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(CONNECTION_TOASTS.deleted);
        setDeleting(undefined);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-fg-muted" aria-live="polite">
          {list.isPending
            ? 'Loading connections…'
            : `${rows.length} ${rows.length === 1 ? 'connection' : 'connections'}`}
        </p>
        {canWrite ? (
          <Button
            variant="primary"
            icon={<PlusIcon size={16} />}
            onClick={() => setModal({ kind: 'add' })}
          >
            Add Connection
          </Button>
        ) : null}
      </div>
      <DataTable<Connection>
        label="Connections"
        data={rows}
        columns={columns(actions)}
        getRowId={(row) => row.id}
        isLoading={list.isPending}
        emptyMessage="No resources found"
      />
      {modal ? (
        <ConnectionDialog
          connection={modal.kind === 'edit' ? modal.connection : undefined}
          onClose={() => setModal(undefined)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== undefined}
        title="Delete connection?"
        description={`Connection ${deleting?.name ?? ''} will be deleted.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(undefined)}
      />
    </div>
  );
}
