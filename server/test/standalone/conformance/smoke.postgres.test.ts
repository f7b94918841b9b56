/** The conformance harness itself: the fixture loads and the standalone server answers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable, startConformance, type Conformance } from './harness';

describe.skipIf(!postgresAvailable)('conformance harness', () => {
  let conf: Conformance;
  beforeAll(async () => {
    conf = await startConformance();
  }, 120_000);
  afterAll(async () => {
    await conf?.stop();
  });

  it('serves the fixture schema at the root, with conf2 behind Accept-Profile', async () => {
    const root = await conf.json<{ swagger: string }>('/');
    expect(root.status).toBe(200);
    expect(root.body.swagger).toBe('2.0');
    const second = await conf.json('/', { headers: { 'accept-profile': 'conf2' } });
    expect(second.headers.get('content-profile')).toBe('conf2');
    const other = await conf.json('/nothing', { headers: { 'accept-profile': 'nope' } });
    expect(other.status).toBe(406);
  });
});
