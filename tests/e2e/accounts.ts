/** The demo accounts the reference server seeds (server/src/seed/demo.ts, printed by npm start). */
export const ACCOUNTS = {
  admin: { username: 'admin', password: 'vigil-admin', name: 'Ada Admin' },
  viewer: { username: 'viewer', password: 'vigil-viewer', name: 'Vic Viewer' },
  commander: { username: 'commander', password: 'vigil-commander', name: 'Cora Commander' },
  responder: { username: 'responder', password: 'vigil-responder', name: 'Rafa Responder' },
} as const;

export type AccountRole = keyof typeof ACCOUNTS;

/** Signed-in browser state per role; VIGIL_E2E_AUTH_DIR keeps parallel local runs apart. */
export const storageStatePath = (role: AccountRole) =>
  `${process.env.VIGIL_E2E_AUTH_DIR ?? '.tmp/e2e-auth'}/${role}.json`;
