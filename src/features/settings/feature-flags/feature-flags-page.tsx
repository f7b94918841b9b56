/**
 * `/settings/feature-flags` (spec doc 3 §2.3, §5, §8): the flags in effect — server-local ones
 * first (read-only: 'Cannot edit local feature flags'), then the database's — with Add Feature
 * Flag, edit and delete for users with write on feature flags. Name and value are both needed
 * ('please provide all details'). A change reloads the flags in effect, so the sidebar follows
 * at once (a `{feature}.disable` = `true` flag hides its entry).
 */
import { useId, useState } from 'react';
import { errorMessage } from '../../../api/client';
import {
  FLAG_ADDED,
  FLAG_REMOVED,
  FLAG_UPDATED,
  LOCAL_FLAG_ERROR,
  useDeleteFeatureFlag,
  useFeatureFlags,
  useSaveFeatureFlag,
  validateFlag,
  type FeatureFlag,
} from '../../../api/feature-flags';
import { formatTimestamp } from '../../../lib/time';
import { PAGE_FEATURES, SETTINGS_FEATURES } from '../../../rbac/flags';
import { useSession } from '../../../rbac/session-context';
import { useCan } from '../../../rbac/use-can';
import { Avatar } from '../../../ui/avatar';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { DataTable, type ColumnDef } from '../../../ui/data-table';
import { Dialog } from '../../../ui/dialog';
import { EmptyState } from '../../../ui/empty-state';
import { TextInputField } from '../../../ui/form-field';
import { AlertCircleIcon, PlusIcon } from '../../../ui/icons';
import { usePageRefresh } from '../../../ui/page-refresh';
import { RelativeTime } from '../../../ui/relative-time';
import { toast } from '../../../ui/toast';

/** Name suggestions: every feature's `.disable` property. */
const FLAG_SUGGESTIONS = [...PAGE_FEATURES, ...SETTINGS_FEATURES].map((name) => `${name}.disable`);

type Editing = { mode: 'create' } | { mode: 'update'; flag: FeatureFlag };

