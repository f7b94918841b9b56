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
    const root = await conf.json<{ schemas: string[] }>('/');
    expect(root.status).toBe(200);
    expect(root.body.schemas).toEqual(['conf', 'conf2']);
    const other = await conf.json('/nothing', { headers: { 'accept-profile': 'nope' } });
    expect(other.status).toBe(406);
  });
});
