/**
 * LISTEN on PostgreSQL over a dedicated connection (not one of the pool's: a pooled connection
 * goes back to the pool and would stop hearing). One connection per Db serves every channel its
 * listeners name. When the connection is lost (an error, the server restarting, a heartbeat that
 * is not answered in time), every listener is told `state(false)` at once, and the connection is
 * made again with a growing delay; once LISTEN is answered again, `state(true)`.
 *
 * Notifications are delivered by PostgreSQL when the writing transaction commits; a listener that
 * was not listening meanwhile has missed them, which is why `state(false)` comes first.
 *
 * Other instances. `sync()` makes sure the notifications committed before it are in: a round
 * trip on this connection. That is needed only while another Vigil instance shares the database
 * (its writes are answered there, and the next request may come here). Every listening connection
 * holds a shared advisory lock (PEERS_LOCK) for as long as it lives; on connecting it reads the
 * lock's other holders from pg_locks, and when there are any it says hello on PEERS_CHANNEL and
 * waits (PEER_ACK_TIMEOUT_MS at most) until each has acknowledged: a listener acknowledges only
 * after it stopped counting itself alone. It counts itself alone only after PEERS_QUIET_READINGS
 * readings of pg_locks in a row (one per heartbeat) found no other holder and no hello came in
 * meanwhile, so an instance whose listening connection is lost for a moment (while it may still
 * answer writes) is not forgotten. While alone, `sync()` answers at once without a round trip.
 * What this leaves to the notification's own delay (milliseconds): writes by other clients of the
 * database, and writes an instance answers in the moment between its start and its greeting.
 */
import pg from 'pg';
import type { ListenHandlers, Listening } from './types';

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
/** How often an idle listening connection is asked `SELECT 1`, and how long it may take. */
export const HEARTBEAT_MS = 10_000;
const HEARTBEAT_TIMEOUT_MS = 5_000;
const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5_000;

/** Where listening connections of Vigil instances greet each other (see the module comment). */
export const PEERS_CHANNEL = 'vigil_listeners';
/** The shared advisory lock every listening connection holds: pg_advisory_lock_shared(k1, k2). */
const PEERS_LOCK = [1447642953, 1] as const;
/** Readings of pg_locks in a row without another listener before a listener counts itself alone. */
export const PEERS_QUIET_READINGS = 3;
/** How long a new listener waits for the others' acknowledgements. */
const PEER_ACK_TIMEOUT_MS = 3_000;
/** The other holders of PEERS_LOCK in this database (their backends' pids). */
const PEERS_SQL = `SELECT pid FROM pg_locks
  WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid()
    AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
    AND classid = ${PEERS_LOCK[0]} AND objid = ${PEERS_LOCK[1]} AND objsubid = 2`;

export interface ListenerOptions {
  /** Heartbeat interval in ms (default 10,000); the peers are read again on each. */
  heartbeatMs?: number;
}

export class Listener {
  private readonly channels = new Map<string, Set<ListenHandlers>>();
  private client: pg.Client | undefined;
  private listening = false;
  private closed = false;
  private retryMs = RETRY_MIN_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private connecting: Promise<void> | undefined;
  /** Known to be the only Vigil listener on the database (see the module comment). */
  private alone = false;
  /** Hellos heard from other listeners: a reading of pg_locks older than one does not count. */
  private hellos = 0;
  /** Readings of pg_locks in a row that found no other listener. */
  private quietReadings = 0;
  /** This connection's backend pid, and the acknowledgements it waits for. */
  private pid: number | undefined;
  private readonly awaitedAcks = new Map<number, () => void>();
  private readonly heartbeatMs: number;

  constructor(
    private readonly config: pg.ClientConfig,
    options: ListenerOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  }

  /** Whether this listener counts itself the only one on the database (tests, diagnostics). */
  get isAlone(): boolean {
    return this.listening && this.alone;
  }

