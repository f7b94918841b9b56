/**
 * The signed-in user and roles, provided by the app shell after the session check. Guards read
 * it through `useCan()`; the server enforces the same table (the client check is for UX).
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { WhoamiUser } from '../api/types';

export interface SessionValue {
  /** Null in the health-only mode (no session). */
  user: WhoamiUser | null;
  /** Role names from people_roles; empty means viewer. */
  roles: readonly string[];
}

const SessionContext = createContext<SessionValue>({ user: null, roles: [] });

export function SessionProvider({ value, children }: { value: SessionValue; children: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The current session (anonymous viewer outside a provider). */
export function useSession(): SessionValue {
  return useContext(SessionContext);
}
