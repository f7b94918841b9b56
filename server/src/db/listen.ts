/**
 * LISTEN on PostgreSQL over a dedicated connection (not one of the pool's: a pooled connection
 * goes back to the pool and would stop hearing). One connection per Db serves every channel its
 * listeners name. When the connection is lost (an error, the server restarting, a heartbeat that
 * is not answered in time), every listener is told `state(false)` at once, and the connection is
 * made again with a growing delay; once LISTEN is answered again, `state(true)`.
 *
 * Notifications are delivered by PostgreSQL when the writing transaction commits; a listener that
 * was not listening meanwhile has missed them, which is why `state(false)` comes first.
 */
import pg from 'pg';
import type { ListenHandlers, Listening } from './types';

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
/** How often an idle listening connection is asked `SELECT 1`, and how long it may take. */
const HEARTBEAT_MS = 10_000;
const HEARTBEAT_TIMEOUT_MS = 5_000;
const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5_000;

export class Listener {
  private readonly channels = new Map<string, Set<ListenHandlers>>();
  private client: pg.Client | undefined;
  private listening = false;
  private closed = false;
  private retryMs = RETRY_MIN_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private connecting: Promise<void> | undefined;

  constructor(private readonly config: pg.ClientConfig) {}

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
      const set = this.channels.get(message.channel);
      if (set === undefined) return;
      for (const handlers of set) handlers.notify(message.payload ?? '');
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('the listening connection ended')));
    this.connecting = (async () => {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`LISTEN ${channel}`);
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

  private startHeartbeat(client: pg.Client): void {
    clearInterval(this.heartbeat);
    this.heartbeat = setInterval(() => {
      const timer = setTimeout(
        () => this.lost(client, new Error('the listening connection did not answer')),
        HEARTBEAT_TIMEOUT_MS,
      );
      timer.unref();
      client.query('SELECT 1').then(
        () => clearTimeout(timer),
        (error: unknown) => {
          clearTimeout(timer);
          this.lost(client, error);
        },
      );
    }, HEARTBEAT_MS);
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
