/**
 * Start-up guards of the real server process (server/src/main.ts): one server per embedded data
 * directory (a second is refused with one line; the lock goes with a clean exit and is taken over
 * after a crash), a port in use is reported before any database work, an unusable data directory
 * fails fast, and the listening line prints the real address (VIGIL_HOST).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../src/db/data-dir-lock';
import { freePort } from '../../scripts/server-process.mjs';

const root = resolve(import.meta.dirname, '../..');
/**
 * The tests that start a server on a fresh data directory two or three times in turn (each start
 * migrates it): on a loaded 2-core CI machine one start took over 20 s.
 */
const SERVER_STARTS_TIMEOUT_MS = 180_000;
const folders: string[] = [];
const children: ChildProcess[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-startup-'));
  folders.push(dir);
  return dir;
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      VIGIL_SEED: 'none',
      VIGIL_RUNNER: 'off',
      VIGIL_STATIC_DIR: join(root, 'public'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, output: () => text, exited };
}

async function waitFor(started: Started, pattern: RegExp, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(started.output())) {
    if (started.child.exitCode !== null) {
      throw new Error(`server exited (${started.child.exitCode}): ${started.output()}`);
    }
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${pattern}: ${started.output()}`);
    await new Promise((done) => setTimeout(done, 25));
  }
}

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await new Promise((done) => setTimeout(done, 50));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('one server per data directory', () => {
  it(
    'refuses a second server on the same VIGIL_DATA_DIR with one line, and frees the directory on exit',
    async () => {
      const dataDir = join(tempDir(), 'data');
      const first = startServer({ PORT: String(await freePort()), VIGIL_DATA_DIR: dataDir });
      await waitFor(first, /listening on/);
      expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true);

      const second = startServer({ PORT: String(await freePort()), VIGIL_DATA_DIR: dataDir });
      expect(await second.exited).toBe(1);
      const lines = second.output().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        new RegExp(
          `^vigil: VIGIL_DATA_DIR .* is in use by another Vigil server \\(pid ${first.child.pid}\\).*DATABASE_URL`,
        ),
      );

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);

      // The directory is free again: a new server starts on it and still sees its database.
      const third = startServer({ PORT: String(await freePort()), VIGIL_DATA_DIR: dataDir });
      await waitFor(third, /listening on/);
      third.child.kill('SIGTERM');
      expect(await third.exited).toBe(0);
    },
    SERVER_STARTS_TIMEOUT_MS,
  );

  it(
    'takes the lock over after a crash (kill -9)',
    async () => {
      const dataDir = join(tempDir(), 'data');
      const first = startServer({ PORT: String(await freePort()), VIGIL_DATA_DIR: dataDir });
      await waitFor(first, /listening on/);
      first.child.kill('SIGKILL');
      await first.exited;
      expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true);

      const second = startServer({ PORT: String(await freePort()), VIGIL_DATA_DIR: dataDir });
      await waitFor(second, /listening on/);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    },
    SERVER_STARTS_TIMEOUT_MS,
  );
});

describe('fail fast', () => {
  it('reports a port in use before any database work', async () => {
    const blocker: Server = createServer();
    const port = await new Promise<number>((done) =>
      blocker.listen(0, '127.0.0.1', () => {
        const address = blocker.address();
        done(typeof address === 'object' && address !== null ? address.port : 0);
      }),
    );
    try {
      const dataDir = join(tempDir(), 'data');
      const started = startServer({ PORT: String(port), VIGIL_DATA_DIR: dataDir });
      expect(await started.exited).toBe(1);
      expect(started.output().trim()).toBe(
        `vigil: cannot listen: port ${port} is already in use on 127.0.0.1 (set PORT to a free port)`,
      );
      // Nothing was migrated: the embedded database was never created.
      expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(false);
    } finally {
      await new Promise((done) => blocker.close(done));
    }
  });

  it('refuses a data directory that is a file, in one line', async () => {
    const file = join(tempDir(), 'not-a-dir');
    writeFileSync(file, 'x');
    const started = startServer({ PORT: String(await freePort()), VIGIL_DATA_DIR: file });
    expect(await started.exited).toBe(1);
    expect(started.output().trim()).toBe(`vigil: VIGIL_DATA_DIR ${file} is not a directory`);
  });
});

describe('listen address', () => {
  it('listens on VIGIL_HOST and prints the real address', async () => {
    const port = await freePort();
    const started = startServer({
      PORT: String(port),
      VIGIL_HOST: '127.0.0.1',
      VIGIL_DATA_DIR: join(tempDir(), 'data'),
    });
    await waitFor(started, /listening on/);
    expect(started.output()).toContain(`listening on http://127.0.0.1:${port} `);
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
  });

  it('rejects a malformed VIGIL_HOST in one line', async () => {
    const started = startServer({ PORT: String(await freePort()), VIGIL_HOST: 'not a host!' });
    expect(await started.exited).toBe(1);
    expect(started.output().trim()).toBe(
      'vigil: VIGIL_HOST must be an IP address or host name such as 127.0.0.1 or 0.0.0.0 (got "not a host!")',
    );
  });
});
