/**
 * The static console: files from the build directory with an SPA fallback to index.html,
 * compressed (brotli, gzip) once and kept in memory, long-lived caching for hashed assets and
 * revalidation for index.html. Compression runs on libuv's thread pool, never on the event loop
 * (a large chunk at brotli quality 9 takes tens of milliseconds), and `warm()` compresses every
 * file ahead, so that the first visitor after a start does not wait for it either.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, relative as relativePath, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.yaml': 'text/yaml; charset=utf-8',
};

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json|wasm)|image\/svg)/;

interface CachedFile {
  mtimeMs: number;
  size: number;
  etag: string;
  body: Buffer;
  /** Started once, shared by the requests that arrive meanwhile. */
  gzip?: Promise<Buffer>;
  brotli?: Promise<Buffer>;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function brotliOf(file: CachedFile): Promise<Buffer> {
  file.brotli ??= brotliAsync(file.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
  return file.brotli;
}

function gzipOf(file: CachedFile): Promise<Buffer> {
  file.gzip ??= gzipAsync(file.body, { level: 9 });
  return file.gzip;
}

/** A page served when the console has not been built, instead of a bare 404. */
const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Vigil</title></head>
<body><main><h1>Vigil</h1><p>The console is not built. Run <code>npm run build</code>, then reload.</p>
<p>The API is available under <code>/api</code>.</p></main></body></html>
`;

export interface StaticHandler {
  (c: Context): Promise<Response | undefined>;
  /** Read and compress every file of the folder ahead of its first request; resolves the count. */
  warm(): Promise<number>;
}

export interface StaticOptions {
  /** URL prefix the files are mounted under (e.g. `/widgets`); default the root. */
  prefix?: string;
  /** Answer unknown paths with index.html (the console); false for plain file trees. */
  spaFallback?: boolean;
  /** Folders (relative) whose files have content hashes in their names: cached for a year. */
  immutableDirs?: readonly string[];
}

/** Serve `root`; resolves undefined when the request is not for a static file (e.g. non-GET). */
export function serveConsole(root: string, options: StaticOptions = {}): StaticHandler {
  const prefix = (options.prefix ?? '').replace(/\/+$/, '');
  const spaFallback = options.spaFallback ?? true;
  const immutableDirs = options.immutableDirs ?? ['assets'];
  const base = resolve(root);
  const cache = new Map<string, CachedFile>();

  async function load(path: string): Promise<CachedFile | undefined> {
    let info;
    try {
      info = await stat(path);
    } catch {
      return undefined;
    }
    if (!info.isFile()) return undefined;
    const cached = cache.get(path);
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached;
    const body = await readFile(path);
    const entry: CachedFile = {
      mtimeMs: info.mtimeMs,
      size: info.size,
      etag: `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
      body,
    };
    cache.set(path, entry);
    return entry;
  }

  async function respond(
    c: Context,
    file: CachedFile,
    type: string,
    cacheControl: string,
  ): Promise<Response> {
    const headers: Record<string, string> = {
      'Content-Type': type,
      'Cache-Control': cacheControl,
      ETag: file.etag,
      Vary: 'Accept-Encoding',
    };
    if (c.req.header('if-none-match') === file.etag)
      return new Response(null, { status: 304, headers });
    let body = file.body;
    const accepts = c.req.header('accept-encoding') ?? '';
    if (COMPRESSIBLE.test(type) && file.body.length > 1024) {
      if (/\bbr\b/.test(accepts)) {
        body = await brotliOf(file);
        headers['Content-Encoding'] = 'br';
      } else if (/\bgzip\b/.test(accepts)) {
        body = await gzipOf(file);
        headers['Content-Encoding'] = 'gzip';
      }
    }
    headers['Content-Length'] = String(body.length);
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), {
      status: 200,
      headers,
    });
  }

  const handler = async (c: Context): Promise<Response | undefined> => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return undefined;
    let decoded: string;
    try {
      decoded = decodeURIComponent(c.req.path.slice(prefix.length));
    } catch {
      return c.text('Bad Request', 400);
    }
    const relative = normalize(decoded).replace(/^([/\\])+/, '');
    const target = join(base, relative);
    // Never serve outside the build directory or dotfiles.
    if ((target !== base && !target.startsWith(base + sep)) || /(^|[/\\])\./.test(relative)) {
      return c.text('Not Found', 404);
    }
    if (relative !== '' && relative !== 'index.html') {
      const file = await load(target);
      if (file) {
        const type = TYPES[extname(target).toLowerCase()] ?? 'application/octet-stream';
        const immutable = immutableDirs.some(
          (dir) => relative.startsWith(`${dir}${sep}`) || relative.startsWith(`${dir}/`),
        );
        return respond(
          c,
          file,
          type,
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      }
      // A missing file with an extension is a 404, never the HTML shell (wrong MIME for a script).
      if (extname(relative) !== '' || !spaFallback) return c.text('Not Found', 404);
    }
    if (!spaFallback && relative !== '') return c.text('Not Found', 404);
    const index = await load(join(base, 'index.html'));
    if (!index) {
      return c.html(NOT_BUILT, 200, { 'Cache-Control': 'no-cache' });
    }
    return respond(c, index, TYPES['.html'] ?? 'text/html', 'no-cache');
  };

  async function warm(): Promise<number> {
    let count = 0;
    let entries: string[];
    try {
      entries = (await readdir(base, { recursive: true })).map((entry) => join(base, entry));
    } catch {
      return 0; // Not built: nothing to warm.
    }
    for (const path of entries) {
      if (/(^|[/\\])\./.test(relativePath(base, path))) continue;
      const file = await load(path);
      if (!file) continue;
      const type = TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
      if (COMPRESSIBLE.test(type) && file.body.length > 1024) {
        await Promise.all([brotliOf(file), gzipOf(file)]);
      }
      count += 1;
    }
    return count;
  }

  return Object.assign(handler, { warm });
}
