import type { Caller } from '../auth/accounts';

/** Hono context variables set by the auth middleware. */
export interface AppEnv {
  Variables: {
    /** The authenticated caller, when there is one. */
    caller: Caller | undefined;
    /** Why there is no caller (the 401 body): `Not logged in`, `Session Expired`… */
    authFailure: string;
  };
}
