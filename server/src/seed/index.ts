import type { SeedMode } from '../config';
import type { Db } from '../db/types';
import { SYNTHETIC_ANNOTATION } from '../runner/spec';
import { DEMO_CANARY_NAMES, isEmpty, seedDemo, type SeedOptions } from './demo';
import { seedLarge } from './large';
import { seedSelfCheck } from './self-check';

/**
 * Seed an empty database according to VIGIL_SEED; returns what was done. The demo (and the large
 * set, which contains it) gets the live self-check canary (seed/self-check.ts). A database seeded
 * before the health-check runner existed has its demo canaries marked synthetic here, so the
 * runner does not probe their fictional hosts.
 */
export async function seed(
  db: Db,
  mode: SeedMode,
  options: SeedOptions = {},
): Promise<'seeded' | 'skipped'> {
  if (mode === 'none') return 'skipped';
  if (!(await isEmpty(db))) {
    await markDemoCanariesSynthetic(db);
    return 'skipped';
  }
  if (mode === 'large') await seedLarge(db, options);
  else await seedDemo(db, options);
  await seedSelfCheck(db);
  return 'seeded';
}

/** Mark the demo's canaries (by name, created by the demo admin) synthetic where they are not. */
export async function markDemoCanariesSynthetic(db: Db): Promise<number> {
  const result = await db.query(
    `UPDATE canaries SET annotations = coalesce(annotations, '{}'::jsonb) || jsonb_build_object($1::text, 'true')
     WHERE (name = ANY($2::text[]) OR name LIKE 'fleet-%')
       AND created_by IN (SELECT identity_id FROM vigil_accounts WHERE username = 'admin')
       AND annotations ->> $1 IS NULL`,
    [SYNTHETIC_ANNOTATION, [...DEMO_CANARY_NAMES]],
  );
  return result.affectedRows;
}
