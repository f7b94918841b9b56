/**
 * Compression of API responses (gzip or deflate, as the client accepts), without the per-request
 * costs of a compression stream: the API's bodies are built whole in memory (no route streams),
 * so the body is read once and compressed in one call — synchronously while small, on the thread
 * pool when large — and a body under `threshold` bytes (most single-row and small-page reads) is
 * sent as it is: compressing it costs more than the bytes it saves.
 *
 * Same rules as hono/compress otherwise: not for 206, HEAD, an already encoded body, a type that
 * does not compress, or `Cache-Control: no-transform`; `Vary: Accept-Encoding` on every
 * compressible response; a strong ETag becomes weak once compressed.
 */
import { promisify } from 'node:util';
import { deflate, deflateSync, gzip, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { addFinisher, isComplete, type PlainInfo } from './plain-response';

const gzipAsync = promisify(gzip);
const deflateAsync = promisify(deflate);

/** Above this size the body is compressed off the event loop. */
const SYNC_LIMIT = 64 * 1024;

export interface CompressOptions {
  /** Bodies smaller than this (bytes) are not compressed; default 1,024. */
  threshold?: number;
}

/** gzip or deflate from Accept-Encoding (q-values honoured, gzip preferred on a tie). */
export function selectEncoding(accepted: string | undefined): 'gzip' | 'deflate' | undefined {
  if (!accepted) return undefined;
  let best: 'gzip' | 'deflate' | undefined;
  let bestQ = 0;
  for (const part of accepted.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (name !== 'gzip' && name !== 'deflate' && name !== '*') continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim() === 'q') q = Number(value);
    }
    if (!(q > 0)) continue;
    const encoding = name === 'deflate' ? 'deflate' : 'gzip';
    if (q > bestQ || (q === bestQ && encoding === 'gzip')) {
      best = encoding;
      bestQ = q;
    }
  }
  return best;
}

export function compressApi(options: CompressOptions = {}): MiddlewareHandler {
  const threshold = options.threshold ?? 1024;
  /** Vary on a compressible type, as below; the rest is the usual path's own (see there). */
  const addVary = (vary: string | null | undefined, set: (value: string) => void): void => {
    if (vary !== '*' && !(vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) {
      set(vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
  };
  /**
   * The same decisions on a response a route builds as a plain record (./plain-response.ts): done
   * there unless the body is to be compressed.
   */
  const finish = (
    acceptEncoding: string | undefined,
    headers: Record<string, string>,
    info: PlainInfo,
  ): boolean => {
    if (info.status === 206 || info.method === 'HEAD') return true;
    if (headers['content-encoding'] !== undefined || headers['transfer-encoding'] !== undefined) {
      return true;
    }
    const type = headers['content-type'];
    if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return true;
    const cacheControl = headers['cache-control'];
    if (cacheControl && /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(cacheControl)) return true;
    addVary(headers['vary'], (value) => {
      headers['vary'] = value;
    });
    if (headers['content-length'] !== undefined && info.length < threshold) return true;
    return !info.hasBody || selectEncoding(acceptEncoding) === undefined;
  };
  return async function compressApiResponse(c, next) {
    const acceptEncoding = c.req.header('accept-encoding');
    addFinisher(c, (headers, info) => finish(acceptEncoding, headers, info));
    await next();
    const res = c.res;
    if (isComplete(res)) return;
    // The headers first: reading the body of the Node adapter's light Response makes the full
    // Fetch Response, which a small body with its Content-Length never needs.
    if (res.status === 206 || c.req.method === 'HEAD') return;
    const headers = res.headers;
    if (headers.has('content-encoding') || headers.has('transfer-encoding')) return;
    const type = headers.get('content-type');
    if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
    const cacheControl = headers.get('cache-control');
    if (cacheControl && /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(cacheControl)) return;
    addVary(headers.get('vary'), (value) => headers.set('vary', value));
    const length = headers.get('content-length');
    if (length !== null && Number(length) < threshold) return;
    const encoding = selectEncoding(acceptEncoding);
    if (encoding === undefined || res.body === null) return;
    const body = Buffer.from(await res.arrayBuffer());
    const small = body.byteLength <= SYNC_LIMIT;
    const compress = body.byteLength >= threshold;
    const bytes = !compress
      ? body
      : encoding === 'gzip'
        ? small
          ? gzipSync(body)
          : await gzipAsync(body)
        : small
          ? deflateSync(body)
          : await deflateAsync(body);
    // Hono copies the previous response's headers (all but Content-Type) onto the new one.
    c.res = new Response(bytes, { status: res.status, statusText: res.statusText });
    const out = c.res.headers;
    out.set('content-type', type);
    out.set('content-length', String(bytes.byteLength));
    if (!compress) return;
    out.set('content-encoding', encoding);
    const etag = out.get('etag');
    if (etag && !etag.startsWith('W/')) out.set('etag', `W/${etag}`);
  };
}
