/**
 * `/settings/users` (spec doc 3 §2.4): Name, Email, Roles, State, Created At and Actions. Invite
 * User and the actions (Edit User, Activate / Deactivate, Delete) are for users with write on
 * identities; the server enforces the same (api.md §8). The page itself needs read on identities
 * (its route guard).
 */
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import {
  USER_DELETED,
  useDeleteUser,
  useSetUserState,
  useUsers,
  type User,
} from '../../../api/users';
import { formatTimestamp } from '../../../lib/time';
import { useSession } from '../../../rbac/session-context';
import { useCan } from '../../../rbac/use-can';
import { Avatar } from '../../../ui/avatar';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { DataTable, type ColumnDef } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import {
  AlertCircleIcon,
  MoreVerticalIcon,
  PlusIcon,
  TrashIcon,
  UserIcon,
} from '../../../ui/icons';
import { Menu, MenuDivider, MenuItemButton } from '../../../ui/menu';
import { usePageRefresh } from '../../../ui/page-refresh';
import { RelativeTime } from '../../../ui/relative-time';
import { toast } from '../../../ui/toast';
import { EditUserDialog, InviteUserDialog } from './user-dialogs';
import { ROLE_OPTIONS, primaryRole } from './user-form';

type Open =
  | { kind: 'invite' }
  | { kind: 'edit'; user: User }
  | { kind: 'delete'; user: User }
  | { kind: 'state'; user: User };

function roleLabel(role: string): string {
  return ROLE_OPTIONS.find((option) => option.value === role)?.label ?? role;
}

function columns(
  canWrite: boolean,
  selfId: string | undefined,
  open: (next: Open) => void,
): ColumnDef<User>[] {
  const list: ColumnDef<User>[] = [
    {
      id: 'name',
      header: 'Name',
      size: 220,
      cell: ({ row }) => (
        <span className="inline-flex min-w-0 items-center gap-2">
          <Avatar name={row.original.name || row.original.email} size="sm" />
          <span className="truncate font-medium">{row.original.name || '-'}</span>
        </span>
      ),
    },
    {
      id: 'email',
      header: 'Email',
      size: 240,
      cell: ({ row }) => <span className="truncate">{row.original.email || '-'}</span>,
    },
    {
      id: 'roles',
      header: 'Roles',
      size: 200,
      cell: ({ row }) => {
        const roles = row.original.roles.length > 0 ? row.original.roles : ['viewer'];
        const main = primaryRole(roles);
        return (
          <span className="flex flex-wrap gap-1">
            {[...roles]
              .sort((a, b) => (a === main ? -1 : b === main ? 1 : a.localeCompare(b)))
              .map((role) => (
                <Badge key={role} tone={role === main ? 'primary' : 'neutral'}>
                  {roleLabel(role)}
                </Badge>
              ))}
          </span>
        );
      },
    },
    {
      id: 'state',
      header: 'State',
      size: 110,
      cell: ({ row }) =>
        row.original.active ? (
          <Badge tone="healthy">Active</Badge>
        ) : (
          <Badge tone="unknown">Inactive</Badge>
        ),
    },
    {
      id: 'created_at',
      header: 'Created At',
      size: 150,
      cell: ({ row }) =>
        row.original.created_at ? (
          <span title={formatTimestamp(row.original.created_at)}>
            <RelativeTime className="text-fg-muted" value={row.original.created_at} />
          </span>
        ) : (
          <span className="text-fg-muted">-</span>
        ),
    },
  ];
  list.push({
    id: 'actions',
    header: 'Actions',
    size: 90,
    cell: ({ row }) => {
      const user = row.original;
      if (!canWrite) return <span className="text-fg-muted">-</span>;
      const self = user.id === selfId;
      return (
        <Menu
          trigger={<MoreVerticalIcon size={16} />}
          triggerLabel={`Actions for ${user.name || user.email}`}
          triggerClassName="size-8"
        >
          <MenuItemButton
            icon={<UserIcon size={16} />}
            onClick={() => open({ kind: 'edit', user })}
          >
            Edit User
          </MenuItemButton>
          <MenuItemButton disabled={self} onClick={() => open({ kind: 'state', user })}>
            {user.active ? 'Deactivate' : 'Activate'}
          </MenuItemButton>
          <MenuDivider />
          <MenuItemButton
            disabled={self}
            icon={<TrashIcon size={16} />}
            onClick={() => open({ kind: 'delete', user })}
          >
            Delete
          </MenuItemButton>
        </Menu>
      );
    },
  });
  return list;
}

export function UsersPage() {
  const list = useUsers();
  const canWrite = useCan('identities', 'write');
  const { user: me } = useSession();
  const [open, setOpen] = useState<Open | undefined>();
  const remove = useDeleteUser();
  const setState = useSetUserState();
  usePageRefresh(() => void list.refetch(), list.isFetching);
  const close = () => setOpen(undefined);

  if (list.isError && !list.data) {
    return (
      <EmptyState
        icon={<AlertCircleIcon size={22} />}
        title="Users could not be loaded"
        description={errorMessage(list.error)}
        actions={
          <Button variant="primary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  const users = list.data ?? [];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-fg-muted" aria-live="polite">
          {list.isPending
            ? 'Loading users…'
            : `${users.length} ${users.length === 1 ? 'user' : 'users'}`}
        </p>
        {canWrite ? (
          <Button
            variant="primary"
            icon={<PlusIcon size={16} />}
            onClick={() => setOpen({ kind: 'invite' })}
          >
            Invite User
          </Button>
        ) : null}
      </div>
      <DataTable<User>
        label="Users"
        data={users}
        columns={columns(canWrite, me?.id, setOpen)}
        getRowId={(user) => user.id}
        isLoading={list.isPending}
      />
      {open?.kind === 'invite' ? <InviteUserDialog onClose={close} /> : null}
      {open?.kind === 'edit' ? <EditUserDialog user={open.user} onClose={close} /> : null}
      {open?.kind === 'delete' ? (
        <ConfirmDialog
          open
          title={`Delete ${open.user.name || open.user.email}?`}
          description="The account is removed with its roles and sessions; this cannot be undone."
          confirmLabel="Delete"
          busy={remove.isPending}
          onCancel={close}
          onConfirm={() =>
            remove.mutate(open.user.id, {
              onSuccess: () => {
                toast.success(USER_DELETED);
                close();
              },
              onError: (error) => toast.error(errorMessage(error)),
            })
          }
        />
      ) : null}
      {open?.kind === 'state' ? (
        <ConfirmDialog
          open
          variant={open.user.active ? 'danger' : 'primary'}
          title={`${open.user.active ? 'Deactivate' : 'Activate'} ${open.user.name || open.user.email}?`}
          description={
            open.user.active
              ? 'The user is signed out everywhere and cannot sign in until activated again.'
              : 'The user can sign in again.'
          }
          confirmLabel={open.user.active ? 'Deactivate' : 'Activate'}
          busy={setState.isPending}
          onCancel={close}
          onConfirm={() =>
            setState.mutate(
              { id: open.user.id, state: open.user.active ? 'inactive' : 'active' },
              {
                onSuccess: () => {
                  toast.success(`${open.user.name || open.user.email} updated successfully`);
                  close();
                },
                onError: (error) => toast.error(errorMessage(error)),
              },
            )
          }
        />
      ) : null}
    </div>
  );
}
