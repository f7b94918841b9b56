/**
 * The demo's live canary: http and tcp checks against the reference server itself, which the
 * health-check runner really runs (every 30 s), so a fresh `npm start` shows live results next to
 * the demo's generated history. Its specs name the server as `$(self.url)`, `$(self.host)` and
 * `$(self.port)`, resolved by the runner to the address the server listens on (no port is stored).
 *
 * It is added with the demo on an empty database, after the deterministic part (so the seeded
 * world does not depend on it), and its checks start without a status until their first run.
 */
import type { Queryable } from '../db/types';
import { insertRows, type Row } from './insert';
import { LOCAL_AGENT_ID, SYNTHETIC_ANNOTATION } from '../runner/spec';

export const SELF_CHECK_CANARY_ID = '5e1fc4ec-0000-4000-8000-000000000001';
export const SELF_CHECK_CANARY_NAME = 'vigil-self';
/** Marks the canary for people reading `/db/canaries` (the runner needs no mark to run it). */
export const SELF_CHECK_ANNOTATION = 'vigil.dev/self-check';

interface SelfCheckDef {
  id: string;
  type: 'http' | 'tcp';
  spec: Record<string, unknown> & { name: string; description: string };
}

export const SELF_CHECKS: readonly SelfCheckDef[] = [
  {
    id: '5e1fc4ec-0000-4000-8000-000000000101',
    type: 'http',
    spec: {
      name: 'vigil /api/health',
      description: 'Liveness of this Vigil server',
      url: '$(self.url)/api/health',
      responseCodes: [200],
      responseContent: 'OK',
      thresholdMillis: 2000,
    },
  },
  {
    id: '5e1fc4ec-0000-4000-8000-000000000102',
    type: 'http',
    spec: {
      name: 'vigil /api/about',
      description: 'Version endpoint of this Vigil server',
      url: '$(self.url)/api/about',
      responseCodes: [200],
      responseContent: '"Version"',
      thresholdMillis: 2000,
    },
  },
  {
    id: '5e1fc4ec-0000-4000-8000-000000000103',
    type: 'http',
    spec: {
      name: 'vigil /config.json',
      description: 'Runtime configuration the console reads',
      url: '$(self.url)/config.json',
      responseCodes: [200],
      responseJSONContent: { path: '$.apiBase', value: '/api' },
      thresholdMillis: 2000,
    },
  },
  {
    id: '5e1fc4ec-0000-4000-8000-000000000104',
    type: 'tcp',
    spec: {
      name: 'vigil port',
      description: 'TCP port of this Vigil server accepts connections',
      endpoint: '$(self.host):$(self.port)',
      thresholdMillis: 1000,
    },
  },
];

/** The canary spec: canary-checker's shape, one array per check type. */
export function selfCheckSpec(): Record<string, unknown> {
  return {
    schedule: '@every 30s',
    http: SELF_CHECKS.filter((check) => check.type === 'http').map((check) => check.spec),
    tcp: SELF_CHECKS.filter((check) => check.type === 'tcp').map((check) => check.spec),
  };
}

/** Add the live canary and its checks; false when it is already there (or was deleted). */
export async function seedSelfCheck(db: Queryable, now: Date = new Date()): Promise<boolean> {
  const at = now.toISOString();
  const inserted = await db.query(
    `INSERT INTO canaries (id, agent_id, name, namespace, labels, annotations, spec, source, created_at, updated_at)
     VALUES ($1, $2, $3, 'vigil', $4::jsonb, $5::jsonb, $6::jsonb, 'UI', $7, $7)
     ON CONFLICT (id) DO NOTHING`,
    [
      SELF_CHECK_CANARY_ID,
      LOCAL_AGENT_ID,
      SELF_CHECK_CANARY_NAME,
      JSON.stringify({ app: 'vigil' }),
      JSON.stringify({ [SELF_CHECK_ANNOTATION]: 'true', [SYNTHETIC_ANNOTATION]: 'false' }),
      JSON.stringify(selfCheckSpec()),
      at,
    ],
  );
  if (inserted.affectedRows === 0) return false;
  const rows: Row[] = SELF_CHECKS.map((check) => ({
    id: check.id,
    canary_id: SELF_CHECK_CANARY_ID,
    agent_id: LOCAL_AGENT_ID,
    type: check.type,
    name: check.spec.name,
    namespace: 'vigil',
    description: check.spec.description,
    icon: check.type,
    spec: check.spec,
    labels: { check_type: check.type },
    created_at: at,
    updated_at: at,
  }));
  await insertRows(db, 'checks', rows);
  return true;
}
