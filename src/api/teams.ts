/**
 * Teams and their members (spec doc 3 §2.5, §7; postgrest.md §8.2): the members of a team with
 * each person embedded, the people who can be added, bulk add, and removal from this team only
 * (`team_id` and `person_id`, not every team the person is in).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from './api-context';
import type { ApiClient } from './client';
import { from, selectRows } from './postgrest';

export interface TeamPerson {
  id: string;
  name: string | null;
  email: string | null;
  avatar?: string | null;
  type?: string | null;
  deleted_at?: string | null;
}

export interface TeamMember {
  team_id: string;
  person_id: TeamPerson | null;
}

/** `GET /team_members?team_id=eq.{team}&select=*,person_id(*)`. */
export async function listTeamMembers(
  client: ApiClient,
  teamId: string,
  signal?: AbortSignal,
): Promise<TeamPerson[]> {
  const result = await selectRows<TeamMember>(
    client,
    from('team_members').eq('team_id', teamId).select('*,person_id(*)'),
    { signal },
  );
  return result.rows
    .map((row) => row.person_id)
    .filter((person): person is TeamPerson => Boolean(person && !person.deleted_at))
    .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''));
}

/** People who can be members: live users (not the system person, not agents). */
export async function listPeople(client: ApiClient, signal?: AbortSignal): Promise<TeamPerson[]> {
  const result = await selectRows<TeamPerson>(
    client,
    from('people').select('*').is('deleted_at', 'null').order({ column: 'name' }),
    { signal },
  );
  return result.rows.filter((person) => person.type !== 'system' && person.type !== 'agent');
}

export async function addTeamMembers(
  client: ApiClient,
  teamId: string,
  personIds: readonly string[],
): Promise<void> {
  await client.post(
    '/db/team_members',
    personIds.map((personId) => ({ team_id: teamId, person_id: personId })),
  );
}

export async function removeTeamMember(
  client: ApiClient,
  teamId: string,
  personId: string,
): Promise<void> {
  const query = from('team_members').eq('team_id', teamId).eq('person_id', personId);
  await client.delete(query.path, { query: query.toString() });
}

/** '{names} added to the team successfully'. */
export function membersAddedMessage(names: readonly string[]): string {
  return `${names.join(', ')} added to the team successfully`;
}

/** '{name} removed from team successfully'. */
export function memberRemovedMessage(name: string): string {
  return `${name} removed from team successfully`;
}

export const teamKeys = {
  all: (baseUrl: string) => ['teams', baseUrl] as const,
  members: (baseUrl: string, teamId: string) =>
    [...teamKeys.all(baseUrl), 'members', teamId] as const,
  people: (baseUrl: string) => [...teamKeys.all(baseUrl), 'people'] as const,
};

export const teamQueries = {
  members: (client: ApiClient, teamId: string) =>
    queryOptions({
      queryKey: teamKeys.members(client.baseUrl, teamId),
      queryFn: ({ signal }) => listTeamMembers(client, teamId, signal),
    }),
  people: (client: ApiClient) =>
    queryOptions({
      queryKey: teamKeys.people(client.baseUrl),
      queryFn: ({ signal }) => listPeople(client, signal),
      staleTime: 60_000,
    }),
};

export function useTeamMembers(teamId: string) {
  const client = useApiClient();
  return useQuery(teamQueries.members(client, teamId));
}

export function usePeople(enabled = true) {
  const client = useApiClient();
  return useQuery({ ...teamQueries.people(client), enabled });
}

function useInvalidateMembers(teamId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({ queryKey: teamKeys.members(client.baseUrl, teamId) });
}

export function useAddTeamMembers(teamId: string) {
  const client = useApiClient();
  const invalidate = useInvalidateMembers(teamId);
  return useMutation({
    mutationFn: (personIds: readonly string[]) => addTeamMembers(client, teamId, personIds),
    onSettled: () => invalidate(),
  });
}

export function useRemoveTeamMember(teamId: string) {
  const client = useApiClient();
  const invalidate = useInvalidateMembers(teamId);
  return useMutation({
    mutationFn: (personId: string) => removeTeamMember(client, teamId, personId),
    onSettled: () => invalidate(),
  });
}
