/**
 * Starting the playbook runner with the server (docs/playbooks.md, "Environment"):
 *
 * - `VIGIL_PLAYBOOK_RUNNER=on|off` — default: on when the health-check runner is on
 *   (VIGIL_RUNNER), like the other jobs that write on their own;
 * - `VIGIL_PLAYBOOK_EXEC=true` — allow `exec` actions (child processes on the server); off by
 *   default, and an exec action then fails with a clear error;
 * - `VIGIL_PLAYBOOK_CONCURRENCY` — actions run at once by this instance (1–64, default 4);
 * - `VIGIL_PLAYBOOK_POLL_MS` — how often an idle instance looks for work (50–60000, default 500).
 *
 * Routes wake the runners of their process after creating or approving a run, so a run starts at
 * once rather than at the next poll.
 */
import type { Db } from '../db/types';
import type { Secrets } from '../secrets/keyring';
import { PlaybookRunner } from './runner';

const active = new Set<PlaybookRunner>();

/** Look for work now in every runner of this process. */
export function wakePlaybookRunners(): void {
  for (const runner of active) runner.wake();
}

function integer(
  env: NodeJS.ProcessEnv,
  name: string,
  min: number,
  max: number,
  fallback: number,
): number {
  const text = env[name];
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, not "${text}"`);
  }
  return value;
}

export interface PlaybookSettings {
  enabled: boolean;
  execEnabled: boolean;
  concurrency: number;
  pollMs: number;
}

/** The settings from the environment; `runnerDefault` is the health-check runner's switch. */
export function playbookSettings(env: NodeJS.ProcessEnv, runnerDefault: boolean): PlaybookSettings {
  const switchOf = (name: string, fallback: boolean): boolean => {
    const text = (env[name] ?? '').trim().toLowerCase();
    if (text === '') return fallback;
    if (['on', 'true', '1', 'yes'].includes(text)) return true;
    if (['off', 'false', '0', 'no'].includes(text)) return false;
    throw new Error(`${name} must be on or off, not "${env[name] ?? ''}"`);
  };
  return {
    enabled: switchOf('VIGIL_PLAYBOOK_RUNNER', runnerDefault),
    execEnabled: switchOf('VIGIL_PLAYBOOK_EXEC', false),
    concurrency: integer(env, 'VIGIL_PLAYBOOK_CONCURRENCY', 1, 64, 4),
    pollMs: integer(env, 'VIGIL_PLAYBOOK_POLL_MS', 50, 60_000, 500),
  };
}

/** Register a runner so that routes can wake it (tests and main use this). */
export function registerPlaybookRunner(runner: PlaybookRunner): () => void {
  active.add(runner);
  return () => active.delete(runner);
}

/**
 * Start the runner as configured; answers a stop function (waits for the actions in progress).
 * Prints one line saying whether it runs.
 */
export function startPlaybooks(
  db: Db,
  options: {
    runnerDefault: boolean;
    secrets?: Secrets;
    env?: NodeJS.ProcessEnv;
    /** How actions reach this server: `{{.vigil.url}}`. */
    selfUrl?: string | undefined;
  },
): () => Promise<void> {
  const settings = playbookSettings(options.env ?? process.env, options.runnerDefault);
  if (!settings.enabled) {
    console.log('  playbook runner: off (VIGIL_PLAYBOOK_RUNNER=off or VIGIL_RUNNER=off)');
    return () => Promise.resolve();
  }
  const runner = new PlaybookRunner(db, {
    concurrency: settings.concurrency,
    pollMs: settings.pollMs,
    execEnabled: settings.execEnabled,
    secrets: options.secrets,
    selfUrl: options.selfUrl,
  });
  const unregister = registerPlaybookRunner(runner);
  runner.start();
  console.log(
    `  playbook runner: on (${settings.concurrency} at a time; exec actions ${settings.execEnabled ? 'enabled' : 'disabled, VIGIL_PLAYBOOK_EXEC=true enables them'})`,
  );
  return async () => {
    unregister();
    await runner.stop();
  };
}
