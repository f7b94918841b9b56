import type { SeedMode } from '../config';
import type { Db } from '../db/types';
import { isEmpty, seedDemo, type SeedOptions } from './demo';
import { seedLarge } from './large';

/** Seed an empty database according to VIGIL_SEED; returns what was done. */
export async function seed(
  db: Db,
  mode: SeedMode,
  options: SeedOptions = {},
): Promise<'seeded' | 'skipped'> {
  if (mode === 'none' || !(await isEmpty(db))) return 'skipped';
  if (mode === 'large') await seedLarge(db, options);
  else await seedDemo(db, options);
  return 'seeded';
}
