/**
 * The action types the playbook runner executes (docs/playbooks.md, "Actions"): `http`, `sql`
 * (PostgreSQL), `notification` (delivered through the notification services), `logs` (Vigil's
 * log store) and `exec` (a child process; off unless VIGIL_PLAYBOOK_EXEC=true). Each gets its fields
 * already templated, an AbortSignal that fires on timeout or cancellation, and answers the
 * `result` stored on the step (`stdout`, `stderr`, `logs` and type-specific fields) or throws an
 * ActionError carrying the partial result.
 */
import { spawn } from 'node:child_process';
import type { Queryable } from '../db/types';
import { searchLogs, VIGIL_STREAM } from '../logs/store';
import type { Secrets } from '../secrets/keyring';
import { describeTarget, deliver, serviceTarget, type Target } from '../notifications/delivery';
import { readConnection, type Connection } from '../secrets/stored';
import { durationMs, type ActionSpec, type ActionType, type EnvVar } from './spec';

/** Captured output per stream, at most. */
export const MAX_OUTPUT_BYTES = 256 * 1024;
/** SQL rows kept in the result, at most. */
export const MAX_SQL_ROWS = 500;

export type ActionResult = Record<string, unknown> & { logs?: string };

export class ActionError extends Error {
  constructor(
    message: string,
    readonly result: ActionResult = {},
  ) {
    super(message);
  }
}

export interface ActionContext {
  db: Queryable;
  signal: AbortSignal;
  execEnabled: boolean;
  secrets: Secrets | undefined;
  /** The run's variables (spec.env rendered), passed to exec as its environment. */
  env: Record<string, string>;
  run: { id: string; playbookId: string; actionId: string; name: string };
}

