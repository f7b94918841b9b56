import type { Caller } from '../auth/accounts';

/** Hono context variables set by the auth middleware. */
export interface AppEnv {
  Variables: {
    /** The authenticated caller, when there is one. */
    caller: Caller | undefined;
    /** Why there is no caller (the 401 body): `Not logged in`, `Session Expired`… */
    authFailure: string;
    /**
     * The session cookie is an aal1 session of an identity with a second factor: no caller, and
     * API routes answer 403 `session_aal2_required` (docs/identity.md).
     */
    aal2Required: boolean;
  };
}
