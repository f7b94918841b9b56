/**
 * The large dataset's bench incident (issue 13's bench: an incident with 200 hypotheses and 500
 * evidences), built in memory as the large seed builds it: its fixed id, a three-level tree, 500
 * evidences of every type pointing at the subjects it was given, some automatic definitions of
 * done with the default script, and the same rows for the same seed.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_DOD_SCRIPTS } from '../../src/api/incident-model';
import {
  BENCH_EVIDENCES,
  BENCH_HYPOTHESES,
  BENCH_INCIDENT_ID,
  generateBenchIncident,
} from '../src/seed/operations';
import { Rng } from '../src/seed/random';
import { SeedContext, type ConfigRef, type SeedCheck } from '../src/seed/world';

const id = (prefix: number, n: number): string =>
  `00000000-0000-4000-8000-${(prefix * 1000 + n).toString().padStart(12, '0')}`;

function build(seed: number): SeedContext {
  const people = Array.from({ length: 8 }, (_, n) => ({
    id: id(1, n),
    name: `Person ${n}`,
    email: `p${n}@example.com`,
  }));
  const ctx = new SeedContext(new Rng(1), Date.UTC(2026, 5, 1), id(1, 0), people, [], new Map());
  for (let n = 0; n < 3; n++) {
    ctx.add('config_changes', { id: id(5, n), config_id: id(4, n) });
    ctx.add('config_analysis', { id: id(6, n), config_id: id(4, n) });
  }
  const checks: SeedCheck[] = Array.from({ length: 10 }, (_, n) => ({
    id: id(2, n),
    canaryId: id(9, 0),
    name: `check ${n}`,
    type: 'http',
    namespace: 'default',
    failing: n % 2 === 0,
  }));
  const configs = Array.from({ length: 5 }, (_, n): ConfigRef => ({
    id: id(4, n),
    type: 'Kubernetes::Deployment',
    configClass: 'Deployment',
    name: `app-${n}`,
    health: 'healthy',
    status: null,
    age: 10,
    path: '',
    deleted: false,
  }));
  generateBenchIncident(ctx, new Rng(seed), {
    checks,
    components: Array.from({ length: 5 }, (_, n) => ({ id: id(3, n), name: `component ${n}` })),
    configs,
  });
  return ctx;
}

describe('bench incident', () => {
  it('has 200 hypotheses in three levels and 500 evidences of every type on known subjects', () => {
    const ctx = build(42);
    expect(ctx.rows.get('incidents')?.map((row) => row.id)).toEqual([BENCH_INCIDENT_ID]);
    const hypotheses = ctx.rows.get('hypotheses') ?? [];
    expect(hypotheses).toHaveLength(BENCH_HYPOTHESES);
    const byId = new Map(hypotheses.map((row) => [row.id, row]));
    const count = (type: string): number => hypotheses.filter((row) => row.type === type).length;
    expect([count('root'), count('factor'), count('solution')]).toEqual([1, 19, 180]);
    for (const row of hypotheses) {
      expect(row.incident_id).toBe(BENCH_INCIDENT_ID);
      const parent = row.parent_id === null ? undefined : byId.get(row.parent_id);
      const expected = { root: undefined, factor: 'root', solution: 'factor' }[
        row.type as 'root' | 'factor' | 'solution'
      ];
      expect(parent?.type).toBe(expected);
    }

    const evidences = ctx.rows.get('evidences') ?? [];
    expect(evidences).toHaveLength(BENCH_EVIDENCES);
    expect(new Set(evidences.map((row) => row.type))).toEqual(
      new Set([
        'check',
        'topology',
        'config',
        'config_change',
        'config_analysis',
        'log',
        'comment',
      ]),
    );
    for (const row of evidences) {
      expect(byId.has(row.hypothesis_id)).toBe(true);
      if (row.check_id !== null) expect(String(row.check_id)).toMatch(/-000000002\d{3}$/);
      if (row.component_id !== null) expect(String(row.component_id)).toMatch(/-000000003\d{3}$/);
      if (row.config_id !== null) expect(String(row.config_id)).toMatch(/-000000004\d{3}$/);
    }
    const automatic = evidences.filter((row) => row.script !== null);
    expect(automatic.length).toBeGreaterThan(0);
    for (const row of automatic) {
      expect(row).toMatchObject({ type: 'check', definition_of_done: true });
      expect(row.script).toBe(DEFAULT_DOD_SCRIPTS.check);
    }
    expect(ctx.rows.get('comments')?.length).toBe(30);
  });

  it('gives the same rows for the same seed', () => {
    expect(build(7).rows).toEqual(build(7).rows);
    expect(build(7).rows.get('evidences')).not.toEqual(build(8).rows.get('evidences'));
  });
});
