/**
 * Mission Control serves its API at the root of its backend (`/db/…`, `/canary/…`, `/kratos/…`;
 * contract api.md §0.1 and §1); Vigil's server serves the same routes under `/api`. A client built
 * for Mission Control and pointed at Vigil's server address therefore works unchanged: the router
 * reads a request to a Mission Control area at the root as the same request under `/api`.
 *
 * Four areas are also console routes (`/health`, `/catalog/…`, `/logs/…`, `/auth/callback`). For those, a browser
 * navigation (a GET or HEAD that is a document request: `Sec-Fetch-Dest: document`, or an `Accept`
 * that names `text/html`) gets the console, and every other request (fetch, curl, API clients,
 * any other method) gets the API. docs/compatibility.md explains the choice.
 */

import { getPath } from 'hono/utils/url';

/** First path segments of Mission Control's root API (api.md §1). */
const ROOT_AREAS = new Set([
  'db',
  'canary',
  'catalog',
  'resources',
  'snapshot',
  'logs',
  'agent',
  'auth',
  'people',
  'rbac',
  'playbook',
  'notification',
  'connection',
  'properties',
  'kubeconfig',
  'schemas',
  'kratos',
  '.ory',
  'health',
  'metrics',
  'about',
]);

/**
 * Areas whose root path is also a console route (`/auth/callback` is the hosted sign-in's
 * return): decided by the kind of request.
 */
const SHARED_WITH_CONSOLE = new Set(['health', 'catalog', 'logs', 'auth']);

function firstSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return end < 0 ? path.slice(1) : path.slice(1, end);
}

/** True for a browser's page navigation, which the console answers. */
export function isDocumentRequest(method: string, headers: Headers): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const dest = headers.get('sec-fetch-dest');
  if (dest) return dest === 'document' || dest === 'iframe';
  return (headers.get('accept') ?? '').toLowerCase().includes('text/html');
}

/**
 * The path the router matches: `/api` + the path for an API request at a Mission Control root
 * path, the request's own path otherwise. Only the routing path changes; the URL stays as sent.
 */
export function routingPath(request: Request): string {
  const path = getPath(request);
  const area = firstSegment(path);
  if (!ROOT_AREAS.has(area)) return path;
  if (SHARED_WITH_CONSOLE.has(area) && isDocumentRequest(request.method, request.headers)) {
    return path;
  }
  return `/api${path}`;
}

/** The prefix a request used: `` at a Mission Control root path, `/api` otherwise. */
export function apiPrefixOf(request: Request): '' | '/api' {
  return getPath(request).startsWith('/api/') ? '/api' : '';
}
