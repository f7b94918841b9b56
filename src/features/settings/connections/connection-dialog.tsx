/**
 * The connection modal (spec doc 3 §2.2): a new connection starts with the type picker grid, then
 * the type's form; an existing one opens on its form (Name and Namespace read-only, secrets kept
 * unless replaced) with Test and Delete. Toasts are the spec's (§8).
 */
import { useMemo, useRef, useState } from 'react';
import {
  CONNECTION_TOASTS,
  useDeleteConnection,
  useSaveConnection,
  useTestConnection,
  type Connection,
} from '../../../api/connections';
import { errorMessage } from '../../../api/client';
import { useSession } from '../../../rbac/session-context';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Dialog } from '../../../ui/dialog';
import { ChevronLeftIcon, SearchIcon } from '../../../ui/icons';
import { toast } from '../../../ui/toast';
import { ConnectionFieldInput } from './connection-fields';
import { TextInputField, fieldInputClass } from '../../../ui/form-field';
import { ConnectionTypeTile } from './connection-type-tile';
import {
  connectionFormFromRow,
  connectionInputFromForm,
  connectionTypeLabel,
  connectionTypeSpec,
  newConnectionForm,
  pickerTypes,
  validateConnectionForm,
  visibleFields,
  type ConnectionForm,
  type ConnectionTypeSpec,
  type FormErrors,
} from './connection-types';
import { cx } from '../../../lib/class-names';

/** Show a test's answer as the spec's toast. */
export function useRunConnectionTest() {
  const test = useTestConnection();
  const run = (id: string) =>
    test.mutate(id, {
      onSuccess: (result) => {
        if (result.ok) toast.success(result.message);
        else toast.error(result.message);
      },
    });
  return { run, pendingId: test.isPending ? test.variables : undefined };
}

