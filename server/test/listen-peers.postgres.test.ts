/**
 * The listening connection's knowledge of other Vigil instances (server/src/db/listen.ts): a
 * listener alone on its database answers `sync()` without a round trip (the caller cache's
 * freshness check costs nothing then); one that shares the database with another listener waits
 * for its notifications on every `sync()`. A new listener greets the others and is listening only
 * once they have stopped counting themselves alone; a listener counts itself alone again only
 * after several heartbeats in a row found no other.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Listener } from '../src/db/listen';
import { postgresAvailable, startPostgres, type PostgresServer } from './helpers/postgres-server';

const HEARTBEAT_MS = 50;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether `sync()` answered before a round trip could have: 'at once' or 'round trip'. */
async function syncKind(listener: Listener): Promise<string> {
  return Promise.race([
    listener.sync().then((fresh) => (fresh ? 'at once' : 'not listening')),
    Promise.resolve().then(() => 'round trip'),
  ]);
}

async function until(test: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(10);
  }
}

/** A listener on `channel` that records its notifications and when it said it was listening. */
function listenerOn(server: PostgresServer, channel: string) {
  const listener = new Listener(
    { connectionString: server.connectionString },
    { heartbeatMs: HEARTBEAT_MS },
  );
  const heard: string[] = [];
  const states: boolean[] = [];
  listener.listen(channel, {
    notify: (payload) => heard.push(payload),
    state: (on) => states.push(on),
  });
  return { listener, heard, states };
}

describe.skipIf(!postgresAvailable)('listeners and other instances on PostgreSQL', () => {
  let server: PostgresServer;
  let writer: pg.Client;

  beforeAll(async () => {
    server = await startPostgres();
    writer = new pg.Client({ connectionString: server.connectionString });
    await writer.connect();
  }, 60_000);

  afterAll(async () => {
    await writer?.end();
    await server?.stop();
  });

  it('alone: sync answers at once after quiet heartbeats, and notifications still arrive', async () => {
    const a = listenerOn(server, 'peers_test_one');
    try {
      await until(() => a.states.includes(true));
      // Right after connecting it does not count itself alone yet.
      expect(a.listener.isAlone).toBe(false);
      expect(await syncKind(a.listener)).toBe('round trip');
      await until(() => a.listener.isAlone);
      expect(await syncKind(a.listener)).toBe('at once');
      await writer.query(`NOTIFY peers_test_one, 'hello there'`);
      await until(() => a.heard.length > 0);
      expect(a.heard).toEqual(['hello there']);
    } finally {
      await a.listener.close();
    }
  });

  it('a second instance: the first stops counting itself alone before the second listens', async () => {
    const a = listenerOn(server, 'peers_test_two');
    await until(() => a.listener.isAlone);
    let firstAloneWhenSecondListened: boolean | undefined;
    const b = new Listener(
      { connectionString: server.connectionString },
      { heartbeatMs: HEARTBEAT_MS },
    );
    b.listen('peers_test_two', {
      notify: () => undefined,
      state: (on) => {
        if (on) firstAloneWhenSecondListened = a.listener.isAlone;
      },
    });
    try {
      await until(() => firstAloneWhenSecondListened !== undefined);
      expect(firstAloneWhenSecondListened).toBe(false);
      // Several heartbeats later, both still know of each other: every sync is a round trip.
      await sleep(HEARTBEAT_MS * 6);
      expect(a.listener.isAlone).toBe(false);
      expect(b.isAlone).toBe(false);
      expect(await syncKind(a.listener)).toBe('round trip');
      expect(await syncKind(b)).toBe('round trip');
      expect(await a.listener.sync()).toBe(true);
    } finally {
      await b.close();
    }
    // The second is gone (its lock went with its connection): alone again after quiet heartbeats.
    try {
      await until(() => a.listener.isAlone);
      expect(await syncKind(a.listener)).toBe('at once');
    } finally {
      await a.listener.close();
    }
  });

  it('a closed listener is not listening: sync answers false', async () => {
    const a = listenerOn(server, 'peers_test_three');
    await until(() => a.states.includes(true));
    await a.listener.close();
    expect(await a.listener.sync()).toBe(false);
    expect(a.listener.isAlone).toBe(false);
  });
});
