/**
 * Request guards that run before any route (docs/security.md):
 *
 * - a body limit on every route (413 before reading past it; VIGIL_BODY_LIMIT);
 * - addresses whose path or query decode to invalid UTF-8 or hold a NUL are 400;
 * - cross-site request forgery: a state-changing request without an Authorization header (so
 *   authenticated by the session cookie, or by nothing in `VIGIL_AUTH=none`) must come from this
 *   server's own origin or a configured CORS origin (Origin, else Sec-Fetch-Site), and must send
 *   its body as JSON (identity flows also take the browser's form encoding);
 * - request bodies: valid UTF-8, no NUL characters (PostgreSQL text cannot hold them) and JSON
 *   nested at most {@link MAX_JSON_DEPTH} levels.
 *
 * Each refusal is a 4xx with a one-line `{"error": …}` body; none reaches a route or the log.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/** Deepest JSON nesting a request body may have (objects and arrays). */
export const MAX_JSON_DEPTH = 64;

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

function refuse(status: 400 | 403 | 413 | 415, error: string): Response {
  return new Response(JSON.stringify({ error }), {
    status,
    headers: { 'content-type': 'application/json; charset=UTF-8' },
  });
}

/** 413 for a body over `maxBytes`, judged from Content-Length or while streaming. */
export function bodyLimitGuard(maxBytes: number): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: () =>
      refuse(413, `request body too large: the limit is ${maxBytes} bytes (VIGIL_BODY_LIMIT)`),
  });
  // A GET or HEAD has no body to limit (the Node adapter never reads one for them); asking for
  // it would build the full Fetch Request of every read (issue 18: per-request costs).
  return (c, next) => {
    const method = c.req.method;
    return method === 'GET' || method === 'HEAD' ? next() : limit(c, next);
  };
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Decode `%XX` escapes as UTF-8; undefined when they are not valid UTF-8. */
function decodeStrict(text: string): string | undefined {
  if (!text.includes('%')) return text;
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (char === 0x25 && /^[0-9a-fA-F]{2}$/.test(text.slice(index + 1, index + 3))) {
      bytes.push(parseInt(text.slice(index + 1, index + 3), 16));
      index += 2;
    } else if (char < 0x80) {
      bytes.push(char);
    } else {
      bytes.push(...Buffer.from(text[index] ?? '', 'utf8'));
    }
  }
  try {
    return strictUtf8.decode(new Uint8Array(bytes));
  } catch {
    return undefined;
  }
}

/** 400 for a path or query that decodes to invalid UTF-8 or holds a NUL character. */
export function urlGuard(): MiddlewareHandler {
  return async (c, next) => {
    const url = c.req.url;
    const start = url.indexOf('/', url.indexOf('//') + 2);
    const target = start < 0 ? '' : url.slice(start);
    const decoded = decodeStrict(target.replace(/\+/g, ' '));
    if (decoded === undefined) return refuse(400, 'the request address is not valid UTF-8');
    if (decoded.includes('\u0000')) {
      return refuse(400, 'the request address must not contain NUL characters');
    }
    await next();
  };
}

/** Host names that reach a loopback listener legitimately (anything else is DNS rebinding). */
function isLoopbackName(hostname: string): boolean {
  const name = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127\./.test(name)
  );
}

function hostOf(value: string): string | undefined {
  try {
    return new URL(`http://${value}`).host;
  } catch {
    return undefined;
  }
}

export interface OriginGuardOptions {
  /** VIGIL_CORS_ORIGINS: other pages allowed to call the API with the viewer's cookie. */
  corsOrigins: readonly string[];
  /** The listen address: on a loopback one, only loopback host names are served. */
  listenHost: string;
}

/** Whether the request's Origin / Sec-Fetch-Site shows it comes from this server's pages. */
export function sameOriginVerdict(
  c: Context,
  corsOrigins: ReadonlySet<string>,
): { ok: true } | { ok: false; reason: string } {
  const origin = c.req.header('origin');
  if (origin !== undefined && origin !== 'null') {
    if (corsOrigins.has(origin)) return { ok: true };
    const host = hostOf(c.req.header('x-forwarded-host') ?? new URL(c.req.url).host);
    let originHost: string | undefined;
    try {
      const parsed = new URL(origin);
      originHost =
        parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.host : undefined;
    } catch {
      originHost = undefined;
    }
    if (host !== undefined && originHost === host) return { ok: true };
    return {
      ok: false,
      reason: `cross-site request refused: origin ${origin.slice(0, 200)} is not allowed`,
    };
  }
  if (origin === 'null') return { ok: false, reason: 'cross-site request refused: opaque origin' };
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return {
      ok: false,
      reason: `cross-site request refused (Sec-Fetch-Site: ${site.slice(0, 40)})`,
    };
  }
  // No browser provenance headers at all: not a browser (curl, scripts), so no forgery.
  return { ok: true };
}

