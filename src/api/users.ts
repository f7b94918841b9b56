/**
 * Users (spec doc 3 §2.4, §7; api.md §8.2–8.5, postgrest.md §8.2): `GET /db/identities` merged
 * with `GET /db/people_roles`; invitations (`POST /auth/invite_user` returns the link the invitee
 * opens), edit (`POST /people/update`), account state (`POST /auth/{id}/update_state`) and delete
 * (`DELETE /people/{id}`); and the invitee's two calls (`POST /auth/invite/lookup`, `…/accept`).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from './api-context';
import type { ApiClient } from './client';
import { from, selectRows } from './postgrest';

export const USER_DELETED = 'user deleted successfully';

export interface IdentityRow {
  id: string;
  traits: { name?: { first?: string; last?: string }; email?: string } | null;
  state: string | null;
  created_at: string | null;
  updated_at?: string | null;
  state_changed_at?: string | null;
}

export interface User {
  id: string;
  firstName: string;
  lastName: string;
  /** "first last". */
  name: string;
  email: string;
  roles: string[];
  active: boolean;
  state: string;
  created_at: string | null;
}

/** Merge identities with their roles (postgrest.md §8.2 "merged client-side"). */
export function mergeUsers(
  identities: readonly IdentityRow[],
  roles: readonly { id: string; roles?: string[] | null }[],
): User[] {
  const byId = new Map(roles.map((row) => [row.id, row.roles ?? []]));
  return identities.map((identity) => {
    const firstName = identity.traits?.name?.first ?? '';
    const lastName = identity.traits?.name?.last ?? '';
    const state = identity.state ?? 'active';
    return {
      id: identity.id,
      firstName,
      lastName,
      name: `${firstName} ${lastName}`.trim(),
      email: identity.traits?.email ?? '',
      roles: byId.get(identity.id) ?? [],
      active: state === 'active',
      state,
      created_at: identity.created_at,
    };
  });
}

export async function listUsers(client: ApiClient, signal?: AbortSignal): Promise<User[]> {
  const identities = await selectRows<IdentityRow>(
    client,
    from('identities')
      .select('id,traits,state,created_at,updated_at,state_changed_at')
      .order({ column: 'created_at', ascending: false }),
    { signal },
  );
  const ids = identities.rows.map((row) => row.id);
  const roles =
    ids.length === 0
      ? { rows: [] }
      : await selectRows<{ id: string; roles: string[] | null }>(
          client,
          from('people_roles').in('id', ids),
          { signal },
        );
  return mergeUsers(identities.rows, roles.rows);
}

export interface UserInput {
  firstName: string;
  lastName: string;
  email: string;
  role: string;
}

export async function inviteUser(client: ApiClient, input: UserInput): Promise<{ link: string }> {
  return client.post<{ link: string }>('/auth/invite_user', input);
}

export async function updateUser(
  client: ApiClient,
  input: UserInput & { id: string; active: boolean },
): Promise<void> {
  await client.post('/people/update', input);
}

export async function setUserState(
  client: ApiClient,
  id: string,
  state: 'active' | 'inactive',
): Promise<void> {
  await client.post(`/auth/${encodeURIComponent(id)}/update_state`, { id, state });
}

export async function deleteUser(client: ApiClient, id: string): Promise<void> {
  await client.delete(`/people/${encodeURIComponent(id)}`);
}

export const userKeys = {
  all: (baseUrl: string) => ['users', baseUrl] as const,
};

export const userQueries = {
  list: (client: ApiClient) =>
    queryOptions({
      queryKey: userKeys.all(client.baseUrl),
      queryFn: ({ signal }) => listUsers(client, signal),
    }),
};

export function useUsers() {
  const client = useApiClient();
  return useQuery(userQueries.list(client));
}

function useInvalidateUsers() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: userKeys.all(client.baseUrl) });
}

export function useInviteUser() {
  const client = useApiClient();
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (input: UserInput) => inviteUser(client, input),
    onSettled: () => invalidate(),
  });
}

export function useUpdateUser() {
  const client = useApiClient();
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (input: UserInput & { id: string; active: boolean }) => updateUser(client, input),
    onSettled: () => invalidate(),
  });
}

export function useSetUserState() {
  const client = useApiClient();
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, state }: { id: string; state: 'active' | 'inactive' }) =>
      setUserState(client, id, state),
    onSettled: () => invalidate(),
  });
}

export function useDeleteUser() {
  const client = useApiClient();
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: string) => deleteUser(client, id),
    onSettled: () => invalidate(),
  });
}
