/**
 * Notifications on a real PostgreSQL, as two server instances share them: two dispatchers, each
 * over its own connection pool, drain one queue of check.failed events at the same time; the
 * FOR UPDATE SKIP LOCKED claims give every event to one of them, so the local receiver gets each
 * message exactly once and send history has one 'sent' row per event. Skipped (with the reason in
 * the name) when no PostgreSQL binaries are installed.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate';
import { openPostgres } from '../src/db/postgres';
import type { Db } from '../src/db/types';
import { NotificationDispatcher } from '../src/notifications/dispatcher';
import { lazySecrets } from '../src/secrets/keyring';
import { postgresAvailable, startPostgres, type PostgresServer } from './helpers/postgres-server';

const EVENTS = 60;
const CANARY = '01900000-0000-7000-8000-00000000c0c1';

let server: PostgresServer | undefined;
let first: Db;
let second: Db;
let receiver: Server;
const received: string[] = [];

describe.skipIf(!postgresAvailable)('notifications on PostgreSQL (two dispatchers)', () => {
  beforeAll(async () => {
    server = await startPostgres();
    first = await openPostgres(server.connectionString);
    second = await openPostgres(server.connectionString);
    await migrate(first);
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push(
          (JSON.parse(Buffer.concat(chunks).toString()) as { message: string }).message,
        );
        response.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    await first.query(
      `INSERT INTO canaries (id, name, namespace, spec, created_at) VALUES ($1, 'pg', 'pg', '{}'::jsonb, now())`,
      [CANARY],
    );
    await first.query(
      `INSERT INTO checks (canary_id, type, name, severity, status, created_at)
       SELECT $1, 'http', 'pg check ' || i, 'critical', 'healthy', now()
       FROM generate_series(1, $2::int) AS i`,
      [CANARY, EVENTS],
    );
    await first.query(
      `INSERT INTO notifications (name, namespace, events, filter, custom_services, template, source)
       VALUES ('pg', 'default', ARRAY['check.failed'], 'check.severity == ''critical''', $1::jsonb,
         '{{.check.id}}', 'UI')`,
      [JSON.stringify([{ name: 'generic_webhook', url }])],
    );
  }, 120_000);

  afterAll(async () => {
    receiver?.closeAllConnections();
    await new Promise((resolve) => receiver?.close(resolve));
    await first?.close();
    await second?.close();
    await server?.stop();
  });

  it('every event is delivered once across the two instances', async () => {
    await first.query(`UPDATE checks SET status = 'unhealthy' WHERE canary_id = $1`, [CANARY]);
    const options = { batchSize: 10, concurrency: 4, log: () => undefined };
    const [a, b] = await Promise.all([
      new NotificationDispatcher(first, lazySecrets(first), options).drain(),
      new NotificationDispatcher(second, lazySecrets(second), options).drain(),
    ]);
    expect(a.events + b.events).toBe(EVENTS);
    expect(a.sent + b.sent).toBe(EVENTS);
    expect(new Set(received).size).toBe(EVENTS);
    expect(received).toHaveLength(EVENTS);
    const history = await first.query<{ status: string; n: string }>(
      `SELECT status, count(*)::text AS n FROM notification_send_history GROUP BY status`,
    );
    expect(history.rows).toEqual([{ status: 'sent', n: String(EVENTS) }]);
    expect((await first.query(`SELECT 1 FROM event_queue`)).rows).toHaveLength(0);
  });
});
