// Server start time: from process spawn to the first 200 from /api/about (the readiness probe),
// on a fresh embedded database (migrations + demo seed) and again on the same, existing data.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function timeStart(root, dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      VIGIL_DATA_DIR: dataDir,
      VIGIL_SKIP_BUILD: 'true',
      VIGIL_AUTH: 'none',
    },
    stdio: 'ignore',
  });
  let elapsed = Number.NaN;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/about`);
      if (response.ok) {
        elapsed = performance.now() - started;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 20));
  }
  child.kill('SIGTERM');
  await new Promise((done) => (child.exitCode !== null ? done() : child.once('exit', done)));
  return elapsed;
}

export async function measureServerStart(root) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-'));
  try {
    const fresh = await timeStart(root, dataDir);
    const warm = await timeStart(root, dataDir);
    return [
      { name: 'server start, fresh database (migrate + demo seed)', value: fresh, unit: 'ms' },
      { name: 'server start, existing database', value: warm, unit: 'ms' },
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
