/**
 * The `http` check, after canary-checker's: a request (method, URL, headers, body, basic auth),
 * then the expectations of the spec — status codes (`responseCodes`), a body substring
 * (`responseContent`), a JSON value at a path (`responseJSONContent`), a response-time limit
 * (`thresholdMillis`) and the days left on the TLS certificate (`maxSSLExpiry`). Redirects are
 * followed (up to 10), as Go's HTTP client does.
 */
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { PeerCertificate, TLSSocket } from 'node:tls';
import { VERSION } from '../version';
import { describeError, formatMs, invalidOutcome, type CheckOutcome } from './result';

/** Response bodies are read up to this size; content expectations see that much. */
export const MAX_BODY_BYTES = 1024 * 1024;
const MAX_REDIRECTS = 10;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Spec fields canary-checker evaluates and this runner does not (reported in the details). */
const NOT_EVALUATED = [
  'test',
  'display',
  'transform',
  'connection',
  'oauth2',
  'ntlm',
  'ntlmv2',
  'templateBody',
  'env',
  'metrics',
];

type PathSegment = string | number;

interface HttpPlan {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  responseCodes: number[];
  responseContent: string | undefined;
  jsonContent: { path: PathSegment[]; text: string; value: string } | undefined;
  thresholdMillis: number | undefined;
  maxSSLExpiry: number | undefined;
  ca: string | undefined;
  insecure: boolean;
  notEvaluated: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A JSONPath subset: `$`, `.name`, `[n]`, `['name']`; a leading `$` may be left out. */
export function parseJsonPath(text: string): PathSegment[] | undefined {
  let rest = text.trim();
  if (rest.startsWith('$')) rest = rest.slice(1);
  else if (rest !== '' && !rest.startsWith('.') && !rest.startsWith('[')) rest = `.${rest}`;
  const segments: PathSegment[] = [];
  while (rest !== '') {
    const match =
      /^\.([^.[\]]+)/.exec(rest) ??
      /^\[(\d+)\]/.exec(rest) ??
      /^\['((?:[^'\\]|\\.)*)'\]/.exec(rest) ??
      /^\["((?:[^"\\]|\\.)*)"\]/.exec(rest);
    if (!match) return undefined;
    const [whole, part = ''] = match;
    segments.push(
      whole.startsWith('[') && /^\d+$/.test(part) ? Number(part) : part.replace(/\\(.)/g, '$1'),
    );
    rest = rest.slice(whole.length);
  }
  return segments;
}

function valueAt(
  document: unknown,
  path: readonly PathSegment[],
): { found: boolean; value: unknown } {
  let current: unknown = document;
  for (const segment of path) {
    if (typeof segment === 'number') {
      if (!Array.isArray(current) || segment >= current.length)
        return { found: false, value: undefined };
      current = current[segment];
    } else {
      if (!isRecord(current) || !Object.hasOwn(current, segment))
        return { found: false, value: undefined };
      current = current[segment];
    }
  }
  return { found: true, value: current };
}

/** A JSON value as text for comparison (strings as they are, the rest as JSON). */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A secret or plain value: a string, or `{value: "..."}` (canary-checker's EnvVar). */
function plainValue(value: unknown, label: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string') return value;
  if (isRecord(value)) {
    if (value.valueFrom !== undefined) {
      throw new Error(`${label}: valueFrom (secrets, config maps) is not supported by this runner`);
    }
    if (typeof value.value === 'string') return value.value;
  }
  throw new Error(`${label} must be a string`);
}

function positiveNumber(value: unknown, label: string): number | undefined {
  if (value === undefined || value === null || value === '' || value === 0) return undefined;
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number) || number < 0) {
    throw new Error(`${label} must be a positive number`);
  }
  return number;
}

