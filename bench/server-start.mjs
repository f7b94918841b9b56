// Server start time: from process spawn to the first 200 from /api/about (the readiness probe),
// on a fresh embedded database (migrations + demo seed) and again on the same, existing data.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../scripts/server-process.mjs';

async function timeStart(dataDir) {
  const server = await startServer({ dataDir, env: { VIGIL_AUTH: 'none' } });
  await server.stop();
  return server.readyMs;
}

export async function measureServerStart() {
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-'));
  try {
    const fresh = await timeStart(dataDir);
    const warm = await timeStart(dataDir);
    return [
      { name: 'server start, fresh database (migrate + demo seed)', value: fresh, unit: 'ms' },
      { name: 'server start, existing database', value: warm, unit: 'ms' },
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
