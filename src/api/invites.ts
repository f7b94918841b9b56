/**
 * Invitations (`POST /auth/invite/lookup`, `POST /auth/invite/accept`): what the accept-invite
 * page needs. Sending one is a user mutation (users.ts). No React Query here: the sign-in pages
 * run in the light sign-in app (src/app/public-app.tsx), so the lookup is a small hook of its own.
 */
import { useEffect, useState } from 'react';
import { useApiClient } from './api-context';
import type { ApiClient } from './client';

// ---- types ----

export interface InviteInfo {
  email: string;
  firstName: string;
  lastName: string;
}

export type InviteLookup =
  | { isPending: true; isError: false; data: undefined; error: null }
  | { isPending: false; isError: true; data: undefined; error: unknown }
  | { isPending: false; isError: false; data: InviteInfo; error: null };

// ---- fetchers ----

export async function lookupInvite(client: ApiClient, token: string): Promise<InviteInfo> {
  return client.post<InviteInfo>('/auth/invite/lookup', { token });
}

export async function acceptInvite(
  client: ApiClient,
  input: { token: string; password: string },
): Promise<{ email: string }> {
  return client.post<{ email: string }>('/auth/invite/accept', input);
}

// ---- hooks ----

/** One lookup per client and token (a remount, or StrictMode's second effect, shares it). */
const lookups = new WeakMap<ApiClient, Map<string, Promise<InviteInfo>>>();

function sharedLookup(client: ApiClient, token: string): Promise<InviteInfo> {
  let mine = lookups.get(client);
  if (!mine) lookups.set(client, (mine = new Map()));
  let lookup = mine.get(token);
  if (!lookup) {
    lookup = lookupInvite(client, token);
    mine.set(token, lookup);
    // A failure is not kept: the page asks again when it mounts again.
    lookup.catch(() => mine.delete(token));
  }
  return lookup;
}

const PENDING: InviteLookup = { isPending: true, isError: false, data: undefined, error: null };

/** The invitation behind `token`, looked up once per token (an empty token stays pending). */
export function useInvite(token: string): InviteLookup {
  const client = useApiClient();
  const [result, setResult] = useState<{ token: string; lookup: InviteLookup } | null>(null);
  useEffect(() => {
    if (token === '') return;
    let current = true;
    sharedLookup(client, token).then(
      (data) => {
        if (current) {
          setResult({ token, lookup: { isPending: false, isError: false, data, error: null } });
        }
      },
      (error: unknown) => {
        if (current) {
          setResult({ token, lookup: { isPending: false, isError: true, data: undefined, error } });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [client, token]);
  return result?.token === token ? result.lookup : PENDING;
}
