import type { Context } from 'hono';

/** The `{"error": "..."}` body of api.md §0.3 with a status. */
export function jsonError(
  c: Context,
  status: 400 | 401 | 403 | 404 | 405 | 409 | 415 | 422 | 500 | 503,
  error: string,
): Response {
  return c.json({ error: error }, status);
}
