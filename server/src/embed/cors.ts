/**
 * CORS for the API, for the origins in VIGIL_CORS_ORIGINS only (widgets on wiki and portal pages,
 * docs/embed-tokens.md §CORS). Hono's cors() also sends `Access-Control-Allow-Credentials` and the
 * preflight headers to origins it does not allow; this one answers other origins exactly as if
 * CORS were off:
 *
 * - allowed origin, preflight (`OPTIONS` + `Access-Control-Request-Method`): 204 with the exact
 *   origin (never `*`), credentials, the methods and the request headers the console and widgets
 *   send (Authorization among them), and a max age;
 * - allowed origin, other requests: the exact origin, credentials and the exposed headers;
 * - any other origin, or none: no `Access-Control-*` header at all (a preflight falls through to
 *   the API, which does not answer OPTIONS);
 * - always `Vary: Origin`, so a shared cache never serves one origin's answer to another.
 *
 * Credentials are allowed because a listed origin is trusted like the console: a portal on the
 * same site may rely on the viewer's session cookie (SameSite=Lax keeps it off cross-site
 * requests). Embed tokens travel in the Authorization header and need no cookie.
 */
import type { MiddlewareHandler } from 'hono';

export const CORS_ALLOW_METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'] as const;

/** Request headers a cross-origin caller may send (api.md §0.2; postgrest.md §2). */
export const CORS_ALLOW_HEADERS = [
  'Authorization',
  'Accept',
  'Content-Type',
  'Prefer',
  'Range',
  'Range-Unit',
] as const;

/** Response headers a cross-origin caller may read (paging totals, RBAC denials, locations). */
export const CORS_EXPOSE_HEADERS = [
  'Content-Range',
  'Preference-Applied',
  'Location',
  'X-Rbac-Subject',
  'X-Rbac-Object',
  'X-Rbac-Action',
] as const;

/** How long a browser may cache a preflight, in seconds. */
export const CORS_MAX_AGE_SECONDS = 600;

/** The CORS middleware for a list of bare origins (already validated by config.ts). */
export function corsForOrigins(origins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(origins);
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (origin === undefined || !allowed.has(origin)) {
      await next();
      c.header('Vary', 'Origin', { append: true });
      return;
    }
    const preflight =
      c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined;
    if (preflight) {
      return new Response(null, {
        status: 204,
        headers: {
          'Access-Control-Allow-Origin': origin,
          'Access-Control-Allow-Credentials': 'true',
          'Access-Control-Allow-Methods': CORS_ALLOW_METHODS.join(', '),
          'Access-Control-Allow-Headers': CORS_ALLOW_HEADERS.join(', '),
          'Access-Control-Max-Age': String(CORS_MAX_AGE_SECONDS),
          Vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
        },
      });
    }
    await next();
    c.header('Access-Control-Allow-Origin', origin);
    c.header('Access-Control-Allow-Credentials', 'true');
    c.header('Access-Control-Expose-Headers', CORS_EXPOSE_HEADERS.join(', '));
    c.header('Vary', 'Origin', { append: true });
  };
}
