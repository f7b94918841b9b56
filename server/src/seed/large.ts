/**
 * A scaled dataset for benchmarks (VIGIL_SEED=large): the demo data plus 100 canaries of 100
 * checks each (10,000 checks) with one day of hourly history, generated in SQL.
 */
import type { Db } from '../db/types';
import { seedDemo, updateCheckState } from './demo';

const CANARIES = 100;
const CHECKS_PER_CANARY = 100;
const HOURS = 24;

export async function seedLarge(db: Db): Promise<void> {
  await seedDemo(db);
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO canaries (id, name, namespace, labels, spec, source, created_at)
       SELECT generate_ulid(), 'scale-' || lpad(g::text, 3, '0'), (ARRAY['default','monitoring','payments','data','edge'])[1 + g % 5],
         jsonb_build_object('scale', 'true', 'shard', (g % 10)::text), jsonb_build_object('interval', 3600), 'UI', now() - interval '2 days'
       FROM generate_series(1, $1::integer) g`,
      [CANARIES],
    );
    await tx.query(
      `INSERT INTO checks (canary_id, type, name, namespace, description, icon, spec, labels, created_at, updated_at)
       SELECT c.id, t.type, c.name || '/' || t.type || '-' || lpad(g::text, 3, '0'), c.namespace,
         'Scale check ' || g || ' of ' || c.name, t.type,
         jsonb_build_object('endpoint', 'svc-' || g || '.' || c.namespace || '.svc:443'),
         jsonb_build_object('check_type', t.type), now() - interval '2 days', now() - interval '2 days'
       FROM canaries c
       CROSS JOIN generate_series(1, $1::integer) g
       CROSS JOIN LATERAL (SELECT (ARRAY['http','tcp','dns','postgres'])[1 + g % 4] AS type) t
       WHERE c.name LIKE 'scale-%'`,
      [CHECKS_PER_CANARY],
    );
    await tx.query(
      `INSERT INTO check_statuses (check_id, time, duration, status, message, created_at)
       SELECT ch.id, t.at, 5 + (abs(hashtext(ch.id::text || g)) % 400), (abs(hashtext(g || ch.id::text)) % 50) <> 0, 'OK', t.at
       FROM checks ch
       CROSS JOIN generate_series(0, $1::integer - 1) g
       CROSS JOIN LATERAL (SELECT date_trunc('hour', now()) - g * interval '1 hour' AS at) t
       WHERE ch.name LIKE 'scale-%'`,
      [HOURS],
    );
    await updateCheckState(tx, 3600);
  });
}