function cap(text: string): string {
  if (text.length <= MAX_OUTPUT_BYTES) return text;
  return `${text.slice(0, MAX_OUTPUT_BYTES)}\n… (output cut at ${MAX_OUTPUT_BYTES} bytes)`;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function abortReason(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason.message;
  return typeof reason === 'string' ? reason : 'aborted';
}

async function connectionFor(context: ActionContext, ref: string): Promise<Connection> {
  if (!context.secrets) throw new ActionError(`connection ${ref}: no keyring to read it with`);
  const connection = await readConnection(context.db, await context.secrets.keyring(), ref);
  if (!connection) throw new ActionError(`connection ${ref} not found`);
  return connection;
}

// ---------------------------------------------------------------------------------------------

async function readCapped(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > MAX_OUTPUT_BYTES) {
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  return cap(Buffer.concat(chunks).toString('utf8'));
}

async function runHttp(spec: NonNullable<ActionSpec['http']>, context: ActionContext) {
  let url = spec.url;
  const headers = new Headers();
  if (spec.connection) {
    const connection = await connectionFor(context, spec.connection);
    if (connection.url && !/^https?:\/\//i.test(url)) {
      url = `${connection.url.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
    }
    if (connection.username || connection.password) {
      const token = Buffer.from(`${connection.username ?? ''}:${connection.password ?? ''}`);
      headers.set('authorization', `Basic ${token.toString('base64')}`);
    }
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ActionError(`"${url.slice(0, 200)}" is not a URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ActionError(`only http and https URLs are supported, not ${parsed.protocol}`);
  }
  const list = Array.isArray(spec.headers)
    ? spec.headers.map((header) => [header.name, header.value ?? ''] as const)
    : Object.entries(spec.headers ?? {});
  for (const [name, value] of list) {
    try {
      headers.set(name, value);
    } catch {
      throw new ActionError(`header "${name}" is not valid`);
    }
  }
  const method = (spec.method ?? (spec.body ? 'POST' : 'GET')).toUpperCase();
  const started = Date.now();
  const logs = [`${method} ${parsed.toString()}`];
  let response: Response;
  try {
    response = await fetch(parsed, {
      method,
      headers,
      ...(spec.body !== undefined && method !== 'GET' && method !== 'HEAD'
        ? { body: spec.body }
        : {}),
      signal: context.signal,
      redirect: 'follow',
    });
  } catch (error) {
    if (context.signal.aborted)
      throw new ActionError(abortReason(context.signal), { logs: logs.join('\n') });
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason =
      cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
    logs.push(`request failed: ${reason}`);
    throw new ActionError(`${method} ${parsed.host}: ${reason}`, { logs: logs.join('\n') });
  }
  const body = await readCapped(response);
  const elapsed = Date.now() - started;
  logs.push(`< ${response.status} ${response.statusText} (${elapsed} ms)`);
  const result: ActionResult = {
    code: response.status,
    headers: Object.fromEntries(response.headers.entries()),
    body,
    stdout: body,
    stderr: '',
    logs: logs.join('\n'),
  };
  if (response.status >= 400) {
    throw new ActionError(`${method} ${parsed.host} answered ${response.status}`, result);
  }
  return result;
}

// ---------------------------------------------------------------------------------------------

async function runSql(spec: NonNullable<ActionSpec['sql']>, context: ActionContext) {
  let url = spec.url;
  if (spec.connection) {
    const connection = await connectionFor(context, spec.connection);
    if (!connection.url) throw new ActionError(`connection ${spec.connection} has no URL`);
    const parsed = new URL(connection.url);
    if (connection.username && !parsed.username) parsed.username = connection.username;
    if (connection.password && !parsed.password) parsed.password = connection.password;
    url = parsed.toString();
  }
  if (!url) throw new ActionError('sql needs a connection or a url');
  if (!/^postgres(ql)?:\/\//i.test(url)) {
    throw new ActionError('sql supports PostgreSQL: the URL must start with postgres://');
  }
  const { Client } = await import('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => undefined);
  const onAbort = (): void => void client.end().catch(() => undefined);
  context.signal.addEventListener('abort', onAbort, { once: true });
  try {
    await client.connect();
    const result = await client.query<Record<string, unknown>>(spec.query);
    const rows = result.rows.slice(0, MAX_SQL_ROWS);
    const count = result.rowCount ?? result.rows.length;
    const lines = [`${result.command} ${count}`];
    if (rows.length > 0) lines.push(JSON.stringify(rows, null, 2));
    return {
      rows,
      count,
      columns: result.fields.map((field) => field.name),
      stdout: cap(lines.join('\n')),
      stderr: '',
      logs: `query on ${new URL(url).host}${new URL(url).pathname}: ${result.command} ${count}`,
    } satisfies ActionResult;
  } catch (error) {
    if (context.signal.aborted) throw new ActionError(abortReason(context.signal));
    throw new ActionError(`sql: ${error instanceof Error ? error.message : String(error)}`, {
      stderr: error instanceof Error ? error.message : String(error),
    });
  } finally {
    context.signal.removeEventListener('abort', onAbort);
    await client.end().catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------

/** Time limit of one notification delivery when the action sets none (the step timeout still applies). */
export const NOTIFICATION_TIMEOUT_MS = 30_000;

/**
 * Deliver the message for real through the notification services of server/src/notifications
 * (generic webhook, Slack, Teams, Discord, Mattermost, ntfy, e-mail), to the stored `connection`
 * or to `url`; a refusal or an unreachable service fails the step with the service's error.
 */
async function runNotification(
  spec: NonNullable<ActionSpec['notification']>,
  context: ActionContext,
) {
  if (!spec.connection && !spec.url) {
    throw new ActionError('notification needs a connection or a url');
  }
  const connection = spec.connection ? await connectionFor(context, spec.connection) : undefined;
  let target: Target;
  try {
    target = serviceTarget(
      { ...(spec.url ? { url: spec.url } : {}), properties: spec.properties ?? {} },
      connection,
    );
  } catch (error) {
    throw new ActionError(`notification: ${message(error)}`);
  }
  const where = describeTarget(target);
  const title = spec.title ?? '';
  try {
    await Promise.race([
      deliver(
        target,
        { title, body: spec.message, event: 'playbook.action.notification' },
        NOTIFICATION_TIMEOUT_MS,
      ),
      new Promise<never>((_, reject) => {
        if (context.signal.aborted) reject(new ActionError(abortReason(context.signal)));
        context.signal.addEventListener(
          'abort',
          () => reject(new ActionError(abortReason(context.signal))),
          { once: true },
        );
      }),
    ]);
  } catch (error) {
    if (error instanceof ActionError) throw error;
    throw new ActionError(`notification to ${where}: ${message(error)}`, {
      logs: `sending to ${where} failed`,
    });
  }
  return {
    target: where,
    stdout: `${title ? `${title}\n` : ''}${spec.message}`,
    stderr: '',
    logs: `sent to ${where}`,
  } satisfies ActionResult;
}

// ---------------------------------------------------------------------------------------------

async function runLogs(spec: NonNullable<ActionSpec['logs']>, context: ActionContext) {
  const since = durationMs(spec.since, 3_600_000);
  const answer = await searchLogs(context.db, {
    stream: spec.stream || VIGIL_STREAM,
    labels: spec.labels ?? {},
    query: spec.query || undefined,
    start: new Date(Date.now() - since),
    end: undefined,
    limit: Math.min(Math.max(spec.limit ?? 100, 1), 5000),
  });
  const lines = answer.results.map(
    (line) => `${line.timestamp} [${line.labels.level ?? 'info'}] ${line.message}`,
  );
  return {
    total: answer.total,
    stdout: cap(lines.join('\n')),
    stderr: '',
    logs: `${answer.results.length} of ${answer.total} line(s) from stream "${spec.stream || VIGIL_STREAM}"`,
  } satisfies ActionResult;
}

// ---------------------------------------------------------------------------------------------

/** The refusal when exec is off (docs/playbooks.md). */
export const EXEC_DISABLED =
  'exec actions are disabled on this server (set VIGIL_PLAYBOOK_EXEC=true to enable them)';

function envOf(vars: readonly EnvVar[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const variable of vars ?? []) out[variable.name] = variable.value ?? '';
  return out;
}

async function runExec(spec: NonNullable<ActionSpec['exec']>, context: ActionContext) {
  if (!context.execEnabled) throw new ActionError(EXEC_DISABLED);
  if (context.signal.aborted) throw new ActionError(abortReason(context.signal));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    ...context.env,
    ...envOf(spec.env),
  };
  return new Promise<ActionResult>((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', spec.script], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (stdout.length <= MAX_OUTPUT_BYTES) stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length <= MAX_OUTPUT_BYTES) stderr += chunk;
    });
    const kill = (): void => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    context.signal.addEventListener('abort', kill, { once: true });
    child.once('error', (error) => {
      context.signal.removeEventListener('abort', kill);
      reject(new ActionError(`exec: ${error.message}`));
    });
    child.once('close', (code, signal) => {
      context.signal.removeEventListener('abort', kill);
      const result: ActionResult = {
        stdout: cap(stdout),
        stderr: cap(stderr),
        exitCode: code ?? -1,
        logs: `/bin/sh -c (pid ${child.pid ?? '?'}) exited ${code ?? signal ?? ''}`,
      };
      if (context.signal.aborted) reject(new ActionError(abortReason(context.signal), result));
      else if (code !== 0) reject(new ActionError(`exit status ${code ?? signal ?? ''}`, result));
      else resolve(result);
    });
  });
}

// ---------------------------------------------------------------------------------------------

/** Run one (templated) action of the given type. */
export async function executeAction(
  type: ActionType,
  action: ActionSpec,
  context: ActionContext,
): Promise<ActionResult> {
  switch (type) {
    case 'http':
      return runHttp(action.http ?? { url: '' }, context);
    case 'sql':
      return runSql(action.sql ?? { query: '' }, context);
    case 'notification':
      return runNotification(action.notification ?? { message: '' }, context);
    case 'logs':
      return runLogs(action.logs ?? {}, context);
    case 'exec':
      return runExec(action.exec ?? { script: '' }, context);
  }
}
