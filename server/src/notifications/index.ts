/**
 * Start-up of the notification dispatcher (docs/notifications.md § Delivery): on unless
 * VIGIL_NOTIFICATIONS=off (or the runner is off, VIGIL_RUNNER=off, like the other jobs that write
 * on their own). main.ts calls this once and awaits `stop()` before the database closes.
 */
import type { Db } from '../db/types';
import type { Secrets } from '../secrets/keyring';
import { NotificationDispatcher, dispatcherOptionsFromEnv } from './dispatcher';

export interface RunningNotifications {
  dispatcher: NotificationDispatcher | undefined;
  stop(): Promise<void>;
}

export function startNotifications(
  db: Db,
  secrets: Secrets,
  env: NodeJS.ProcessEnv = process.env,
): RunningNotifications {
  const { enabled, ...options } = dispatcherOptionsFromEnv(env);
  if (!enabled) {
    console.log('  notification dispatcher: off (VIGIL_NOTIFICATIONS=off or VIGIL_RUNNER=off)');
    return { dispatcher: undefined, stop: async () => undefined };
  }
  const dispatcher = new NotificationDispatcher(db, secrets, options);
  dispatcher.start();
  console.log(
    `  notification dispatcher: on (e-mail to people and teams: ${options.smtpUrl ? 'VIGIL_SMTP_URL' : 'off, VIGIL_SMTP_URL unset'})`,
  );
  return { dispatcher, stop: () => dispatcher.stop() };
}
