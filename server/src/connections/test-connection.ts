/**
 * Testing a stored connection (api.md §12, docs/connections.md): each type that this server can
 * reach is tried for real with a bounded timeout — databases connect and run a trivial query, HTTP
 * services answer a request, git lists the remote's refs, SFTP opens a session, LDAP binds — and
 * the outcome is `ok`, a `failed` reason (redacted: never a secret) or `unsupported` (501).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Socket, connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import type { Connection } from '../secrets/stored';
import { isReference, redactText } from '../secrets/redact';

/** The default bound of one test. */
export const CONNECTION_TEST_TIMEOUT_MS = 10_000;
const REASON_LIMIT = 600;

export type TestOutcome =
  { kind: 'ok' } | { kind: 'failed'; reason: string } | { kind: 'unsupported' };

export interface TestOptions {
  timeoutMs?: number;
}

/** A failure whose message is meant for the user as it is. */
class TestFailure extends Error {}

const fail = (reason: string): never => {
  throw new TestFailure(reason);
};

function props(connection: Connection): Record<string, unknown> {
  const value = connection.properties;
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function prop(connection: Connection, key: string): string | undefined {
  const value = props(connection)[key];
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** A stored value usable as it is: references to Kubernetes secrets cannot be resolved here. */
function plain(value: string | null | undefined, field: string): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (isReference(value)) {
    fail(
      `the ${field} is a reference (${value.split('://')[0]}://…) that this server cannot resolve`,
    );
  }
  return value;
}

function required(value: string | undefined, field: string): string {
  return value ?? fail(`the connection has no ${field}`);
}

/** `$(username)` and `$(password)` in a URL replaced by the credentials (percent-encoded). */
function expandUrl(url: string, username?: string, password?: string): string {
  return url
    .replace(/\$\(username\)/g, encodeURIComponent(username ?? ''))
    .replace(/\$\(password\)/g, encodeURIComponent(password ?? ''));
}

function parseUrl(text: string, field = 'URL'): URL {
  try {
    return new URL(text);
  } catch {
    return fail(`the ${field} is not a valid URL`);
  }
}

/** The URL with user-info taken from the credentials when it has none of its own. */
function withCredentials(text: string, username?: string, password?: string): string {
  const url = parseUrl(text);
  if (url.username === '' && url.password === '' && (username || password)) {
    url.username = encodeURIComponent(username ?? '');
    url.password = encodeURIComponent(password ?? '');
  }
  return url.toString();
}

interface Credentials {
  url?: string;
  username?: string;
  password?: string;
  certificate?: string;
}

function credentials(connection: Connection): Credentials {
  const username = plain(connection.username, 'username');
  const password = plain(connection.password, 'password');
  const certificate = plain(connection.certificate, 'certificate');
  const raw = plain(connection.url, 'URL');
  const url = raw === undefined ? undefined : expandUrl(raw.trim(), username, password);
  return {
    ...(url === undefined ? {} : { url }),
    ...(username === undefined ? {} : { username }),
    ...(password === undefined ? {} : { password }),
    ...(certificate === undefined ? {} : { certificate }),
  };
}

const span = (ms: number): string => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`);

function withTimeout<T>(
  work: Promise<T>,
  ms: number,
  what: string,
  cancel?: () => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      cancel?.();
      reject(new TestFailure(`${what} did not answer within ${span(ms)}`));
    }, ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

// ---------------------------------------------------------------------------------------------
// HTTP services

interface HttpProbe {
  url: string;
  headers?: Record<string, string>;
  insecureTls: boolean;
}

/** One GET; any answer under 400 is a success (a redirect too: it is not followed). */
async function httpProbe(probe: HttpProbe, ms: number): Promise<void> {
  const url = parseUrl(probe.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail('the URL must be http or https');
  const headers: Record<string, string> = {
    Accept: '*/*',
    'User-Agent': 'vigil',
    ...probe.headers,
  };
  if (url.username !== '' || url.password !== '') {
    const user = decodeURIComponent(url.username);
    const pass = decodeURIComponent(url.password);
    headers.Authorization ??= `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
    url.username = '';
    url.password = '';
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  let request: ReturnType<typeof httpRequest> | undefined;
  const status = await withTimeout(
    new Promise<{ code: number; text: string }>((resolve, reject) => {
      request = send(
        url,
        {
          method: 'GET',
          headers,
          ...(url.protocol === 'https:' ? { rejectUnauthorized: !probe.insecureTls } : {}),
        },
        (response) => {
          response.resume();
          resolve({ code: response.statusCode ?? 0, text: response.statusMessage ?? '' });
        },
      );
      request.on('error', reject);
      request.end();
    }),
    ms,
    url.host,
    () => request?.destroy(),
  );
  request?.destroy();
  if (status.code >= 400 || status.code === 0) {
    fail(`${url.host} answered HTTP ${status.code}${status.text ? ` ${status.text}` : ''}`);
  }
}

