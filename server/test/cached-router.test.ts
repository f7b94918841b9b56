import { Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { CachedRouter } from '../src/http/cached-router';

describe('CachedRouter', () => {
  it('answers as the router it wraps, again and again', () => {
    const cached = new CachedRouter<string>(new TrieRouter<string>(), 3);
    const plain = new TrieRouter<string>();
    for (const router of [cached, plain]) {
      router.add('ALL', '/api/*', 'guard');
      router.add('GET', '/api/db/*', 'db');
      router.add('GET', '/api/items/:id', 'item');
      router.add('POST', '/api/items', 'create');
    }
    const paths: [string, string][] = [
      ['GET', '/api/db/config_items'],
      ['GET', '/api/items/42'],
      ['GET', '/api/items/7'],
      ['POST', '/api/items'],
      ['GET', '/api/items'],
      ['GET', `/api/db/${'x'.repeat(300)}`],
    ];
    for (let round = 0; round < 3; round += 1) {
      for (const [method, path] of paths) {
        expect(cached.match(method, path), `${method} ${path}`).toEqual(plain.match(method, path));
      }
    }
  });

  it('serves an app: params per path, not per route', async () => {
    const app = new Hono({ router: new CachedRouter() });
    app.use('*', async (c, next) => {
      await next();
      c.res.headers.set('x-seen', '1');
    });
    app.get('/items/:id', (c) => c.text(c.req.param('id')));
    for (const id of ['1', '2', '1', '3']) {
      const response = await app.request(`/items/${id}`);
      expect(await response.text()).toBe(id);
      expect(response.headers.get('x-seen')).toBe('1');
    }
    expect((await app.request('/nothing')).status).toBe(404);
  });
});
