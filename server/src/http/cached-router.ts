/**
 * Hono's router with its answers remembered per method and path (issue 18: per-request costs).
 *
 * The app's routes are all added before its first request (Hono's SmartRouter refuses a route
 * added later), so the handlers a method and path match never change: matching `/api/db/…` again
 * on every read (the trie router walks every middleware and route and sorts what it found: the
 * largest allocation of a small read after its own rows) gives the same answer each time. The
 * answer is reused as it is (Hono only reads it). At most `maxEntries` paths are kept (all are
 * forgotten when full), and only paths of at most MAX_PATH characters, as paths are the client's
 * to choose.
 */
import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';

const MAX_PATH = 256;

export class CachedRouter<T> implements Router<T> {
  readonly name = 'CachedRouter';
  private readonly answers = new Map<string, Result<T>>();

  constructor(
    private readonly inner: Router<T> = new SmartRouter<T>({
      routers: [new RegExpRouter<T>(), new TrieRouter<T>()],
    }),
    private readonly maxEntries = 1000,
  ) {}

  add(method: string, path: string, handler: T): void {
    this.answers.clear();
    this.inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    if (path.length > MAX_PATH) return this.inner.match(method, path);
    const key = `${method} ${path}`;
    let answer = this.answers.get(key);
    if (answer === undefined) {
      answer = this.inner.match(method, path);
      if (this.answers.size >= this.maxEntries) this.answers.clear();
      this.answers.set(key, answer);
    }
    return answer;
  }
}
