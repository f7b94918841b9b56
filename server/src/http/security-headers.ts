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
  return async (c, next) => {
    await next();
    c.header('Content-Security-Policy', policy);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
  };
}
