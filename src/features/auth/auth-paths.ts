/**
 * The identity pages' addresses. Features cannot import src/app/paths.ts (layer rule), so the
 * few the auth pages link to are built here; they match the router's public routes.
 */
function withReturnTo(path: string, returnTo?: string): string {
  return returnTo && returnTo !== '/' ? `${path}?return_to=${encodeURIComponent(returnTo)}` : path;
}

export const authPaths = {
  login: (returnTo?: string) => withReturnTo('/login', returnTo),
  registration: (returnTo?: string) => withReturnTo('/registration', returnTo),
  recovery: () => '/recovery',
  profileSettings: () => '/profile-settings',
} as const;
