/**
 * URL auto-login (`/login?username=…&password=…`, contract decision 14): the credentials are
 * taken out of the address bar and history BEFORE anything is submitted, kept only in memory
 * until used, and never logged.
 */
export interface UrlCredentials {
  identifier: string;
  password: string;
}

let captured: UrlCredentials | null | undefined;

function fromAnotherPage(): boolean {
  if (!document.referrer) return false;
  try {
    return new URL(document.referrer).origin !== window.location.origin;
  } catch {
    return true;
  }
}

/** Read and strip `username`/`password` from the current URL (once per page load). */
export function takeUrlCredentials(): UrlCredentials | null {
  if (captured !== undefined) return captured;
  const url = new URL(window.location.href);
  const identifier = url.searchParams.get('username');
  const password = url.searchParams.get('password');
  if (url.searchParams.has('username') || url.searchParams.has('password')) {
    url.searchParams.delete('username');
    url.searchParams.delete('password');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }
  // Only a typed address, a bookmark or the console itself may sign in this way: a link from
  // another page would choose the account for the visitor (login CSRF). The reference server also
  // strips such links before the page loads; this covers consoles served from a CDN.
  captured = identifier && password && !fromAnotherPage() ? { identifier, password } : null;
  return captured;
}

/** Forget the captured credentials (after the one auto-submit). */
export function clearUrlCredentials(): void {
  captured = null;
}

/** Test hook: forget everything so the next call reads the URL again. */
export function resetUrlCredentialsForTests(): void {
  captured = undefined;
}
