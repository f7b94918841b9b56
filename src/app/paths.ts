/** Path builders: features and the shell build links only through these. */
export const paths = {
  root: () => '/',
  topology: () => '/topology',
  /** The read-only card of one component (`size`: small, medium, large, extra_large). */
  viewTopology: (id: string, size?: string) =>
    `/view/topology/${encodeURIComponent(id)}${size ? `?size=${encodeURIComponent(size)}` : ''}`,
  health: (params?: { checkId?: string }) =>
    params?.checkId ? `/health?checkId=${encodeURIComponent(params.checkId)}` : '/health',
  incidents: () => '/incidents',
  catalog: () => '/catalog',
  logs: () => '/logs',
  playbooks: () => '/playbooks',
  notifications: () => '/notifications',
  agents: () => '/agents',
  profileSettings: () => '/profile-settings',
  settings: {
    agents: () => '/settings/agents',
    connections: () => '/settings/connections',
    eventQueue: () => '/settings/event-queue-status',
    featureFlags: () => '/settings/feature-flags',
    canaries: () => '/settings/canaries',
    integrations: () => '/settings/integrations',
    jobs: () => '/settings/jobs',
    logBackends: () => '/settings/log-backends',
    incidentRules: () => '/settings/incident_rules',
    teams: () => '/settings/teams',
    topologies: () => '/settings/topologies',
    users: () => '/settings/users',
  },
  login: (returnTo?: string) =>
    returnTo && returnTo !== '/' ? `/login?return_to=${encodeURIComponent(returnTo)}` : '/login',
  /** The second-factor sign-in (`aal=aal2`, api.md §2). */
  loginSecondFactor: (returnTo?: string) =>
    returnTo && returnTo !== '/'
      ? `/login?aal=aal2&return_to=${encodeURIComponent(returnTo)}`
      : '/login?aal=aal2',
  badSession: (code?: string) =>
    code ? `/error?error_code=${encodeURIComponent(code)}` : '/error',
  flowError: (id: string) => `/flow-error?id=${encodeURIComponent(id)}`,
  orgsSwitched: () => '/organizations/orgs-switched',
  /** Hosted sign-in (`auth: oidc`): the provider's redirect target, the 401 check, the picker. */
  authCallback: () => '/auth/callback',
  authStateChecker: (returnTo?: string) =>
    returnTo
      ? `/auth-state-checker?return_to=${encodeURIComponent(returnTo)}`
      : '/auth-state-checker',
  organizations: () => '/organizations',
} as const;

/** Paths that render without a session (sign-in and error pages). */
export const PUBLIC_PATHS = [
  '/login',
  '/registration',
  '/recovery',
  '/verification',
  '/invite',
  '/error',
  '/flow-error',
] as const;

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}
