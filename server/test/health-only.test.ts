import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CanarySummaryResponse } from '../../src/api/types';
import type { Db } from '../src/db/types';
import { buildApp, openTestDb, type TestApp } from './fixtures/app';

let db: Db;
let t: TestApp;

beforeAll(async () => {
  db = await openTestDb({ seed: true });
  t = buildApp(db, { auth: 'basic', healthOnly: true });
});
afterAll(async () => db.close());

describe('health-only mode', () => {
  it('serves the summary and the graph without credentials', async () => {
    const summary = await t.app.request('/api/canary/api/summary');
    expect(summary.status).toBe(200);
    const body = (await summary.json()) as CanarySummaryResponse;
    const id = body.checks_summary?.[0]?.id ?? '';
    expect(id).not.toBe('');
    const graph = await t.app.request(`/api/canary/api/graph?check=${id}&start=1h`);
    expect(graph.status).toBe(200);
  });

  it('answers 404 for every other API (they do not exist in this deployment)', async () => {
    for (const path of [
      '/api/auth/whoami',
      '/api/db/canaries',
      '/api/properties',
      '/api/kratos/sessions/whoami',
      '/api/kubeconfig',
    ]) {
      const response = await t.app.request(path);
      expect(response.status, path).toBe(404);
    }
    expect(
      (
        await t.app.request('/api/canary/run/check/00000000-0000-0000-0000-000000000001', {
          method: 'POST',
        })
      ).status,
    ).toBe(404);
  });

  it('keeps liveness, version and config.json', async () => {
    expect((await t.app.request('/api/health')).status).toBe(200);
    expect((await t.app.request('/api/about')).status).toBe(200);
    expect((await t.app.request('/api/canary/about')).status).toBe(200);
    expect(await (await t.app.request('/config.json')).json()).toMatchObject({ healthOnly: true });
  });
});
