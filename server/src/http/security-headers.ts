import type { MiddlewareHandler } from 'hono';
import { addFinisher, isComplete } from './plain-response';

/**
 * The SPA's CSP: everything from this origin; inline style attributes are allowed because React
 * and echarts set them; images may be data: URIs (icons). Framing is refused.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * `connectSrc`: further origins the console may call (VIGIL_AUTH=oidc: the identity provider, for
 * discovery, the token exchange and userinfo; docs/hosted-oidc.md).
 */
export function securityHeaders(
  options: { connectSrc?: readonly string[] } = {},
): MiddlewareHandler {
  const policy = options.connectSrc?.length
    ? CONTENT_SECURITY_POLICY.replace(
        "connect-src 'self'",
        `connect-src 'self' ${options.connectSrc.join(' ')}`,
      )
    : CONTENT_SECURITY_POLICY;
  const names = [
    ['content-security-policy', policy],
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['x-frame-options', 'DENY'],
    ['cross-origin-opener-policy', 'same-origin'],
  ] as const;
  // The same headers on a response a route builds as a plain record (./plain-response.ts).
  const finish = (headers: Record<string, string>): boolean => {
    for (const [name, value] of names) headers[name] = value;
    return true;
  };
  const set = (headers: Headers): void => {
    for (const [name, value] of names) headers.set(name, value);
  };
  return async (c, next) => {
    addFinisher(c, finish);
    await next();
    if (isComplete(c.res)) return;
    // On the response's own headers: c.header() on a finished response copies the response for
    // every header (and makes the Node adapter build a full Fetch Response each time).
    try {
      set(c.res.headers);
    } catch {
      // Immutable headers (a Response.redirect(), a fetched response): on a copy.
      c.res = new Response(c.res.body, c.res);
      set(c.res.headers);
    }
  };
}
