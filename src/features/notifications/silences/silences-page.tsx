/**
 * `/notifications/silences` (spec doc 3 §2.9): the silences table — Resource, Duration, Source,
 * Reason, Created By, Delete — paged and sorted by the server, in the URL. A row opens the edit
 * dialog (`?id=`); Delete asks 'Are you sure you want to delete this notification silence?'.
 * Add Silence (write on notifications and database) opens /notifications/silences/add; the
 * delete action follows the spec's permission (write on identities).
 */
import { useState } from 'react';
import { Link } from 'wouter';
import { errorMessage } from '../../../api/client';
import {
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_PAGE_SIZES,
  NOTIFICATION_TOASTS,
  SILENCE_DELETE_QUESTION,
  SILENCE_RESOURCE_LABELS,
  SILENCE_SORT_COLUMNS,
  silenceResourceOf,
  useCanaryNames,
  useDeleteSilence,
  useSilences,
  type NotificationSilence,
  type SilenceSortColumn,
} from '../../../api/notifications';
import { formatTimestamp } from '../../../lib/time';
import { enumCodec, numberCodec, param, stringCodec } from '../../../lib/url-state';
import { useCan } from '../../../rbac/use-can';
import { Avatar } from '../../../ui/avatar';
import { Badge, type BadgeTone } from '../../../ui/badge';
import { Button, buttonClasses } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { DataTable, type ColumnDef } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { IconButton } from '../../../ui/icon-button';
import { lazyComponent } from '../../../ui/lazy-component';
import {
  AlertCircleIcon,
  CheckIcon,
  ClockIcon,
  MinusIcon,
  PlusIcon,
  TrashIcon,
} from '../../../ui/icons';
import { usePageRefresh } from '../../../ui/page-refresh';
import { toast } from '../../../ui/toast';
import { useUrlState } from '../../../ui/use-url-state';
import { notificationPaths } from '../notification-paths';
import { SILENCE_NAME, silenceState } from './silence-form-model';
import { NotificationsFrame } from '../notifications-page';

// The edit dialog (the form and its checks) loads when a silence is opened.
const SilenceEditDialog = lazyComponent(() =>
  import('./silence-edit-dialog').then((module) => module.SilenceEditDialog),
);

export const silencesUrlSchema = {
  sortBy: param(enumCodec(SILENCE_SORT_COLUMNS), 'created_at' as SilenceSortColumn),
  sortOrder: param(enumCodec(['asc', 'desc'] as const), 'desc' as 'asc' | 'desc'),
  pageIndex: param(numberCodec({ min: 0, integer: true }), 0),
  pageSize: param(numberCodec({ min: 1, max: 500, integer: true }), NOTIFICATION_PAGE_SIZE),
  id: param(stringCodec, ''),
};

const STATE_LOOK: Record<
  ReturnType<typeof silenceState>,
  { label: string; tone: BadgeTone; icon: typeof CheckIcon }
> = {
  active: { label: 'Active', tone: 'primary', icon: CheckIcon },
  upcoming: { label: 'Upcoming', tone: 'warning', icon: ClockIcon },
  expired: { label: 'Expired', tone: 'neutral', icon: MinusIcon },
};

function resourceName(
  silence: NotificationSilence,
  canaryNames: ReadonlyMap<string, string> | undefined,
): { kind: string; name: string } {
  const resource = silenceResourceOf(silence);
  if (!resource) return { kind: '-', name: '-' };
  const name =
    resource.kind === 'config'
      ? silence.catalog?.name
      : resource.kind === 'component'
        ? silence.component?.name
        : resource.kind === 'check'
          ? silence.checks?.name
          : canaryNames?.get(resource.id);
  return { kind: SILENCE_RESOURCE_LABELS[resource.kind], name: name ?? resource.id };
}

const SHORT_TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function shortTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '-' : SHORT_TIME.format(date);
}

function durationText(from: string, until: string): string {
  const ms = new Date(until).getTime() - new Date(from).getTime();
  if (!Number.isFinite(ms) || ms <= 0) return '';
  const hours = ms / 3_600_000;
  if (hours < 1) return `${Math.round(ms / 60_000)}m`;
  // Whole days read as days (24h → 1d); under two days otherwise in hours (36h).
  if (hours < 48 && (hours < 24 || hours % 24 !== 0)) return `${Math.round(hours * 10) / 10}h`;
  return `${Math.round((hours / 24) * 10) / 10}d`;
}

interface Actions {
  canaryNames: ReadonlyMap<string, string> | undefined;
  onOpen: (id: string) => void;
  onDelete?: (silence: NotificationSilence) => void;
}

