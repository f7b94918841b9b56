import type { MiddlewareHandler } from 'hono';

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
  const set = (headers: Headers): void => {
    headers.set('Content-Security-Policy', policy);
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('X-Frame-Options', 'DENY');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  };
  return async (c, next) => {
    await next();
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