function TypePicker({ onPick }: { onPick: (spec: ConnectionTypeSpec) => void }) {
  const [search, setSearch] = useState('');
  const groups = pickerTypes(search);
  return (
    <div className="flex flex-col gap-4">
      <div className="relative">
        <SearchIcon
          size={16}
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-fg-subtle"
        />
        <input
          type="search"
          aria-label="Search connection types"
          placeholder="Search connection types"
          value={search}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the picker's first control
          autoFocus
          onChange={(event) => setSearch(event.target.value)}
          className={cx(fieldInputClass, 'pl-9')}
        />
      </div>
      {groups.length === 0 ? (
        <p className="py-6 text-center text-sm text-fg-muted">No options found</p>
      ) : (
        groups.map((group) => (
          <section key={group.category} aria-label={group.category}>
            <h3 className="mb-2 text-xs font-semibold tracking-wide text-fg-muted uppercase">
              {group.category}
            </h3>
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {group.specs.map((spec) => (
                <li key={spec.type}>
                  <button
                    type="button"
                    data-connection-type={spec.type}
                    onClick={() => onPick(spec)}
                    className="flex w-full items-center gap-3 rounded-lg border border-border bg-surface p-2.5 text-left text-sm font-medium text-fg shadow-sm transition-colors hover:border-primary hover:bg-surface-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
                  >
                    <ConnectionTypeTile type={spec.type} />
                    <span className="min-w-0 truncate">{spec.label}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}

interface FormProps {
  spec: ConnectionTypeSpec;
  connection?: Connection;
  onBack?: () => void;
  onClose: () => void;
}

function ConnectionFormDialog({ spec, connection, onBack, onClose }: FormProps) {
  const { user } = useSession();
  const [form, setForm] = useState<ConnectionForm>(() =>
    connection ? connectionFormFromRow(spec, connection) : newConnectionForm(spec),
  );
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const save = useSaveConnection();
  const remove = useDeleteConnection();
  const tester = useRunConnectionTest();
  const formRef = useRef<HTMLFormElement>(null);
  const errors: FormErrors = useMemo(() => validateConnectionForm(spec, form), [spec, form]);
  const shown = (key: string) => (submitted || touched.has(key) ? errors[key] : undefined);
  const editing = Boolean(connection);
  const busy = save.isPending || remove.isPending;
  const fields = visibleFields(spec, form.values);

  const touch = (key: string) => setTouched((previous) => new Set(previous).add(key));

  const submit = () => {
    setSubmitted(true);
    if (Object.keys(errors).length > 0) {
      queueMicrotask(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    const input = connectionInputFromForm(spec, form, connection);
    save.mutate(
      { id: connection?.id, input, createdBy: user?.id },
      {
        onSuccess: () => {
          toast.success(editing ? CONNECTION_TOASTS.updated : CONNECTION_TOASTS.added);
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  const confirmDelete = () => {
    if (!connection) return;
    remove.mutate(connection.id, {
      onSuccess: () => {
        toast.success(CONNECTION_TOASTS.deleted);
        setConfirming(false);
        onClose();
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  const formId = `connection-form-${connection?.id ?? 'new'}`;
  return (
    <>
      <Dialog
        open={!confirming}
        onClose={busy ? () => undefined : onClose}
        size="lg"
        title={
          <span className="flex items-center gap-3">
            <ConnectionTypeTile type={spec.type} size="sm" />
            {editing ? `Edit ${connection?.name ?? ''}` : 'Add Connection'}
          </span>
        }
        description={editing ? `${spec.label} connection` : `New ${spec.label} connection`}
        footer={
          <>
            {onBack ? (
              <Button
                variant="ghost"
                className="mr-auto"
                icon={<ChevronLeftIcon size={16} />}
                onClick={onBack}
                disabled={busy}
              >
                Back
              </Button>
            ) : null}
            {connection ? (
              <>
                <Button
                  variant="danger"
                  className="mr-auto"
                  onClick={() => setConfirming(true)}
                  disabled={busy}
                >
                  Delete
                </Button>
                <Button
                  onClick={() => tester.run(connection.id)}
                  isLoading={tester.pendingId === connection.id}
                  disabled={busy}
                >
                  Test
                </Button>
              </>
            ) : null}
            <Button onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" form={formId} variant="primary" isLoading={save.isPending}>
              {save.isPending ? (editing ? 'Updating' : 'Saving') : editing ? 'Update' : 'Save'}
            </Button>
          </>
        }
      >
        <form
          id={formId}
          ref={formRef}
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInputField
              label="Name"
              required
              value={form.name}
              readOnly={editing}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the form's first field
              autoFocus={!editing}
              error={shown('name')}
              onChange={(name) => {
                touch('name');
                setForm((previous) => ({ ...previous, name }));
              }}
            />
            <TextInputField
              label="Namespace"
              required
              value={form.namespace}
              readOnly={editing}
              error={shown('namespace')}
              onChange={(namespace) => {
                touch('namespace');
                setForm((previous) => ({ ...previous, namespace }));
              }}
            />
          </div>
          {fields.map((field) => (
            <ConnectionFieldInput
              key={field.target}
              field={field}
              value={form.values[field.target]}
              error={shown(field.target)}
              onChange={(value) => {
                touch(field.target);
                setForm((previous) => ({
                  ...previous,
                  values: { ...previous.values, [field.target]: value },
                }));
              }}
            />
          ))}
        </form>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        title="Delete connection?"
        description={`Connection ${connection?.name ?? ''} will be deleted.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

export interface ConnectionDialogProps {
  /** The connection to edit; a new one when absent. */
  connection?: Connection;
  onClose: () => void;
}

export function ConnectionDialog({ connection, onClose }: ConnectionDialogProps) {
  const [picked, setPicked] = useState<ConnectionTypeSpec | undefined>(() =>
    connection ? connectionTypeSpec(connection.type) : undefined,
  );
  if (connection && !picked) {
    return (
      <Dialog
        open
        onClose={onClose}
        title={connection.name}
        footer={<Button onClick={onClose}>Close</Button>}
      >
        <p className="text-sm text-fg">
          Connections of type {connectionTypeLabel(connection.type)} are not edited here.
        </p>
      </Dialog>
    );
  }
  if (!picked) {
    return (
      <Dialog
        open
        onClose={onClose}
        size="lg"
        title="Add Connection"
        description="Choose the type of connection"
      >
        <TypePicker onPick={setPicked} />
      </Dialog>
    );
  }
  return (
    <ConnectionFormDialog
      key={picked.type}
      spec={picked}
      connection={connection}
      onBack={connection ? undefined : () => setPicked(undefined)}
      onClose={onClose}
    />
  );
}