function columns({ canaryNames, onOpen, onDelete }: Actions): ColumnDef<NotificationSilence>[] {
  const list: ColumnDef<NotificationSilence>[] = [
    {
      id: 'resource',
      header: 'Resource',
      accessorFn: (row) => resourceName(row, canaryNames).name,
      enableSorting: false,
      size: 260,
      cell: ({ row }) => {
        const { kind, name } = resourceName(row.original, canaryNames);
        return (
          <span className="flex min-w-0 flex-col">
            <button
              type="button"
              onClick={() => onOpen(row.original.id)}
              className="truncate rounded text-left font-medium text-link hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            >
              {name}
            </button>
            <span className="text-xs text-fg-muted">
              {kind}
              {row.original.recursive ? ' · recursive' : ''}
            </span>
          </span>
        );
      },
    },
    {
      id: 'from',
      header: 'Duration',
      accessorFn: (row) => `${row.from} – ${row.until}`,
      enableSorting: true,
      size: 320,
      cell: ({ row }) => {
        const silence = row.original;
        const look = STATE_LOOK[silenceState(silence)];
        const Icon = look.icon;
        return (
          <span
            className="flex flex-wrap items-center gap-x-2 gap-y-1"
            title={`${formatTimestamp(silence.from)} – ${formatTimestamp(silence.until)}`}
          >
            <Badge tone={look.tone}>
              <Icon size={12} aria-hidden="true" />
              {look.label}
            </Badge>
            <span className="text-sm whitespace-nowrap tabular-nums">
              {shortTime(silence.from)} → {shortTime(silence.until)}
            </span>
            <span className="text-xs text-fg-muted">
              {durationText(silence.from, silence.until)}
            </span>
          </span>
        );
      },
    },
    {
      id: 'source',
      header: 'Source',
      accessorFn: (row) => row.source ?? '',
      enableSorting: true,
      size: 90,
      cell: ({ row }) => row.original.source || <span className="text-fg-subtle">-</span>,
    },
    {
      id: 'description',
      header: 'Reason',
      accessorFn: (row) => row.description ?? '',
      enableSorting: true,
      cell: ({ row }) =>
        row.original.description ? (
          <span className="line-clamp-2 max-w-96" title={row.original.description}>
            {row.original.description}
          </span>
        ) : (
          <span className="text-fg-subtle">-</span>
        ),
    },
    {
      id: 'created_by',
      header: 'Created By',
      accessorFn: (row) => row.createdBy?.name ?? '',
      enableSorting: false,
      size: 150,
      cell: ({ row }) => {
        const person = row.original.createdBy;
        return person ? (
          <span className="inline-flex min-w-0 items-center gap-2">
            <Avatar name={person.name} src={person.avatar ?? undefined} size="sm" />
            <span className="truncate">{person.name}</span>
          </span>
        ) : (
          <span className="text-fg-subtle">-</span>
        );
      },
    },
  ];
  if (onDelete) {
    list.push({
      id: 'delete',
      header: () => <span className="sr-only">Delete</span>,
      enableSorting: false,
      size: 56,
      meta: { csv: false },
      cell: ({ row }) => (
        <IconButton
          size="sm"
          label={`Delete silence of ${resourceName(row.original, canaryNames).name}`}
          icon={<TrashIcon size={15} />}
          onClick={() => onDelete(row.original)}
        />
      ),
    });
  }
  return list;
}

export function SilencesPage() {
  const [state, setState] = useUrlState(silencesUrlSchema);
  const [deleting, setDeleting] = useState<NotificationSilence>();
  const canWrite = useCan('notifications', 'write');
  const canWriteDatabase = useCan('database', 'write');
  const canDelete = useCan('identities', 'write');
  const list = useSilences({
    pageIndex: state.pageIndex,
    pageSize: state.pageSize,
    sortBy: state.sortBy,
    sortOrder: state.sortOrder,
  });
  const canaryIds = [
    ...new Set((list.data?.rows ?? []).flatMap((row) => (row.canary_id ? [row.canary_id] : []))),
  ].sort();
  const canaries = useCanaryNames(canaryIds);
  const remove = useDeleteSilence();
  usePageRefresh(() => void list.refetch(), list.isFetching);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(NOTIFICATION_TOASTS.deleted(SILENCE_NAME));
        setDeleting(undefined);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-fg-muted" aria-live="polite">
          {list.isPending
            ? 'Loading silences…'
            : `${list.data?.total ?? list.data?.rows.length ?? 0} ${list.data?.total === 1 ? 'silence' : 'silences'}`}
        </p>
        {canWrite && canWriteDatabase ? (
          <Link href={notificationPaths.addSilence()} className={buttonClasses('primary', 'md')}>
            <PlusIcon size={16} />
            Add Silence
          </Link>
        ) : null}
      </div>
      {list.isError && !list.data ? (
        <EmptyState
          icon={<AlertCircleIcon size={22} />}
          title="Silences could not be loaded"
          description={errorMessage(list.error)}
          actions={
            <Button variant="primary" onClick={() => void list.refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <DataTable<NotificationSilence>
          label="Notification silences"
          data={list.data?.rows ?? []}
          columns={columns({
            canaryNames: canaries.data,
            onOpen: (id) => setState({ id }, { replace: false }),
            ...(canDelete ? { onDelete: setDeleting } : {}),
          })}
          getRowId={(row) => row.id}
          isLoading={list.isPending}
          emptyMessage="No resources found"
          onRowClick={(row) => setState({ id: row.original.id }, { replace: false })}
          sorting={[{ id: state.sortBy, desc: state.sortOrder === 'desc' }]}
          onSortingChange={(next) => {
            const first = next[0];
            setState({
              sortBy: (first?.id as SilenceSortColumn | undefined) ?? 'created_at',
              sortOrder: first ? (first.desc ? 'desc' : 'asc') : 'desc',
              pageIndex: 0,
            });
          }}
          serverPagination={{
            pageIndex: state.pageIndex,
            pageSize: state.pageSize,
            total: list.data?.total,
            pageSizes: NOTIFICATION_PAGE_SIZES,
            onPageChange: (pageIndex) => setState({ pageIndex: Math.max(0, pageIndex) }),
            onPageSizeChange: (pageSize) => setState({ pageSize, pageIndex: 0 }),
          }}
          csvExport={{ fileName: 'notification-silences' }}
        />
      )}
      {state.id ? (
        <SilenceEditDialog id={state.id} canWrite={canWrite} onClose={() => setState({ id: '' })} />
      ) : null}
      <ConfirmDialog
        open={deleting !== undefined}
        title={SILENCE_DELETE_QUESTION}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(undefined)}
      />
    </div>
  );
}

/** `/notifications/silences` in the route table: the area's tabs and this tab. */
export function SilencesRoute() {
  return (
    <NotificationsFrame>
      <SilencesPage />
    </NotificationsFrame>
  );
}
