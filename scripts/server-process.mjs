// Start the reference server as a child process on a free loopback port with its own data folder,
// for tests, benchmarks and screenshots. The built console is reused (VIGIL_SKIP_BUILD).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** A TCP port that is free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/**
 * Start `npm start`'s server. Resolves once `/api/about` answers 200 (or the timeout passes):
 * `{ url, up, readyMs, child, stop() }`. `dataDir` reuses a folder (kept on stop); otherwise a
 * fresh one is made and removed on stop. `onOutput(line, stream)` receives the server's stdout and
 * stderr line by line (without it, stdout is dropped and stderr goes to this process's stderr).
 */
export async function startServer({ env = {}, dataDir, timeoutMs = 120_000, onOutput } = {}) {
  const port = await freePort();
  const folder = dataDir ?? mkdtempSync(join(tmpdir(), 'vigil-server-'));
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      VIGIL_DATA_DIR: folder,
      VIGIL_SKIP_BUILD: 'true',
      ...env,
    },
    stdio: onOutput ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'ignore', 'inherit'],
  });
  if (onOutput) {
    for (const [name, stream] of [
      ['stdout', child.stdout],
      ['stderr', child.stderr],
    ]) {
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) =>
        onOutput(line, name),
      );
    }
  }
  const url = `http://127.0.0.1:${port}`;
  let readyMs = Number.NaN;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${url}/api/about`)).ok) {
        readyMs = performance.now() - started;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 20));
  }
  return {
    url,
    up: Number.isFinite(readyMs),
    readyMs,
    child,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((done) => {
          child.once('exit', done);
          setTimeout(done, 10_000);
        });
      }
      if (!dataDir) rmSync(folder, { recursive: true, force: true });
    },
  };
}
