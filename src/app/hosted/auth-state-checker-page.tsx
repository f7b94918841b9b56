/**
 * `/auth-state-checker?return_to=` (api.md §2): where a 401 from the organisation's backend leads.
 * Signed out → sign-in with the return path; still signed in → the bad-session page.
 */
import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { isSignedIn } from '../../api/hosted-auth';
import { PageSpinner } from '../../ui/spinner';
import { safeReturnTo } from '../../lib/return-to';
import { paths } from '../paths';

/**
 * Where `/auth-state-checker` goes: signed out → sign-in with the return path; signed in (the
 * backend refused a live token) → the bad-session page.
 */
export function authStateTarget(signedIn: boolean, returnTo: string | null): string {
  return signedIn ? paths.badSession('BAD_SESSION') : paths.login(safeReturnTo(returnTo));
}

export function AuthStateCheckerPage() {
  const returnTo = new URLSearchParams(useSearch()).get('return_to');
  useEffect(() => {
    window.location.replace(authStateTarget(isSignedIn(), returnTo));
  }, [returnTo]);
  return <PageSpinner label="Checking your sign-in" />;
}