function FlagDialog({
  editing,
  localNames,
  canWrite,
  onClose,
}: {
  editing: Editing;
  localNames: ReadonlySet<string>;
  canWrite: boolean;
  onClose: () => void;
}) {
  const listId = useId();
  const existing = editing.mode === 'update' ? editing.flag : undefined;
  const [name, setName] = useState(existing?.name ?? '');
  const [value, setValue] = useState(existing?.value ?? '');
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const save = useSaveFeatureFlag();
  const remove = useDeleteFeatureFlag();
  const { user } = useSession();
  const local = existing?.source === 'local';
  const editable = canWrite && !local;
  const busy = save.isPending || remove.isPending;

  const submit = () => {
    const missing = validateFlag({ name, value });
    if (missing) {
      setError(missing);
      return;
    }
    if (localNames.has(name.trim())) {
      setError(LOCAL_FLAG_ERROR);
      return;
    }
    setError(undefined);
    save.mutate(
      { mode: editing.mode, name: existing?.name ?? name, value, createdBy: user?.id },
      {
        onSuccess: () => {
          toast.success(editing.mode === 'create' ? FLAG_ADDED : FLAG_UPDATED);
          onClose();
        },
        onError: (failure) => toast.error(errorMessage(failure)),
      },
    );
  };

  if (confirming && existing) {
    return (
      <ConfirmDialog
        open
        title={`Delete the feature flag ${existing.name}?`}
        description="The flag is removed from the database; the feature follows at once."
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(existing.name, {
            onSuccess: () => {
              toast.success(FLAG_REMOVED);
              onClose();
            },
            onError: (failure) => toast.error(errorMessage(failure)),
          })
        }
      />
    );
  }

  return (
    <Dialog
      open
      onClose={busy ? () => undefined : onClose}
      size="md"
      title={existing ? 'Edit Feature Flag' : 'Add Feature Flag'}
      footer={
        <>
          {existing && editable ? (
            <Button variant="danger" className="mr-auto" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          ) : null}
          <Button onClick={onClose} disabled={busy}>
            {editable ? 'Cancel' : 'Close'}
          </Button>
          {editable ? (
            <Button variant="primary" type="submit" form={`${listId}-form`} disabled={busy}>
              {save.isPending ? (existing ? 'Updating' : 'Saving') : existing ? 'Update' : 'Save'}
            </Button>
          ) : null}
        </>
      }
    >
      <form
        id={`${listId}-form`}
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {local ? (
          <p role="alert" className="rounded-md bg-warning-soft px-3 py-2 text-sm text-fg">
            {LOCAL_FLAG_ERROR}
          </p>
        ) : null}
        <TextInputField
          label="Name"
          value={name}
          onChange={setName}
          required
          readOnly={Boolean(existing) || !editable}
          list={existing ? undefined : listId}
          placeholder="incidents.disable"
          autoComplete="off"
          hint={
            existing ? undefined : 'A feature is hidden when its {feature}.disable flag is true.'
          }
        />
        <datalist id={listId}>
          {FLAG_SUGGESTIONS.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
        <TextInputField
          label="Value"
          value={value}
          onChange={setValue}
          required
          readOnly={!editable}
          placeholder="true"
          autoComplete="off"
        />
        {error ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}

function columns(onOpen: (flag: FeatureFlag) => void): ColumnDef<FeatureFlag>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      size: 280,
      cell: ({ row }) => (
        <button
          type="button"
          onClick={() => onOpen(row.original)}
          className="max-w-full truncate rounded text-left font-medium text-link hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          {row.original.name}
        </button>
      ),
    },
    {
      id: 'value',
      header: 'Value',
      size: 200,
      cell: ({ row }) => <code className="text-sm break-all">{row.original.value}</code>,
    },
    {
      id: 'source',
      header: 'Source',
      size: 110,
      cell: ({ row }) =>
        row.original.source === 'local' ? <Badge tone="warning">local</Badge> : <Badge>db</Badge>,
    },
    {
      id: 'created_by',
      header: 'Created By',
      size: 180,
      cell: ({ row }) => {
        const person = row.original.created_by;
        return person?.name ? (
          <span className="inline-flex min-w-0 items-center gap-2">
            <Avatar name={person.name} src={person.avatar ?? undefined} size="sm" />
            <span className="truncate">{person.name}</span>
          </span>
        ) : (
          <span className="text-fg-muted">-</span>
        );
      },
    },
    {
      id: 'created_at',
      header: 'Created At',
      size: 140,
      cell: ({ row }) =>
        row.original.created_at ? (
          <span title={formatTimestamp(row.original.created_at)}>
            <RelativeTime className="text-fg-muted" value={row.original.created_at} />
          </span>
        ) : (
          <span className="text-fg-muted">-</span>
        ),
    },
    {
      id: 'updated_at',
      header: 'Updated At',
      size: 140,
      cell: ({ row }) =>
        row.original.updated_at ? (
          <span title={formatTimestamp(row.original.updated_at)}>
            <RelativeTime className="text-fg-muted" value={row.original.updated_at} />
          </span>
        ) : (
          <span className="text-fg-muted">-</span>
        ),
    },
  ];
}

export function FeatureFlagsPage() {
  const list = useFeatureFlags();
  const canWrite = useCan('feature_flags', 'write');
  const [editing, setEditing] = useState<Editing | undefined>();
  usePageRefresh(() => void list.refetch(), list.isFetching);
  const flags = list.data ?? [];
  const localNames = new Set(flags.filter((flag) => flag.source === 'local').map((f) => f.name));

  if (list.isError && !list.data) {
    return (
      <EmptyState
        icon={<AlertCircleIcon size={22} />}
        title="Feature flags could not be loaded"
        description={errorMessage(list.error)}
        actions={
          <Button variant="primary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-fg-muted" aria-live="polite">
          {list.isPending
            ? 'Loading feature flags…'
            : `${flags.length} ${flags.length === 1 ? 'flag' : 'flags'}`}
        </p>
        {canWrite ? (
          <Button
            variant="primary"
            icon={<PlusIcon size={16} />}
            onClick={() => setEditing({ mode: 'create' })}
          >
            Add Feature Flag
          </Button>
        ) : null}
      </div>
      <DataTable<FeatureFlag>
        label="Feature flags"
        data={flags}
        columns={columns((flag) => setEditing({ mode: 'update', flag }))}
        getRowId={(flag) => `${flag.source}:${flag.name}`}
        isLoading={list.isPending}
        onRowClick={(row) => setEditing({ mode: 'update', flag: row.original })}
        rowClassName={() => 'cursor-pointer'}
      />
      {editing ? (
        <FlagDialog
          editing={editing}
          localNames={localNames}
          canWrite={canWrite}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
    </div>
  );
}
