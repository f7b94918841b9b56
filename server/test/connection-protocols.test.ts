/**
 * The connection test's own protocol clients and SFTP (server/src/connections/test-connection.ts)
 * against servers started here. SFTP runs against a real SSH server (ssh2's server side). Redis and
 * SMTP servers are not installed on this machine: small stand-ins speak just the commands the test
 * sends (RESP AUTH / SELECT / PING; the SMTP greeting and EHLO) — what is checked is our side of
 * the conversation and its failure texts.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { Server as SshServer, type Connection as SshConnection } from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConnection } from '../src/connections/test-connection';
import type { Connection } from '../src/secrets/stored';

const base: Omit<Connection, 'type' | 'url'> = {
  id: '00000000-0000-0000-0000-000000000002',
  name: 'n',
  namespace: 'default',
  username: null,
  password: null,
  certificate: null,
  properties: null,
  insecureTls: null,
};

const servers: { close(callback: () => void): unknown }[] = [];
const sockets: Socket[] = [];

async function listen(server: Server | SshServer): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return (server.address() as AddressInfo).port;
}

/** A RESP stand-in: password `pw`, databases 0–15, every command logged. */
function redisStandIn(log: string[][]): Server {
  return createServer((socket) => {
    sockets.push(socket);
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        const match = /^\*(\d+)\r\n/.exec(buffer);
        if (!match) return;
        const count = Number(match[1]);
        let rest = buffer.slice(match[0].length);
        const parts: string[] = [];
        for (let i = 0; i < count; i += 1) {
          const head = /^\$(\d+)\r\n/.exec(rest);
          if (!head) return;
          const length = Number(head[1]);
          const start = head[0].length;
          if (rest.length < start + length + 2) return;
          parts.push(rest.slice(start, start + length));
          rest = rest.slice(start + length + 2);
        }
        buffer = rest;
        log.push(parts);
        const [command = '', ...args] = parts;
        if (command === 'AUTH') {
          socket.write(args.at(-1) === 'pw' ? '+OK\r\n' : '-WRONGPASS invalid password\r\n');
        } else if (command === 'SELECT') {
          socket.write(Number(args[0]) < 16 ? '+OK\r\n' : '-ERR DB index is out of range\r\n');
        } else if (command === 'PING') socket.write('+PONG\r\n');
        else socket.write('-ERR unknown command\r\n');
      }
    });
  });
}

let redisPort = 0;
const redisLog: string[][] = [];
let smtpPort = 0;
let sshPort = 0;

beforeAll(async () => {
  redisPort = await listen(redisStandIn(redisLog));
  smtpPort = await listen(
    createServer((socket) => {
      sockets.push(socket);
      socket.write('220 mail.test ESMTP\r\n');
      socket.on('data', (chunk) => {
        const line = chunk.toString('utf8');
        if (line.startsWith('EHLO')) socket.write('250-mail.test\r\n250 AUTH PLAIN\r\n');
        else if (line.startsWith('QUIT')) socket.end('221 bye\r\n');
      });
    }),
  );
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    publicKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  const ssh = new SshServer({ hostKeys: [privateKey] }, (client: SshConnection) => {
    client.on('authentication', (context) => {
      if (
        context.method === 'password' &&
        context.username === 'deploy' &&
        context.password === 'pw'
      ) {
        context.accept();
      } else context.reject(['password']);
    });
    client.on('ready', () => {
      client.on('session', (accept) => {
        const session = accept();
        session.on('sftp', (acceptSftp) => {
          acceptSftp();
        });
      });
    });
    client.on('error', () => undefined);
  });
  sshPort = await listen(ssh);
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(
    servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
  );
});

describe('redis', () => {
  it('authenticates, selects the database and pings', async () => {
    redisLog.length = 0;
    const outcome = await testConnection({
      ...base,
      type: 'redis',
      url: `127.0.0.1:${redisPort}`,
      password: 'pw',
      properties: { db: '3' },
    });
    expect(outcome).toEqual({ kind: 'ok' });
    expect(redisLog).toEqual([['AUTH', 'pw'], ['SELECT', '3'], ['PING']]);
  });

  it('reports the server’s refusal', async () => {
    expect(
      await testConnection({
        ...base,
        type: 'redis',
        url: `redis://127.0.0.1:${redisPort}`,
        password: 'bad',
      }),
    ).toEqual({ kind: 'failed', reason: 'redis: WRONGPASS invalid password' });
    expect(
      await testConnection({
        ...base,
        type: 'redis',
        url: `redis://:pw@127.0.0.1:${redisPort}/`,
        properties: { db: 40 },
      }),
    ).toEqual({ kind: 'failed', reason: 'redis: ERR DB index is out of range' });
  });
});

describe('smtp', () => {
  it('reads the greeting and EHLO', async () => {
    expect(
      await testConnection({ ...base, type: 'email', url: `smtp://127.0.0.1:${smtpPort}` }),
    ).toEqual({
      kind: 'ok',
    });
  });
});

describe('sftp', () => {
  it('opens an SFTP session with a password', async () => {
    expect(
      await testConnection({
        ...base,
        type: 'sftp',
        url: '127.0.0.1',
        username: 'deploy',
        password: 'pw',
        properties: { port: String(sshPort) },
      }),
    ).toEqual({ kind: 'ok' });
  });

  it('reports refused credentials without the password', async () => {
    const outcome = await testConnection({
      ...base,
      type: 'sftp',
      url: `127.0.0.1:${sshPort}`,
      username: 'deploy',
      password: 'wrong-password-9',
    });
    expect(outcome.kind).toBe('failed');
    expect(JSON.stringify(outcome)).toMatch(/authentication methods failed/i);
    expect(JSON.stringify(outcome)).not.toContain('wrong-password-9');
  });
});

describe('client libraries without a server here', () => {
  it('mysql, mongo and ldap fail with the reason, bounded', async () => {
    for (const [type, url] of [
      ['mysql', 'mysql://u:p@127.0.0.1:1/db'],
      ['mongo', 'mongodb://127.0.0.1:1/db'],
      ['ldap', 'ldap://127.0.0.1:1'],
    ] as const) {
      const outcome = await testConnection({ ...base, type, url }, { timeoutMs: 1_500 });
      expect(outcome.kind, type).toBe('failed');
      expect(JSON.stringify(outcome), type).toMatch(/ECONNREFUSED|did not answer|connect/i);
    }
  });
});