/** Validate an http check spec; throws an Error whose message says what is wrong. */
export function planHttpCheck(spec: Record<string, unknown>): HttpPlan {
  const rawUrl = spec.url ?? spec.endpoint;
  if (typeof rawUrl !== 'string' || rawUrl.trim() === '') throw new Error('url is required');
  let url: URL;
  try {
    url = new URL(rawUrl.trim());
  } catch {
    throw new Error(`url is not a valid URL: ${rawUrl}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`url must be http:// or https:// (got ${url.protocol})`);
  }
  const method = spec.method === undefined || spec.method === '' ? 'GET' : spec.method;
  if (typeof method !== 'string' || !/^[A-Za-z]+$/.test(method)) {
    throw new Error('method must be an HTTP method such as GET or POST');
  }

  const headers: Record<string, string> = { 'user-agent': `vigil-health-runner/${VERSION}` };
  const rawHeaders = spec.headers;
  const headerList: [string, unknown][] = Array.isArray(rawHeaders)
    ? rawHeaders.map((header: unknown) =>
        isRecord(header) ? [String(header.name ?? ''), header] : ['', undefined],
      )
    : isRecord(rawHeaders)
      ? Object.entries(rawHeaders)
      : [];
  if (
    rawHeaders !== undefined &&
    rawHeaders !== null &&
    !Array.isArray(rawHeaders) &&
    !isRecord(rawHeaders)
  ) {
    throw new Error('headers must be a list of {name, value} or an object');
  }
  for (const [name, header] of headerList) {
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new Error(`bad header name "${name}"`);
    const value = plainValue(header, `header ${name}`) ?? '';
    if (/[\r\n]/.test(value)) throw new Error(`header ${name} has a line break`);
    headers[name.toLowerCase()] = value;
  }
  const username = plainValue(spec.username, 'username');
  const password = plainValue(spec.password, 'password');
  if (username !== undefined || password !== undefined) {
    headers.authorization = `Basic ${Buffer.from(`${username ?? ''}:${password ?? ''}`).toString('base64')}`;
  }
  const body =
    spec.body === undefined || spec.body === null
      ? undefined
      : typeof spec.body === 'string'
        ? spec.body
        : JSON.stringify(spec.body);

  const codes = spec.responseCodes;
  const responseCodes: number[] = [];
  if (codes !== undefined && codes !== null) {
    if (!Array.isArray(codes)) throw new Error('responseCodes must be a list of status codes');
    for (const code of codes) {
      const number = typeof code === 'string' ? Number(code) : code;
      if (typeof number !== 'number' || !Number.isInteger(number) || number < 100 || number > 599) {
        throw new Error(`responseCodes: ${JSON.stringify(code)} is not an HTTP status code`);
      }
      responseCodes.push(number);
    }
  }
  const content = spec.responseContent;
  if (content !== undefined && content !== null && typeof content !== 'string') {
    throw new Error('responseContent must be a string');
  }
  let jsonContent: HttpPlan['jsonContent'];
  const json = spec.responseJSONContent;
  if (json !== undefined && json !== null) {
    if (!isRecord(json) || typeof json.path !== 'string') {
      throw new Error('responseJSONContent must be {path, value}');
    }
    const path = parseJsonPath(json.path);
    if (!path)
      throw new Error(
        `responseJSONContent.path "${json.path}" is not a JSON path such as $.status`,
      );
    jsonContent = { path, text: json.path, value: asText(json.value ?? '') };
  }
  const tls = spec.tlsConfig;
  if (tls !== undefined && tls !== null && !isRecord(tls))
    throw new Error('tlsConfig must be an object');
  const ca = isRecord(tls) ? plainValue(tls.ca, 'tlsConfig.ca') : undefined;
  return {
    url,
    method: method.toUpperCase(),
    headers,
    body,
    responseCodes,
    responseContent: content === '' ? undefined : (content ?? undefined),
    jsonContent,
    thresholdMillis: positiveNumber(spec.thresholdMillis, 'thresholdMillis'),
    maxSSLExpiry: positiveNumber(spec.maxSSLExpiry, 'maxSSLExpiry'),
    ca,
    insecure: isRecord(tls) && tls.insecureSkipVerify === true,
    notEvaluated: NOT_EVALUATED.filter((key) => spec[key] !== undefined && spec[key] !== null),
  };
}

interface Exchange {
  response: IncomingMessage;
  body: Buffer;
  truncated: boolean;
  certificate: PeerCertificate | undefined;
}

function exchange(
  url: URL,
  plan: HttpPlan,
  method: string,
  body: string | undefined,
  signal: AbortSignal,
): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...plan.headers };
    if (body !== undefined) headers['content-length'] ??= String(Buffer.byteLength(body));
    else delete headers['content-length'];
    const options: RequestOptions & { ca?: string; rejectUnauthorized?: boolean } = {
      method,
      headers,
      signal,
      // A fresh connection per run: the TLS certificate is read every time and no socket
      // outlives the check.
      agent: false,
    };
    if (url.protocol === 'https:') {
      options.rejectUnauthorized = !plan.insecure;
      if (plan.ca) options.ca = plan.ca;
    }
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, options, (response) => {
      const socket = response.socket as TLSSocket | null;
      const certificate =
        socket && typeof socket.getPeerCertificate === 'function'
          ? socket.getPeerCertificate()
          : undefined;
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      let settled = false;
      const finish = (): void => {
        if (settled) return;
        settled = true;
        resolve({ response, body: Buffer.concat(chunks), truncated, certificate });
      };
      response.on('data', (chunk: Buffer) => {
        if (truncated) return;
        const room = MAX_BODY_BYTES - size;
        chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
        size += Math.min(chunk.length, room);
        if (chunk.length >= room) {
          truncated = true;
          finish();
          response.destroy();
        }
      });
      response.on('end', finish);
      response.on('error', (error) => {
        if (!settled) {
          settled = true;
          reject(error);
        }
      });
      response.on('close', () => {
        if (!settled) {
          settled = true;
          reject(new Error('the connection closed before the response was complete'));
        }
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}

function certificateExpiry(certificate: PeerCertificate | undefined): Date | undefined {
  if (!certificate || !certificate.valid_to) return undefined;
  const time = Date.parse(certificate.valid_to);
  return Number.isNaN(time) ? undefined : new Date(time);
}

/** Run an http check; never throws (failures are outcomes). */
export async function runHttpCheck(
  spec: Record<string, unknown>,
  signal: AbortSignal,
): Promise<CheckOutcome> {
  let plan: HttpPlan;
  try {
    plan = planHttpCheck(spec);
  } catch (error: unknown) {
    return invalidOutcome(`invalid http check: ${describeError(error)}`);
  }
  const started = performance.now();
  let url = plan.url;
  let method = plan.method;
  let body = plan.body;
  let result: Exchange;
  let redirects = 0;
  try {
    for (;;) {
      result = await exchange(url, plan, method, body, signal);
      const status = result.response.statusCode ?? 0;
      const location = result.response.headers.location;
      if (!REDIRECTS.has(status) || !location || redirects >= MAX_REDIRECTS) break;
      redirects += 1;
      url = new URL(location, url);
      if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
    }
  } catch (error: unknown) {
    const duration = Math.round(performance.now() - started);
    const reason = signal.aborted ? describeError(signal.reason) : describeError(error);
    return {
      pass: false,
      invalid: false,
      duration,
      message: `${plan.method} ${url.href} failed`,
      error: reason,
      details: { url: url.href },
    };
  }
  const elapsed = performance.now() - started;
  const duration = Math.round(elapsed);
  const code = result.response.statusCode ?? 0;
  const reasons: string[] = [];
  const details: Record<string, unknown> = { code, url: url.href, bodyBytes: result.body.length };
  if (redirects > 0) details.redirects = redirects;
  if (result.truncated) details.truncated = true;
  if (plan.notEvaluated.length > 0) details.notEvaluated = plan.notEvaluated;

  const expected = plan.responseCodes;
  if (expected.length > 0 ? !expected.includes(code) : code < 200 || code >= 400) {
    reasons.push(
      `expected status ${expected.length > 0 ? expected.join(' or ') : '2xx or 3xx'}, got ${code}`,
    );
  }
  const text = plan.responseContent || plan.jsonContent ? result.body.toString('utf8') : '';
  if (plan.responseContent !== undefined && !text.includes(plan.responseContent)) {
    reasons.push(`response does not contain "${plan.responseContent}"`);
  }
  if (plan.jsonContent) {
    let document: unknown;
    let parsed = true;
    try {
      document = JSON.parse(text);
    } catch {
      parsed = false;
    }
    if (!parsed) {
      reasons.push('response is not JSON');
    } else {
      const { found, value } = valueAt(document, plan.jsonContent.path);
      if (!found) reasons.push(`JSON path ${plan.jsonContent.text} not found`);
      else if (asText(value) !== plan.jsonContent.value) {
        reasons.push(
          `JSON path ${plan.jsonContent.text} is ${JSON.stringify(asText(value))}, expected ${JSON.stringify(plan.jsonContent.value)}`,
        );
      }
    }
  }
  if (plan.thresholdMillis !== undefined && elapsed > plan.thresholdMillis) {
    reasons.push(
      `response time ${formatMs(elapsed)} exceeds the threshold of ${plan.thresholdMillis} ms`,
    );
  }
  const expiry = url.protocol === 'https:' ? certificateExpiry(result.certificate) : undefined;
  if (expiry) {
    const daysLeft = Math.floor((expiry.getTime() - Date.now()) / 86_400_000);
    details.sslExpiresAt = expiry.toISOString();
    details.sslDaysLeft = daysLeft;
    if (plan.maxSSLExpiry !== undefined && daysLeft < plan.maxSSLExpiry) {
      reasons.push(
        `TLS certificate expires in ${daysLeft} days (on ${expiry.toISOString().slice(0, 10)}), less than ${plan.maxSSLExpiry}`,
      );
    }
  } else if (plan.maxSSLExpiry !== undefined && url.protocol === 'https:') {
    reasons.push('the TLS certificate could not be read');
  }

  const message = `HTTP ${code} ${result.response.statusMessage ?? ''}`.trim();
  return {
    pass: reasons.length === 0,
    invalid: false,
    duration,
    message,
    ...(reasons.length > 0 ? { error: reasons.join('; ') } : {}),
    details,
  };
}