/**
 * CSRF protection for requests that a browser would send with the session cookie: every
 * state-changing request without an Authorization header. Requests with a bearer or basic token
 * (agents, scripts, embed tokens) are not affected: a page cannot attach those on its own.
 * On a loopback listener, a Host header that is not a loopback name is refused (DNS rebinding),
 * unless a reverse proxy forwarded the request (Forwarded / X-Forwarded-* headers).
 */
export function originGuard({ corsOrigins, listenHost }: OriginGuardOptions): MiddlewareHandler {
  const allowed = new Set(corsOrigins);
  const loopbackOnly = isLoopbackName(listenHost);
  // The host name of each authority seen, parsed once (a few distinct ones in practice; bounded,
  // as the Host header is the client's to choose).
  const hostnames = new Map<string, string>();
  const hostnameOf = (url: string): string => {
    // The authority ends at the first `/`, `\`, `?` or `#` after `//`: the text up to the first
    // `/` holds all of it, so it parses to the same host name as the whole URL.
    const slash = url.indexOf('/', url.indexOf('//') + 2);
    const key = slash < 0 ? url : url.slice(0, slash);
    let name = hostnames.get(key);
    if (name === undefined) {
      name = new URL(url).hostname;
      if (hostnames.size < 64) hostnames.set(key, name);
    }
    return name;
  };
  return async (c, next) => {
    if (loopbackOnly) {
      // The Node adapter builds the URL from the Host header.
      const name = hostnameOf(c.req.url);
      // A reverse proxy on this machine forwards its own host name and says so; a rebinding
      // page cannot add these headers (they are not CORS-safelisted).
      const proxied = [
        'forwarded',
        'x-forwarded-for',
        'x-forwarded-host',
        'x-forwarded-proto',
      ].some((header) => c.req.header(header) !== undefined);
      if (!isLoopbackName(name) && !proxied) {
        return refuse(
          403,
          `host ${name.slice(0, 100)} is not served: this server listens on loopback only (set VIGIL_HOST)`,
        );
      }
    }
    if (SAFE_METHODS.has(c.req.method) || c.req.header('authorization') !== undefined) {
      return next();
    }
    const verdict = sameOriginVerdict(c, allowed);
    if (!verdict.ok) return refuse(403, verdict.reason);
    return next();
  };
}

/** Where a browser form post is legitimate: the identity flows (protected by their CSRF token). */
function acceptsForm(path: string): boolean {
  return /^\/api\/(kratos|\.ory)\/self-service\//.test(path);
}

function isJsonType(type: string): boolean {
  const media = type.split(';')[0]?.trim().toLowerCase() ?? '';
  return media === 'application/json' || /^application\/[\w.+-]*\+json$/.test(media);
}

/**
 * Scan JSON text without parsing it: the deepest nesting, and whether a string holds a NUL
 * (`\u0000`). Stops as soon as the depth passes `limit`.
 */
export function scanJson(text: string, limit: number): { tooDeep: boolean; nul: boolean } {
  let depth = 0;
  let inString = false;
  let nul = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c /* \ */) {
        if (text.startsWith('u0000', index + 1)) nul = true;
        index += 1;
      } else if (char === 0x22 /* " */) {
        inString = false;
      }
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b || char === 0x5b /* { [ */) {
      depth += 1;
      if (depth > limit) return { tooDeep: true, nul };
    } else if (char === 0x7d || char === 0x5d /* } ] */) {
      depth -= 1;
    }
  }
  return { tooDeep: false, nul };
}

/** Body checks for state-changing requests (see the module comment). */
export function bodyGuard(): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || !c.req.raw.body) return next();
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.length === 0) return next();
    const type = c.req.header('content-type') ?? '';
    const cookieCaller = c.req.header('authorization') === undefined;
    const form = type.toLowerCase().startsWith('application/x-www-form-urlencoded');
    if (cookieCaller && !isJsonType(type) && !(form && acceptsForm(c.req.path))) {
      return refuse(415, 'request body must be sent as Content-Type: application/json');
    }
    let text: string;
    try {
      text = strictUtf8.decode(bytes);
    } catch {
      return refuse(400, 'request body is not valid UTF-8');
    }
    if (text.includes('\u0000')) return refuse(400, 'request body must not contain NUL characters');
    const trimmed = text.trimStart();
    if (isJsonType(type) || trimmed.startsWith('{') || trimmed.startsWith('[')) {
      const scan = scanJson(text, MAX_JSON_DEPTH);
      if (scan.tooDeep) {
        return refuse(400, `request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels`);
      }
      if (scan.nul) return refuse(400, 'request body must not contain NUL characters (\\u0000)');
    } else if (form && decodeStrict(text.replace(/\+/g, ' '))?.includes('\u0000') !== false) {
      return refuse(400, 'request body is not valid form data');
    }
    return next();
  };
}
