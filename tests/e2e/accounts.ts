/** The demo accounts the reference server seeds (server/src/seed/demo.ts, printed by npm start). */
export const ACCOUNTS = {
  admin: { username: 'admin', password: 'vigil-admin', name: 'Ada Admin' },
  viewer: { username: 'viewer', password: 'vigil-viewer', name: 'Vic Viewer' },
} as const;

export type AccountRole = keyof typeof ACCOUNTS;

export const storageStatePath = (role: AccountRole) => `.tmp/e2e-auth/${role}.json`;
