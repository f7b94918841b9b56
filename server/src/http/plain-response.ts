/**
 * Responses a route builds whole, with their headers as a plain record (issue 18: per-request
 * costs of `/api/db` reads).
 *
 * The middlewares that act on a response after the route (security headers, compression) do so
 * through its Fetch `Headers`. On the Node adapter, asking a response for its headers turns the
 * light response it keeps (status, body, a plain record) into a Fetch Headers, which the adapter
 * then reads back into a record to write the response: per request, for nothing but a few set()
 * calls. Instead, such a middleware registers before the route runs a finisher: the very change it
 * would make afterwards, applied to the plain record. A route that builds its response with
 * {@link plainResponse} runs every finisher of the request on its record before making the
 * response; when all of them could finish their work on the record alone (they return true), the
 * response is marked complete and the middlewares leave it as it is ({@link isComplete}).
 * Otherwise (a finisher needs the body: a large body to compress) nothing is marked and every
 * middleware runs its usual path on the response, as for any other route.
 *
 * A response replaced by another middleware on the way out is not the marked one, so it takes the
 * usual path too.
 */
import type { Context } from 'hono';

export interface PlainInfo {
  status: number;
  /** The request method, upper case. */
  method: string;
  /** The body's length in bytes (0 for none). */
  length: number;
  /** Whether the response has a body. */
  hasBody: boolean;
}

/**
 * A middleware's work on a response whose headers are `headers` (names in lower case): done on
 * the record (true), or not possible without the response itself (false: the middleware then
 * runs its usual path on the response).
 */
export type Finisher = (headers: Record<string, string>, info: PlainInfo) => boolean;

// Kept on the request's context and on the response themselves: a WeakMap or WeakSet of
// short-lived objects costs every young-generation collection some work.
const FINISHERS = Symbol('vigil.finishers');
const COMPLETE = Symbol('vigil.complete');

type WithFinishers = Context & { [FINISHERS]?: Finisher[] };
type Marked = Response & { [COMPLETE]?: true };

/** Register `finisher` for the response of the request of `c` (before calling next()). */
export function addFinisher(c: Context, finisher: Finisher): void {
  const context = c as WithFinishers;
  const list = context[FINISHERS];
  if (list === undefined) context[FINISHERS] = [finisher];
  else list.push(finisher);
}

/** True for a response made by {@link plainResponse} whose every finisher was applied. */
export function isComplete(response: Response | undefined): boolean {
  return response !== undefined && (response as Marked)[COMPLETE] === true;
}

const UPPER = /[A-Z]/;

/**
 * Off: no response is marked complete, every one takes the middlewares' usual path (tests compare
 * the two paths' responses byte for byte).
 */
export const plainResponses = { enabled: true };

/**
 * The route's response, `headers` finished by the request's middlewares (see the module comment).
 * `headers` is used as it is (not copied): the caller must not change it afterwards.
 */
export function plainResponse(
  c: Context,
  body: string | null,
  status: number,
  headers: Record<string, string>,
): Response {
  const list = (c as WithFinishers)[FINISHERS];
  let done = list !== undefined && plainResponses.enabled;
  // A record the finishers can read by lower-case name, and a body whose type is said (the
  // adapter would add a default type to an untyped body).
  for (const name in headers) {
    if (UPPER.test(name)) done = false;
  }
  if (body !== null && headers['content-type'] === undefined) done = false;
  if (done && list !== undefined) {
    const info: PlainInfo = {
      status,
      method: c.req.method,
      length:
        body === null
          ? 0
          : headers['content-length'] !== undefined
            ? Number(headers['content-length'])
            : Buffer.byteLength(body),
      hasBody: body !== null,
    };
    // Innermost middleware first, as they would run on the way out.
    for (let index = list.length - 1; index >= 0; index -= 1) {
      if (!list[index]!(headers, info)) done = false;
    }
  }
  const response = new Response(body, { status, headers });
  if (done) (response as Marked)[COMPLETE] = true;
  return response;
}
