import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/types';
import { serveConsole } from '../src/http/static';
import { buildApp, openTestDb, type TestApp } from './fixtures/app';

let db: Db;
let t: TestApp;
const dir = mkdtempSync(join(tmpdir(), 'vigil-static-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;

beforeAll(async () => {
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), script);
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, '.secret'), 'nope');
  mkdirSync(join(dir, 'widgets', 'chunks'), { recursive: true });
  writeFileSync(join(dir, 'widgets', 'vigil-health-summary.js'), script);
  writeFileSync(join(dir, 'widgets', 'chunks', 'vigil-runtime-abc.js'), script);
  mkdirSync(join(dir, 'examples'));
  writeFileSync(join(dir, 'examples', 'health-summary.html'), '<!doctype html><title>x</title>');
  db = await openTestDb();
  t = buildApp(db, {
    staticDir: dir,
    widgetsDir: join(dir, 'widgets'),
    examplesDir: join(dir, 'examples'),
    auth: 'basic',
  });
});
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('static console', () => {
  it('serves index.html at / and as the SPA fallback, with no-cache', async () => {
    for (const path of ['/', '/health', '/settings/users?tab=1', '/topology/123']) {
      const response = await t.app.request(path, { headers: { Accept: 'text/html' } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year and compresses them (brotli preferred, then gzip)', async () => {
    const br = await t.app.request('/assets/index-abc123.js', {
      headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    });
    expect(br.status).toBe(200);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(script);
    const gz = await t.app.request('/assets/index-abc123.js', {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);
    const etag = gz.headers.get('etag') ?? '';
    const cached = await t.app.request('/assets/index-abc123.js', {
      headers: { 'If-None-Match': etag },
    });
    expect(cached.status).toBe(304);
  });

  it('does not fall back for missing files with an extension, dotfiles or traversal', async () => {
    expect((await t.app.request('/assets/missing.js')).status).toBe(404);
    expect((await t.app.request('/.secret')).status).toBe(404);
    // Dot segments are resolved against the root (URL parsing, then path normalisation), so these
    // land inside the build directory and get the SPA shell, never a file outside it.
    for (const path of [
      '/assets/..%2f..%2f..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/..%5c..%5cetc%5cpasswd',
    ]) {
      expect(await (await t.app.request(path)).text(), path).not.toContain('root:');
    }
  });

  it('never serves the SPA for /api paths', async () => {
    const response = await t.app.request('/api/unknown', { headers: { Accept: 'text/html' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'not found' });
  });

  it('sets the security headers on every response', async () => {
    for (const path of ['/', '/assets/index-abc123.js', '/api/health', '/config.json']) {
      const response = await t.app.request(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("img-src 'self' data:");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('serves config.json with no-cache', async () => {
    const response = await t.app.request('/config.json');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual({
      apiBase: '/api',
      auth: 'basic',
      healthOnly: false,
      docsUrl: t.config.docsUrl,
    });
  });

  it('answers a short page when the console is not built', async () => {
    const bare = buildApp(db, { staticDir: join(dir, 'nowhere') });
    const response = await bare.app.request('/');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('npm run build');
  });
});

describe('widgets and example pages', () => {
  it('serves the widget bundle at /widgets/ with hashed chunks cached for a year', async () => {
    const entry = await t.app.request('/widgets/vigil-health-summary.js');
    expect(entry.status).toBe(200);
    expect(entry.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(entry.headers.get('cache-control')).toBe('public, max-age=300');
    const chunk = await t.app.request('/widgets/chunks/vigil-runtime-abc.js');
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('serves the host pages at /examples/ and never falls back to the console', async () => {
    const page = await t.app.request('/examples/health-summary.html');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>x</title>');
    expect((await t.app.request('/widgets/missing.js')).status).toBe(404);
    expect((await t.app.request('/widgets/some/route')).status).toBe(404);
    expect((await t.app.request('/examples/..%2findex.html')).status).toBe(404);
  });
});

describe('CORS', () => {
  it('answers preflights only for configured origins, with credentials', async () => {
    const cors = buildApp(db, { corsOrigins: ['https://wiki.example.com'] });
    const allowed = await cors.app.request('/api/canary/api/summary', {
      method: 'OPTIONS',
      headers: { Origin: 'https://wiki.example.com', 'Access-Control-Request-Method': 'GET' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://wiki.example.com');
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    const other = await cors.app.request('/api/canary/api/summary', {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example.com', 'Access-Control-Request-Method': 'GET' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    // Without configured origins no CORS headers are sent at all.
    const none = await t.app.request('/api/health', {
      headers: { Origin: 'https://wiki.example.com' },
    });
    expect(none.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('warming the static cache', () => {
  it('reads and compresses every file ahead, skips dotfiles, and serves the same bytes', async () => {
    const handler = serveConsole(dir);
    // index.html, the asset, the favicon, the two widget scripts and the example: not .secret.
    expect(await handler.warm()).toBe(6);
    const response = await t.app.request('/assets/index-abc123.js', {
      headers: { 'Accept-Encoding': 'br' },
    });
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(script);
  });

  it('warms nothing when the console is not built', async () => {
    expect(await serveConsole(join(dir, 'missing')).warm()).toBe(0);
  });
});
