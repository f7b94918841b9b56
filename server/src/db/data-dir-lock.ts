/**
 * One server per embedded-database directory. PGlite keeps the database in the process, so two
 * servers on one `VIGIL_DATA_DIR` would each write their own view of it and leave it unable to
 * start. The first server takes an exclusive lock file in the directory (created with O_EXCL,
 * holding its pid and host); a second one is refused with one line. The lock is removed on exit;
 * after a crash (kill -9, power loss) the pid it names is no longer alive and the next server
 * takes the lock over.
 */
import {
  accessSync,
  constants,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** The lock file's name inside the data directory. */
export const LOCK_FILE = 'vigil-server.lock';

/** The directory cannot be used: `message` is one line for the operator. */
export class DataDirError extends Error {
  override readonly name = 'DataDirError';
}

interface LockContent {
  pid: number;
  host: string;
  started: string;
}

function readLock(path: string): LockContent | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockContent>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return undefined;
    return { pid: parsed.pid, host: parsed.host, started: String(parsed.started ?? '') };
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error: unknown) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Make sure `dir` exists and is a writable directory; throws a one-line {@link DataDirError}. */
export function ensureUsableDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error: unknown) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new DataDirError(
      code === 'EEXIST' || code === 'ENOTDIR'
        ? `VIGIL_DATA_DIR ${dir} is not a directory`
        : `VIGIL_DATA_DIR ${dir} cannot be created (${code ?? 'error'})`,
    );
  }
  if (!statSync(dir).isDirectory())
    throw new DataDirError(`VIGIL_DATA_DIR ${dir} is not a directory`);
  try {
    accessSync(dir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch {
    throw new DataDirError(`VIGIL_DATA_DIR ${dir} is not writable by this user`);
  }
}

/** A held lock; `release` is idempotent. */
export interface DataDirLock {
  path: string;
  release(): void;
}

/**
 * Take the directory's lock or throw a {@link DataDirError} naming the holder. A lock left by a
 * process that is gone (same host, pid not alive) or an unreadable one is taken over.
 */
export function lockDataDir(dir: string): DataDirLock {
  ensureUsableDir(dir);
  const path = join(dir, LOCK_FILE);
  const content: LockContent = {
    pid: process.pid,
    host: hostname(),
    started: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(path, `${JSON.stringify(content)}\n`, { flag: 'wx', mode: 0o600 });
      let released = false;
      const release = (): void => {
        if (released) return;
        released = true;
        const current = readLock(path);
        if (current?.pid === process.pid && current.host === content.host)
          rmSync(path, { force: true });
        process.off('exit', release);
      };
      process.on('exit', release);
      return { path, release };
    } catch (error: unknown) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') {
        throw new DataDirError(`VIGIL_DATA_DIR ${dir} cannot be locked (${code ?? 'error'})`);
      }
    }
    const holder = readLock(path);
    if (
      holder !== undefined &&
      holder.pid !== process.pid &&
      (holder.host !== content.host || alive(holder.pid))
    ) {
      const where =
        holder.host === content.host ? `pid ${holder.pid}` : `pid ${holder.pid} on ${holder.host}`;
      throw new DataDirError(
        `VIGIL_DATA_DIR ${dir} is in use by another Vigil server (${where}); stop it, use another VIGIL_DATA_DIR, or share data through PostgreSQL (DATABASE_URL)`,
      );
    }
    // Stale (the holder is gone) or unreadable: take it over.
    rmSync(path, { force: true });
  }
  throw new DataDirError(`VIGIL_DATA_DIR ${dir} cannot be locked (another server is starting)`);
}