  /** Listen on `channel`; see Db.listen. */
  listen(channel: string, handlers: ListenHandlers): Listening {
    if (!CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`);
    if (this.closed) {
      handlers.state(false);
      return { sync: () => Promise.resolve(false), stop: () => undefined };
    }
    let set = this.channels.get(channel);
    const fresh = set === undefined;
    if (set === undefined) {
      set = new Set();
      this.channels.set(channel, set);
    }
    set.add(handlers);
    if (this.client === undefined && this.retryTimer === undefined) {
      this.connect();
    } else if (this.listening && fresh) {
      // A new channel on a live connection: listening once its LISTEN is answered.
      const client = this.client;
      client?.query(`LISTEN ${channel}`).then(
        () => {
          if (this.client === client && this.listening) handlers.state(true);
        },
        (error: unknown) => this.lost(client, error),
      );
    } else if (this.listening) {
      handlers.state(true);
    }
    return {
      sync: () => this.sync(),
      stop: () => {
        set.delete(handlers);
      },
    };
  }

  /** The ping under way (sent), and the one that waits for it (joined by later calls). */
  private inflight: Promise<boolean> | undefined;
  private next: Promise<boolean> | undefined;

  /** See Listening.sync. */
  sync(): Promise<boolean> {
    if (!this.listening || this.client === undefined) return Promise.resolve(false);
    // No other instance shares the database: nothing to wait for.
    if (this.alone) return Promise.resolve(true);
    if (this.next !== undefined) return this.next;
    if (this.inflight === undefined) return this.ping();
    // A ping already sent may have left before what the caller must see: the next one.
    const after = this.inflight.then(() => {
      this.next = undefined;
      return this.ping();
    });
    this.next = after;
    return after;
  }

  private ping(): Promise<boolean> {
    const client = this.client;
    if (!this.listening || client === undefined) return Promise.resolve(false);
    const done = client.query('SELECT 1').then(
      () => this.client === client && this.listening,
      (error: unknown) => {
        this.lost(client, error);
        return false;
      },
    );
    const tracked = done.finally(() => {
      if (this.inflight === tracked) this.inflight = undefined;
    });
    this.inflight = tracked;
    return tracked;
  }

  private each(fn: (handlers: ListenHandlers) => void): void {
    for (const set of this.channels.values()) for (const handlers of set) fn(handlers);
  }

  private connect(): void {
    if (this.closed || this.client !== undefined) return;
    const client = new pg.Client({
      application_name: 'vigil-listen',
      ...this.config,
      keepAlive: true,
    });
    this.client = client;
    client.on('notification', (message) => {
      if (message.channel === PEERS_CHANNEL) {
        this.peerMessage(client, message.payload ?? '');
        return;
      }
      const set = this.channels.get(message.channel);
      if (set === undefined) return;
      for (const handlers of set) handlers.notify(message.payload ?? '');
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('the listening connection ended')));
    this.alone = false;
    this.quietReadings = 0;
    this.connecting = (async () => {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`LISTEN ${channel}`);
      await client.query(`LISTEN ${PEERS_CHANNEL}`);
      const locked = await client.query<{ pid: number }>(
        'SELECT pg_backend_pid() AS pid, pg_advisory_lock_shared($1, $2)',
        [...PEERS_LOCK],
      );
      this.pid = locked.rows[0]?.pid;
      const peers = await this.peers(client);
      if (peers.length > 0) await this.greet(client, peers);
    })().then(
      () => {
        if (this.client !== client || this.closed) return;
        this.connecting = undefined;
        this.listening = true;
        this.retryMs = RETRY_MIN_MS;
        this.startHeartbeat(client);
        this.each((handlers) => handlers.state(true));
      },
      (error: unknown) => {
        if (this.client === client) this.connecting = undefined;
        this.lost(client, error);
      },
    );
  }

  /** The pids of the other listening connections on this database. */
  private async peers(client: pg.Client): Promise<number[]> {
    const result = await client.query<{ pid: number }>(PEERS_SQL);
    return result.rows.map((row) => row.pid);
  }

  /** Say hello to `peers` and wait for each one's acknowledgement (or the timeout). */
  private async greet(client: pg.Client, peers: readonly number[]): Promise<void> {
    const acks = peers.map(
      (peer) =>
        new Promise<void>((resolve) => {
          this.awaitedAcks.set(peer, resolve);
        }),
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, PEER_ACK_TIMEOUT_MS);
    });
    try {
      await client.query('SELECT pg_notify($1, $2)', [PEERS_CHANNEL, `hello ${this.pid}`]);
      await Promise.race([Promise.all(acks), timeout]);
    } finally {
      clearTimeout(timer);
      this.awaitedAcks.clear();
    }
  }

  /** `hello <pid>` from a new listener, or `ack <from> <to>` answering one. */
  private peerMessage(client: pg.Client, payload: string): void {
    const [kind, first, second] = payload.split(' ');
    const from = Number(first);
    if (!Number.isInteger(from) || from === this.pid) return;
    if (kind === 'hello') {
      // Another instance now shares the database: from here on sync() waits for notifications.
      // Only then the acknowledgement, after which it serves.
      this.hellos += 1;
      this.quietReadings = 0;
      this.alone = false;
      client
        .query('SELECT pg_notify($1, $2)', [PEERS_CHANNEL, `ack ${this.pid} ${from}`])
        .catch((error: unknown) => this.lost(client, error));
    } else if (kind === 'ack' && Number(second) === this.pid) {
      this.awaitedAcks.get(from)?.();
    }
  }

  private startHeartbeat(client: pg.Client): void {
    clearInterval(this.heartbeat);
    this.heartbeat = setInterval(() => {
      const timer = setTimeout(
        () => this.lost(client, new Error('the listening connection did not answer')),
        HEARTBEAT_TIMEOUT_MS,
      );
      timer.unref();
      // The peers again: alone once the others have gone (their locks went with them), unless a
      // hello came in while the answer was on its way.
      const hellos = this.hellos;
      this.peers(client).then(
        (peers) => {
          clearTimeout(timer);
          if (this.client !== client) return;
          if (peers.length > 0 || hellos !== this.hellos) {
            this.quietReadings = 0;
            this.alone = false;
          } else {
            this.quietReadings += 1;
            if (this.quietReadings >= PEERS_QUIET_READINGS) this.alone = true;
          }
        },
        (error: unknown) => {
          clearTimeout(timer);
          this.lost(client, error);
        },
      );
    }, this.heartbeatMs);
    this.heartbeat.unref();
  }

  /** The connection `client` is gone: tell everyone, drop it, and try again later. */
  private lost(client: pg.Client | undefined, _error: unknown): void {
    if (client === undefined || this.client !== client) return;
    this.client = undefined;
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    const was = this.listening;
    this.listening = false;
    this.alone = false;
    this.quietReadings = 0;
    client.removeAllListeners('notification');
    client.on('error', () => undefined);
    client.end().catch(() => undefined);
    if (was) this.each((handlers) => handlers.state(false));
    if (this.closed) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.connect();
    }, this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(RETRY_MAX_MS, this.retryMs * 2);
  }

  /** Stop listening for good (Db.close). */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.heartbeat);
    const client = this.client;
    this.client = undefined;
    if (this.listening) this.each((handlers) => handlers.state(false));
    this.listening = false;
    this.channels.clear();
    if (client) {
      client.removeAllListeners('end');
      client.on('error', () => undefined);
      await this.connecting?.catch(() => undefined);
      await client.end().catch(() => undefined);
    }
  }
}
