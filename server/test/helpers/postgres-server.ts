/**
 * Starts a throw-away PostgreSQL server for tests when the binaries are installed: initdb into a
 * temp directory, start on a free loopback port, hand back a connection string and a stop
 * function. PostgreSQL refuses to run as root, so as root the server runs as the `postgres` user
 * (through `runuser`, else `su`).
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../scripts/server-process.mjs';

/** A running test server. */
export interface PostgresServer {
  connectionString: string;
  stop(): Promise<void>;
}

function candidateDirs(): string[] {
  const dirs = ['/usr/local/bin', '/usr/bin', '/usr/local/pgsql/bin'];
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    for (const version of readdirSync(base).sort().reverse()) dirs.push(join(base, version, 'bin'));
  }
  return dirs;
}

function findBinDir(): string | undefined {
  return candidateDirs().find(
    (dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')),
  );
}

function userId(name: string): { uid: number; gid: number } | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : undefined;
  } catch {
    return undefined;
  }
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const runAs = isRoot ? userId('postgres') : undefined;
const runner = ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].find(existsSync);

/** True when a test server can be started on this machine. */
export const postgresAvailable: boolean =
  findBinDir() !== undefined && (!isRoot || runAs !== undefined);

function run(binary: string, args: string[]): void {
  if (!isRoot) {
    execFileSync(binary, args, { stdio: 'pipe' });
  } else if (runner !== undefined) {
    execFileSync(runner, ['-u', 'postgres', '--', binary, ...args], { stdio: 'pipe' });
  } else {
    const quoted = [binary, ...args].map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(' ');
    execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', quoted], { stdio: 'pipe' });
  }
}

/** initdb a temp cluster and start it; throws when the binaries are missing. */
export async function startPostgres(): Promise<PostgresServer> {
  const binDir = findBinDir();
  if (binDir === undefined) throw new Error('PostgreSQL binaries (initdb, pg_ctl) not found');
  const root = mkdtempSync(join(tmpdir(), 'vigil-pg-'));
  const dataDir = join(root, 'data');
  if (runAs !== undefined) chownSync(root, runAs.uid, runAs.gid);
  run(join(binDir, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '--encoding=UTF8',
    '--no-locale',
    '--no-sync',
  ]);
  const port = await freePort();
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  run(join(binDir, 'pg_ctl'), [
    '-D',
    dataDir,
    '-o',
    options,
    '-l',
    join(root, 'log'),
    '-w',
    'start',
  ]);
  let stopped = false;
  const stopNow = (): void => {
    if (stopped) return;
    stopped = true;
    try {
      run(join(binDir, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  };
  // A worker that ends without running afterAll (interrupted run) must not leave a server behind.
  process.once('exit', () => {
    try {
      stopNow();
    } catch {
      // Best effort on the way out.
    }
  });
  return {
    connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      stopNow();
      return Promise.resolve();
    },
  };
}
