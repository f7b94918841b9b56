import type { SeedMode } from '../config';
import type { Db } from '../db/types';
import { isEmpty, seedDemo } from './demo';
import { seedLarge } from './large';

/** Seed an empty database according to VIGIL_SEED; returns what was done. */
export async function seed(db: Db, mode: SeedMode): Promise<'seeded' | 'skipped'> {
  if (mode === 'none' || !(await isEmpty(db))) return 'skipped';
  if (mode === 'large') await seedLarge(db);
  else await seedDemo(db);
  return 'seeded';
}