function basic(username?: string, password?: string): Record<string, string> {
  if (!username && !password) return {};
  return {
    Authorization: `Basic ${Buffer.from(`${username ?? ''}:${password ?? ''}`).toString('base64')}`,
  };
}

/** `base` with `path` appended to its path (a trailing slash of the base ignored). */
function under(base: string, path: string): string {
  const url = parseUrl(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`;
  return url.toString();
}

// ---------------------------------------------------------------------------------------------
// Databases

async function testPostgres(c: Credentials, ms: number): Promise<void> {
  const { Client } = await import('pg');
  const url = withCredentials(required(c.url, 'URL'), c.username, c.password);
  const scheme = parseUrl(url).protocol;
  if (scheme !== 'postgres:' && scheme !== 'postgresql:') {
    fail('the URL must start with postgres:// or postgresql://');
  }
  const client = new Client({
    connectionString: url,
    connectionTimeoutMillis: ms,
    statement_timeout: ms,
    query_timeout: ms,
  });
  client.on('error', () => undefined);
  try {
    await withTimeout(client.connect(), ms, 'the database', () => void client.end());
    await withTimeout(client.query('SELECT 1'), ms, 'the database');
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function testMysql(c: Credentials, ms: number): Promise<void> {
  const mysql = await import('mysql2/promise');
  const url = withCredentials(required(c.url, 'URL'), c.username, c.password);
  if (parseUrl(url).protocol !== 'mysql:') fail('the URL must start with mysql://');
  const connection = await withTimeout(
    mysql.createConnection({ uri: url, connectTimeout: ms }),
    ms,
    'the database',
  );
  try {
    await withTimeout(connection.query('SELECT 1'), ms, 'the database');
  } finally {
    connection.destroy();
  }
}

async function testMongo(c: Credentials, ms: number, insecureTls: boolean): Promise<void> {
  const { MongoClient } = await import('mongodb');
  const url = required(c.url, 'URL');
  const scheme = parseUrl(url).protocol;
  if (scheme !== 'mongodb:' && scheme !== 'mongodb+srv:') {
    fail('the URL must start with mongodb:// or mongodb+srv://');
  }
  const client = new MongoClient(url, {
    serverSelectionTimeoutMS: ms,
    connectTimeoutMS: ms,
    socketTimeoutMS: ms,
    ...(c.username || c.password
      ? { auth: { username: c.username ?? '', password: c.password ?? '' } }
      : {}),
    ...(insecureTls ? { tlsAllowInvalidCertificates: true } : {}),
  });
  try {
    await withTimeout(client.db('admin').command({ ping: 1 }), ms, 'the database');
  } finally {
    await client.close(true).catch(() => undefined);
  }
}

/** host and port of `redis://[user:pass@]host[:port][/db]`, `rediss://…` or `host:port`. */
function redisTarget(text: string): {
  host: string;
  port: number;
  tls: boolean;
  db?: string;
  user?: string;
  pass?: string;
} {
  const url = parseUrl(/^[a-z]+:\/\//i.test(text) ? text : `redis://${text}`);
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    fail('the address must be host:port or a redis:// URL');
  }
  const db = url.pathname.replace(/^\//, '');
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port === '' ? 6379 : Number(url.port),
    tls: url.protocol === 'rediss:',
    ...(db === '' ? {} : { db }),
    ...(url.username === '' ? {} : { user: decodeURIComponent(url.username) }),
    ...(url.password === '' ? {} : { pass: decodeURIComponent(url.password) }),
  };
}

function resp(...parts: string[]): string {
  return `*${parts.length}\r\n${parts.map((part) => `$${Buffer.byteLength(part)}\r\n${part}\r\n`).join('')}`;
}

/** A socket (plain or TLS) once connected. */
function openSocket(
  host: string,
  port: number,
  tls: boolean,
  insecureTls: boolean,
): Promise<Socket> {
  return new Promise<Socket>((resolve, reject) => {
    const socket = tls
      ? tlsConnect({ host, port, servername: host, rejectUnauthorized: !insecureTls }, () =>
          resolve(socket),
        )
      : tcpConnect({ host, port }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Lines read from a socket, one request at a time. */
class LineReader {
  private buffer = '';
  private waiting: ((line: string) => void) | undefined;
  private failed: Error | undefined;
  private rejecter: ((error: Error) => void) | undefined;

  constructor(socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      if (this.buffer.length > 64 * 1024) this.buffer = this.buffer.slice(-64 * 1024);
      this.flush();
    });
    const stop = (error: Error): void => {
      this.failed = error;
      this.rejecter?.(error);
    };
    socket.on('error', stop);
    socket.on('close', () => stop(new TestFailure('the server closed the connection')));
  }

  private flush(): void {
    const end = this.buffer.indexOf('\r\n');
    if (end < 0 || !this.waiting) return;
    const line = this.buffer.slice(0, end);
    this.buffer = this.buffer.slice(end + 2);
    const resolve = this.waiting;
    this.waiting = undefined;
    this.rejecter = undefined;
    resolve(line);
  }

  next(): Promise<string> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise<string>((resolve, reject) => {
      this.waiting = resolve;
      this.rejecter = reject;
      this.flush();
    });
  }
}

async function testRedis(connection: Connection, c: Credentials, ms: number): Promise<void> {
  const target = redisTarget(required(c.url, 'address'));
  const database = prop(connection, 'db') ?? target.db ?? '0';
  if (!/^\d{1,5}$/.test(database)) fail('the database must be a number');
  const password = c.password ?? target.pass;
  const username = c.username ?? target.user;
  const socket = await withTimeout(
    openSocket(target.host, target.port, target.tls, connection.insecureTls === true),
    ms,
    `${target.host}:${target.port}`,
  );
  socket.setTimeout(ms, () => socket.destroy(new TestFailure('redis did not answer in time')));
  const lines = new LineReader(socket);
  const ask = async (...command: string[]): Promise<string> => {
    socket.write(resp(...command));
    const line = await withTimeout(lines.next(), ms, 'redis');
    if (line.startsWith('-')) fail(`redis: ${line.slice(1)}`);
    return line;
  };
  try {
    if (password !== undefined) {
      await (username ? ask('AUTH', username, password) : ask('AUTH', password));
    }
    if (database !== '0') await ask('SELECT', database);
    const pong = await ask('PING');
    if (pong !== '+PONG') fail(`redis answered ${pong.slice(0, 80)} to PING`);
  } finally {
    socket.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// LDAP, SFTP, SMTP

async function testLdap(c: Credentials, ms: number, insecureTls: boolean): Promise<void> {
  const { Client } = await import('ldapts');
  const url = required(c.url, 'URL');
  const scheme = parseUrl(url).protocol;
  if (scheme !== 'ldap:' && scheme !== 'ldaps:')
    fail('the URL must start with ldap:// or ldaps://');
  const client = new Client({
    url,
    timeout: ms,
    connectTimeout: ms,
    ...(insecureTls ? { tlsOptions: { rejectUnauthorized: false } } : {}),
  });
  try {
    await withTimeout(client.bind(c.username ?? '', c.password ?? ''), ms, 'the directory');
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

async function testSftp(connection: Connection, c: Credentials, ms: number): Promise<void> {
  const { Client } = await import('ssh2');
  const raw = required(c.url, 'host');
  const url = parseUrl(/^[a-z]+:\/\//i.test(raw) ? raw : `sftp://${raw}`, 'host');
  const port = Number(prop(connection, 'port') ?? (url.port || '22'));
  if (!Number.isInteger(port) || port < 1 || port > 65535) fail('the port must be 1 to 65535');
  const username = c.username ?? (url.username ? decodeURIComponent(url.username) : undefined);
  const client = new Client();
  await withTimeout(
    new Promise<void>((resolve, reject) => {
      client.once('ready', () => {
        client.sftp((error) => (error ? reject(error) : resolve()));
      });
      client.once('error', reject);
      client.connect({
        host: url.hostname.replace(/^\[|\]$/g, ''),
        port,
        username: required(username, 'username'),
        readyTimeout: ms,
        ...(c.password === undefined ? {} : { password: c.password }),
        ...(c.certificate === undefined ? {} : { privateKey: c.certificate }),
      });
    }),
    ms,
    `${url.hostname}:${port}`,
    () => client.end(),
  ).finally(() => client.end());
}

/** EHLO (and AUTH PLAIN when credentials are given) against an smtp:// URL or host:port. */
async function testSmtp(connection: Connection, c: Credentials, ms: number): Promise<void> {
  const raw = required(c.url ?? prop(connection, 'host'), 'host');
  const url = parseUrl(/^[a-z]+:\/\//i.test(raw) ? raw : `smtp://${raw}`, 'host');
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    fail('the URL must start with smtp://');
  const implicit = url.protocol === 'smtps:';
  const port = Number(prop(connection, 'port') ?? (url.port || (implicit ? '465' : '587')));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const socket = await withTimeout(
    openSocket(host, port, implicit, connection.insecureTls === true),
    ms,
    `${host}:${port}`,
  );
  socket.setTimeout(ms, () =>
    socket.destroy(new TestFailure('the mail server did not answer in time')),
  );
  const lines = new LineReader(socket);
  const reply = async (): Promise<string> => {
    let line = await withTimeout(lines.next(), ms, 'the mail server');
    while (/^\d{3}-/.test(line)) line = await withTimeout(lines.next(), ms, 'the mail server');
    return line;
  };
  try {
    const greeting = await reply();
    if (!greeting.startsWith('220')) fail(`the mail server greeted with ${greeting.slice(0, 120)}`);
    socket.write('EHLO vigil\r\n');
    const hello = await reply();
    if (!hello.startsWith('250')) fail(`the mail server answered EHLO with ${hello.slice(0, 120)}`);
    const username = c.username ?? (url.username ? decodeURIComponent(url.username) : undefined);
    const password = c.password ?? (url.password ? decodeURIComponent(url.password) : undefined);
    if (username && password && implicit) {
      socket.write(
        `AUTH PLAIN ${Buffer.from(`\0${username}\0${password}`).toString('base64')}\r\n`,
      );
      const auth = await reply();
      if (!auth.startsWith('235'))
        fail(`the mail server refused the credentials: ${auth.slice(0, 120)}`);
    }
    socket.write('QUIT\r\n');
  } finally {
    socket.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// git

function runGit(args: string[], env: NodeJS.ProcessEnv, ms: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const child = spawn('git', args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 4000) stderr += chunk;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new TestFailure(`git ls-remote did not finish within ${span(ms)}`));
    }, ms);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else if (code === 2) reject(new TestFailure('the repository has no such ref'));
      else {
        const message = stderr
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean)
          .join('; ');
        reject(new TestFailure(message || `git ls-remote exited with ${String(code)}`));
      }
    });
  });
}

async function testGit(connection: Connection, c: Credentials, ms: number): Promise<void> {
  const raw = required(c.url, 'URL');
  const ref = prop(connection, 'ref') ?? 'main';
  if (!/^[A-Za-z0-9._/-]{1,200}$/.test(ref) || ref.startsWith('-'))
    fail('the ref is not a valid ref name');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: tmpdir(),
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: '/bin/false',
    SSH_ASKPASS: '/bin/false',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
  };
  let target: string;
  let keyDir: string | undefined;
  const scp = /^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:(?!\/\/)/.test(raw);
  if (raw.startsWith('/')) {
    target = raw;
  } else if (scp || /^ssh:\/\//i.test(raw)) {
    target = raw;
    const key = c.certificate ?? prop(connection, 'ssh_key');
    const options =
      '-o BatchMode=yes -o StrictHostKeyChecking=accept-new -o UserKnownHostsFile=/dev/null';
    if (key) {
      keyDir = await mkdtemp(join(tmpdir(), 'vigil-git-'));
      const file = join(keyDir, 'key');
      await writeFile(file, key.endsWith('\n') ? key : `${key}\n`, { mode: 0o600 });
      env.GIT_SSH_COMMAND = `ssh -i '${file}' -o IdentitiesOnly=yes ${options} -o ConnectTimeout=${Math.ceil(ms / 1000)}`;
    } else {
      env.GIT_SSH_COMMAND = `ssh ${options} -o ConnectTimeout=${Math.ceil(ms / 1000)}`;
    }
  } else {
    const url = parseUrl(raw);
    if (url.protocol === 'file:') target = url.toString();
    else if (url.protocol === 'https:' || url.protocol === 'http:') {
      target = withCredentials(url.toString(), c.username, c.password);
    } else {
      return fail('the URL must be https://, ssh://, user@host:path or a local path');
    }
  }
  try {
    await runGit(
      [
        '-c',
        'protocol.ext.allow=never',
        '-c',
        'credential.helper=',
        '-c',
        `http.sslVerify=${connection.insecureTls === true ? 'false' : 'true'}`,
        '-c',
        `http.lowSpeedTime=${Math.ceil(ms / 1000)}`,
        '-c',
        'http.lowSpeedLimit=1',
        'ls-remote',
        '--exit-code',
        '--',
        target,
        ref,
      ],
      env,
      ms,
    );
  } finally {
    if (keyDir) await rm(keyDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------

/** The types this server tests (docs/connections.md); every other type answers 501. */
export const TESTABLE_TYPES = [
  'postgres',
  'mysql',
  'mongo',
  'redis',
  'ldap',
  'http',
  'prometheus',
  'elasticsearch',
  'github',
  'gitlab',
  'git',
  'sftp',
  'email',
  'smtp',
] as const;

async function run(connection: Connection, ms: number): Promise<void> {
  const c = credentials(connection);
  const insecureTls = connection.insecureTls === true;
  switch (connection.type) {
    case 'postgres':
      return testPostgres(c, ms);
    case 'mysql':
      return testMysql(c, ms);
    case 'mongo':
      return testMongo(c, ms, insecureTls);
    case 'redis':
      return testRedis(connection, c, ms);
    case 'ldap':
      return testLdap(c, ms, insecureTls);
    case 'http':
      return httpProbe(
        { url: required(c.url, 'URL'), headers: basic(c.username, c.password), insecureTls },
        ms,
      );
    case 'prometheus':
      return httpProbe(
        {
          url: under(required(c.url, 'URL'), '/-/healthy'),
          headers: basic(c.username, c.password),
          insecureTls,
        },
        ms,
      );
    case 'elasticsearch':
      return httpProbe(
        {
          url: under(required(c.url, 'URL'), '/_cluster/health'),
          headers: basic(c.username, c.password),
          insecureTls,
        },
        ms,
      );
    case 'github':
      return httpProbe(
        {
          url: under(c.url ?? 'https://api.github.com', '/user'),
          headers: { Authorization: `Bearer ${required(c.password, 'personal access token')}` },
          insecureTls,
        },
        ms,
      );
    case 'gitlab':
      return httpProbe(
        {
          url: under(c.url ?? 'https://gitlab.com', '/api/v4/user'),
          headers: { 'PRIVATE-TOKEN': required(c.password, 'personal access token') },
          insecureTls,
        },
        ms,
      );
    case 'git':
      return testGit(connection, c, ms);
    case 'sftp':
      return testSftp(connection, c, ms);
    case 'email':
    case 'smtp':
      return testSmtp(connection, c, ms);
    default:
      return fail('unsupported');
  }
}

/** A reason fit to show: one line, credentials redacted, bounded. */
function reasonOf(error: unknown, connection: Connection): string {
  let text = error instanceof Error ? error.message : String(error);
  if (error instanceof AggregateError && error.errors.length > 0) {
    text = error.errors
      .map((inner: unknown) => (inner instanceof Error ? inner.message : String(inner)))
      .join('; ');
  }
  const code = (error as { code?: unknown }).code;
  if (text.trim() === '' && typeof code === 'string') text = code;
  text = redactText(text.replace(/\s+/g, ' ').trim());
  for (const secret of [connection.password, connection.username, connection.certificate]) {
    if (secret && secret.length >= 4) text = text.split(secret).join('***');
  }
  if (text === '') text = 'the connection failed';
  return text.length > REASON_LIMIT ? `${text.slice(0, REASON_LIMIT - 1)}…` : text;
}

/** Test one connection (its secrets decrypted). Never throws. */
export async function testConnection(
  connection: Connection,
  options: TestOptions = {},
): Promise<TestOutcome> {
  if (!(TESTABLE_TYPES as readonly string[]).includes(connection.type)) {
    return { kind: 'unsupported' };
  }
  const ms = options.timeoutMs ?? CONNECTION_TEST_TIMEOUT_MS;
  try {
    // One bound over everything (a library that ignores its own timeout cannot hang the request).
    await withTimeout(run(connection, ms), ms + 2_000, 'the connection');
    return { kind: 'ok' };
  } catch (error: unknown) {
    return { kind: 'failed', reason: reasonOf(error, connection) };
  }
}
