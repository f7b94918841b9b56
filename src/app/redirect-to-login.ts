import { safeReturnTo } from '../lib/return-to';
import { isPublicPath, paths } from './paths';

let redirecting = false;

/**
 * Full-page redirect to the sign-in page carrying the current path and query (api.md §2).
 * Does nothing on the public pages themselves, and only once per page.
 */
export function redirectToLogin(options: { aal2?: boolean } = {}): void {
  if (redirecting || isPublicPath(window.location.pathname)) return;
  redirecting = true;
  const returnTo = safeReturnTo(window.location.pathname + window.location.search);
  const target = paths.login(returnTo);
  window.location.assign(
    options.aal2 ? `${target}${target.includes('?') ? '&' : '?'}aal=aal2` : target,
  );
}
