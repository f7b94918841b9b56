/**
 * A team's members (spec doc 3 §2.5, §8): the list, Add Members (several at once, from the people
 * not yet in the team) and Remove user, with the spec's toasts ('{names} added to the team
 * successfully', '{name} removed from team successfully'); a failure shows the server's message.
 * Adding and removing need write on the data (`database`); readers see the list only.
 */
import { useId, useMemo, useState } from 'react';
import { errorMessage } from '../../../api/client';
import {
  memberRemovedMessage,
  membersAddedMessage,
  useAddTeamMembers,
  usePeople,
  useRemoveTeamMember,
  useTeamMembers,
  type TeamPerson,
} from '../../../api/teams';
import { useCan } from '../../../rbac/use-can';
import { Avatar } from '../../../ui/avatar';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { DataTable, type ColumnDef } from '../../../ui/data-table';
import { Dialog } from '../../../ui/dialog';
import { EmptyState } from '../../../ui/empty-state';
import { AlertCircleIcon, PlusIcon, SearchIcon, TrashIcon } from '../../../ui/icons';
import { Spinner } from '../../../ui/spinner';
import { toast } from '../../../ui/toast';

function personLabel(person: TeamPerson): string {
  return person.name || person.email || person.id;
}

function AddMembersDialog({
  teamId,
  memberIds,
  onClose,
}: {
  teamId: string;
  memberIds: ReadonlySet<string>;
  onClose: () => void;
}) {
  const searchId = useId();
  const people = usePeople();
  const add = useAddTeamMembers(teamId);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | undefined>();
  const candidates = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (people.data ?? []).filter(
      (person) =>
        !memberIds.has(person.id) &&
        (!needle ||
          (person.name ?? '').toLowerCase().includes(needle) ||
          (person.email ?? '').toLowerCase().includes(needle)),
    );
  }, [people.data, memberIds, search]);
  const toggle = (id: string) =>
    setChosen((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const submit = () => {
    if (chosen.size === 0) {
      setError('Select at least one user.');
      return;
    }
    const names = (people.data ?? []).filter((person) => chosen.has(person.id)).map(personLabel);
    add.mutate([...chosen], {
      onSuccess: () => {
        toast.success(membersAddedMessage(names));
        onClose();
      },
      onError: (failure) => toast.error(errorMessage(failure)),
    });
  };
  return (
    <Dialog
      open
      onClose={add.isPending ? () => undefined : onClose}
      size="md"
      title="Add Members"
      description="Choose one or more users to add to this team."
      footer={
        <>
          <Button onClick={onClose} disabled={add.isPending}>
            Cancel
          </Button>
          <Button variant="primary" onClick={submit} isLoading={add.isPending}>
            {chosen.size > 0 ? `Add ${chosen.size}` : 'Add'}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <div className="relative">
          <label htmlFor={searchId} className="sr-only">
            Search users
          </label>
          <SearchIcon
            size={16}
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-fg-subtle"
          />
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search users"
            autoComplete="off"
            className="h-9 w-full rounded-md border border-border bg-surface pr-3 pl-9 text-sm text-fg shadow-sm placeholder:text-fg-subtle focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary"
          />
        </div>
        <fieldset className="max-h-72 overflow-auto rounded-md border border-border">
          <legend className="sr-only">Users</legend>
          {people.isPending ? (
            <div className="flex justify-center py-6">
              <Spinner label="Loading users" />
            </div>
          ) : candidates.length === 0 ? (
            <p className="px-3 py-6 text-center text-sm text-fg-muted">
              {search ? 'No result' : 'No options found'}
            </p>
          ) : (
            <ul className="divide-y divide-border">
              {candidates.map((person) => (
                <li key={person.id}>
                  <label className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-surface-hover">
                    <input
                      type="checkbox"
                      checked={chosen.has(person.id)}
                      onChange={() => {
                        setError(undefined);
                        toggle(person.id);
                      }}
                      className="size-4 accent-primary"
                    />
                    <Avatar name={personLabel(person)} src={person.avatar ?? undefined} size="sm" />
                    <span className="min-w-0">
                      <span className="block truncate text-sm font-medium text-fg">
                        {person.name || '-'}
                      </span>
                      {person.email ? (
                        <span className="block truncate text-xs text-fg-muted">{person.email}</span>
                      ) : null}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        {error ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}

export function TeamMembersPanel({ teamId }: { teamId: string }) {
  const members = useTeamMembers(teamId);
  const canWrite = useCan('database', 'write');
  const remove = useRemoveTeamMember(teamId);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<TeamPerson | undefined>();
  const list = useMemo(() => members.data ?? [], [members.data]);
  const memberIds = useMemo(() => new Set(list.map((person) => person.id)), [list]);

  const columns: ColumnDef<TeamPerson>[] = [
    {
      id: 'name',
      header: 'Name',
      size: 260,
      cell: ({ row }) => (
        <span className="inline-flex min-w-0 items-center gap-2">
          <Avatar
            name={personLabel(row.original)}
            src={row.original.avatar ?? undefined}
            size="sm"
          />
          <span className="truncate font-medium">{row.original.name || '-'}</span>
        </span>
      ),
    },
    {
      id: 'email',
      header: 'Email',
      meta: { fill: true },
      cell: ({ row }) => <span className="truncate">{row.original.email || '-'}</span>,
    },
  ];
  if (canWrite) {
    columns.push({
      id: 'actions',
      header: 'Actions',
      size: 150,
      cell: ({ row }) => (
        <Button
          size="sm"
          variant="ghost"
          icon={<TrashIcon size={14} />}
          aria-label={`Remove user ${personLabel(row.original)}`}
          onClick={() => setRemoving(row.original)}
        >
          Remove user
        </Button>
      ),
    });
  }

  if (members.isError && !members.data) {
    return (
      <EmptyState
        icon={<AlertCircleIcon size={22} />}
        title="Members could not be loaded"
        description={errorMessage(members.error)}
        actions={
          <Button variant="primary" onClick={() => void members.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  return (
    <section aria-label="Team members" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-fg-muted" aria-live="polite">
          {members.isPending
            ? 'Loading members…'
            : `${list.length} ${list.length === 1 ? 'member' : 'members'}`}
        </p>
        {canWrite ? (
          <Button variant="primary" icon={<PlusIcon size={16} />} onClick={() => setAdding(true)}>
            Add Members
          </Button>
        ) : null}
      </div>
      <DataTable<TeamPerson>
        label="Members"
        data={list}
        columns={columns}
        getRowId={(person) => person.id}
        isLoading={members.isPending}
        emptyMessage="This team has no members yet."
      />
      {adding ? (
        <AddMembersDialog teamId={teamId} memberIds={memberIds} onClose={() => setAdding(false)} />
      ) : null}
      {removing ? (
        <ConfirmDialog
          open
          title={`Remove ${personLabel(removing)} from the team?`}
          confirmLabel="Remove user"
          busy={remove.isPending}
          onCancel={() => setRemoving(undefined)}
          onConfirm={() =>
            remove.mutate(removing.id, {
              onSuccess: () => {
                toast.success(memberRemovedMessage(personLabel(removing)));
                setRemoving(undefined);
              },
              onError: (failure) => toast.error(errorMessage(failure)),
            })
          }
        />
      ) : null}
    </section>
  );
}
