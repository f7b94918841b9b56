/**
 * The own-login sign-in pages' paths (Kratos flows, docs/identity.md). main.tsx reads them before
 * anything else loads: a first load of one of them starts the light sign-in app (public-app.tsx)
 * rather than the console, so a sign-in page does not carry the console's code (issue 18).
 */
export const SIGN_IN_PATHS = [
  '/login',
  '/registration',
  '/recovery',
  '/verification',
  '/invite',
] as const;

export type SignInPath = (typeof SIGN_IN_PATHS)[number];

/** Whether the path (without the query) is one of the sign-in pages, as the router matches it. */
export function isSignInPath(pathname: string): boolean {
  return (SIGN_IN_PATHS as readonly string[]).includes(pathname);
}
