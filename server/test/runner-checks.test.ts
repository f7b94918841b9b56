/**
 * The http and tcp probes and the schedule parser, against real local servers: node:http, an
 * https server with a self-signed certificate made by openssl for this run, and TCP listeners.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import {
  createServer as createTcpServer,
  type AddressInfo,
  type Server as TcpServer,
} from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, testConfig } from '../src/config';
import { MAX_BODY_BYTES, parseJsonPath, runHttpCheck } from '../src/runner/http-check';
import {
  nextCronTime,
  nextRunTime,
  parseCron,
  parseGoDuration,
  parseSchedule,
  scheduleOfCanary,
  ScheduleError,
} from '../src/runner/schedule';
import { checksOfCanary, resolveSelf, selfAddress } from '../src/runner/spec';
import { parseEndpoint, runTcpCheck } from '../src/runner/tcp-check';

function handler(request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://x');
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    switch (url.pathname) {
      case '/ok':
        response.end('hello, all OK here');
        return;
      case '/json':
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ status: 'up', count: 3, nested: { list: [1, { v: 'x' }] } }));
        return;
      case '/slow':
        setTimeout(() => response.end('late'), Number(url.searchParams.get('ms') ?? 200));
        return;
      case '/echo':
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({
            method: request.method,
            token: request.headers['x-token'] ?? null,
            authorization: request.headers.authorization ?? null,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        return;
      case '/redirect':
        response.writeHead(302, { location: '/ok' });
        response.end();
        return;
      case '/big':
        response.end(Buffer.alloc(MAX_BODY_BYTES + 4096, 'a'));
        return;
      default: {
        const code = /^\/code\/(\d{3})$/.exec(url.pathname)?.[1];
        response.statusCode = code ? Number(code) : 404;
        response.end(code ? `status ${code}` : 'not found');
      }
    }
  });
}

function listen(server: Server | TcpServer): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function close(server: Server | TcpServer): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

const signal = (): AbortSignal => AbortSignal.timeout(5000);

let http: Server;
let base: string;

beforeAll(async () => {
  http = createServer(handler);
  base = `http://127.0.0.1:${await listen(http)}`;
});
afterAll(async () => close(http));

describe('http check', () => {
  it('passes on an expected status and reports what it saw', async () => {
    const outcome = await runHttpCheck({ url: `${base}/ok`, responseCodes: [200] }, signal());
    expect(outcome).toMatchObject({ pass: true, invalid: false, message: 'HTTP 200 OK' });
    expect(outcome.error).toBeUndefined();
    expect(outcome.details).toMatchObject({ code: 200, url: `${base}/ok`, bodyBytes: 18 });
    expect(outcome.duration).toBeGreaterThanOrEqual(0);
  });

  it('fails on an unexpected status; without responseCodes any 2xx/3xx passes', async () => {
    const failed = await runHttpCheck({ url: `${base}/code/503`, responseCodes: [200] }, signal());
    expect(failed).toMatchObject({
      pass: false,
      invalid: false,
      message: 'HTTP 503 Service Unavailable',
    });
    expect(failed.error).toBe('expected status 200, got 503');
    expect((await runHttpCheck({ url: `${base}/code/204` }, signal())).pass).toBe(true);
    const missing = await runHttpCheck({ url: `${base}/code/404` }, signal());
    expect(missing.error).toBe('expected status 2xx or 3xx, got 404');
    const either = await runHttpCheck(
      { url: `${base}/code/503`, responseCodes: [500, 503] },
      signal(),
    );
    expect(either.pass).toBe(true);
  });

  it('matches body content', async () => {
    expect(
      (await runHttpCheck({ url: `${base}/ok`, responseContent: 'all OK' }, signal())).pass,
    ).toBe(true);
    const missing = await runHttpCheck(
      { url: `${base}/ok`, responseContent: 'degraded' },
      signal(),
    );
    expect(missing.pass).toBe(false);
    expect(missing.error).toBe('response does not contain "degraded"');
  });

  it('matches a JSON value at a path', async () => {
    const check = (path: string, value: unknown): Promise<{ pass: boolean; error?: string }> =>
      runHttpCheck({ url: `${base}/json`, responseJSONContent: { path, value } }, signal());
    expect((await check('$.status', 'up')).pass).toBe(true);
    expect((await check('count', 3)).pass).toBe(true);
    expect((await check('$.nested.list[1].v', 'x')).pass).toBe(true);
    expect((await check("$['nested']['list'][0]", '1')).pass).toBe(true);
    expect((await check('$.status', 'down')).error).toBe(
      'JSON path $.status is "up", expected "down"',
    );
    expect((await check('$.nope', 'x')).error).toBe('JSON path $.nope not found');
    const notJson = await runHttpCheck(
      { url: `${base}/ok`, responseJSONContent: { path: '$.a', value: 'b' } },
      signal(),
    );
    expect(notJson.error).toBe('response is not JSON');
  });

  it('fails when the response is slower than thresholdMillis', async () => {
    const slow = await runHttpCheck({ url: `${base}/slow?ms=250`, thresholdMillis: 100 }, signal());
    expect(slow.pass).toBe(false);
    expect(slow.duration).toBeGreaterThanOrEqual(240);
    expect(slow.error).toMatch(/^response time \d+ ms exceeds the threshold of 100 ms$/);
    const fine = await runHttpCheck({ url: `${base}/slow?ms=20`, thresholdMillis: 5000 }, signal());
    expect(fine.pass).toBe(true);
  });

  it('sends method, headers (list or map), basic auth and body', async () => {
    const outcome = await runHttpCheck(
      {
        url: `${base}/echo`,
        method: 'post',
        headers: [{ name: 'X-Token', value: 'abc' }],
        username: { value: 'u' },
        password: 'p',
        body: '{"hello":"world"}',
        responseJSONContent: { path: '$.body', value: '{"hello":"world"}' },
      },
      signal(),
    );
    expect(outcome.error).toBeUndefined();
    const echo = await runHttpCheck(
      {
        url: `${base}/echo`,
        method: 'PUT',
        headers: { 'x-token': 'map' },
        responseJSONContent: { path: '$.token', value: 'map' },
      },
      signal(),
    );
    expect(echo.pass).toBe(true);
    const auth = await runHttpCheck(
      {
        url: `${base}/echo`,
        username: 'u',
        password: 'p',
        responseJSONContent: {
          path: '$.authorization',
          value: `Basic ${Buffer.from('u:p').toString('base64')}`,
        },
      },
      signal(),
    );
    expect(auth.pass).toBe(true);
  });

  it('follows redirects and reads at most 1 MiB of a body', async () => {
    const redirected = await runHttpCheck(
      { url: `${base}/redirect`, responseCodes: [200], responseContent: 'OK' },
      signal(),
    );
    expect(redirected.pass).toBe(true);
    expect(redirected.details).toMatchObject({ redirects: 1, url: `${base}/ok` });
    const big = await runHttpCheck({ url: `${base}/big`, responseContent: 'aaaa' }, signal());
    expect(big.pass).toBe(true);
    expect(big.details).toMatchObject({ truncated: true, bodyBytes: MAX_BODY_BYTES });
  });

  it('reports connection failures and aborts', async () => {
    const closed = createServer();
    const port = await listen(closed);
    await close(closed);
    const refused = await runHttpCheck({ url: `http://127.0.0.1:${port}/` }, signal());
    expect(refused).toMatchObject({ pass: false, invalid: false });
    expect(refused.error).toMatch(/ECONNREFUSED/);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('timed out after 100 ms')), 100);
    const aborted = await runHttpCheck({ url: `${base}/slow?ms=3000` }, controller.signal);
    expect(aborted.pass).toBe(false);
    expect(aborted.error).toBe('timed out after 100 ms');
  });

  it('answers invalid for a spec it cannot run', async () => {
    for (const [spec, error] of [
      [{}, 'invalid http check: url is required'],
      [{ url: 'ftp://x/' }, 'invalid http check: url must be http:// or https:// (got ftp:)'],
      [{ url: 'not a url' }, 'invalid http check: url is not a valid URL: not a url'],
      [
        { url: base, responseCodes: 'x' },
        'invalid http check: responseCodes must be a list of status codes',
      ],
      [
        { url: base, responseCodes: [99] },
        'invalid http check: responseCodes: 99 is not an HTTP status code',
      ],
      [
        { url: base, responseJSONContent: { path: '$..[', value: 1 } },
        'invalid http check: responseJSONContent.path "$..[" is not a JSON path such as $.status',
      ],
      [
        { url: base, headers: [{ name: 'X', valueFrom: { secretKeyRef: {} } }] },
        'invalid http check: header X: valueFrom (secrets, config maps) is not supported by this runner',
      ],
      [
        { url: base, method: 'GE T' },
        'invalid http check: method must be an HTTP method such as GET or POST',
      ],
    ] as const) {
      const outcome = await runHttpCheck(spec as Record<string, unknown>, signal());
      expect(outcome, JSON.stringify(spec)).toMatchObject({ pass: false, invalid: true, error });
    }
  });

  it('lists spec fields it does not evaluate', async () => {
    const outcome = await runHttpCheck({ url: `${base}/ok`, test: { expr: 'false' } }, signal());
    expect(outcome.details).toMatchObject({ notEvaluated: ['test'] });
  });

  it('parses JSON paths', () => {
    expect(parseJsonPath('$.a.b[2]')).toEqual(['a', 'b', 2]);
    expect(parseJsonPath('a')).toEqual(['a']);
    expect(parseJsonPath('$')).toEqual([]);
    expect(parseJsonPath('$["x.y"]')).toEqual(['x.y']);
    expect(parseJsonPath('$.a[')).toBeUndefined();
  });
});

describe('https check and certificate expiry', () => {
  let dir: string;
  let https: Server | undefined;
  let tlsBase = '';
  let ca = '';
  let reason: string | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vigil-runner-tls-'));
    try {
      // A certificate valid for 10 days, for 127.0.0.1.
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
          '-days',
          '10',
          '-subj',
          '/CN=127.0.0.1',
          '-addext',
          'subjectAltName=IP:127.0.0.1',
        ],
        { stdio: 'ignore' },
      );
    } catch (error: unknown) {
      reason = `openssl is not available: ${String(error)}`;
      return;
    }
    ca = readFileSync(join(dir, 'cert.pem'), 'utf8');
    https = createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert: ca }, handler);
    tlsBase = `https://127.0.0.1:${await listen(https)}`;
  });
  afterAll(async () => {
    if (https) await close(https);
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads the certificate and fails when it expires sooner than maxSSLExpiry days', async (context) => {
    if (reason) context.skip();
    const soon = await runHttpCheck(
      { url: `${tlsBase}/ok`, tlsConfig: { ca }, maxSSLExpiry: 30 },
      signal(),
    );
    expect(soon.pass).toBe(false);
    expect(soon.details).toMatchObject({ code: 200, sslDaysLeft: 9 });
    expect(soon.error).toMatch(
      /^TLS certificate expires in 9 days \(on \d{4}-\d{2}-\d{2}\), less than 30$/,
    );
    const fine = await runHttpCheck(
      { url: `${tlsBase}/ok`, tlsConfig: { ca }, maxSSLExpiry: 5, responseCodes: [200] },
      signal(),
    );
    expect(fine.pass).toBe(true);
    expect(Date.parse(String(fine.details?.sslExpiresAt))).toBeGreaterThan(
      Date.now() + 9 * 86_400_000,
    );
  });

  it('verifies the certificate unless told not to', async (context) => {
    if (reason) context.skip();
    const untrusted = await runHttpCheck({ url: `${tlsBase}/ok` }, signal());
    expect(untrusted.pass).toBe(false);
    expect(untrusted.error).toMatch(/self[- ]signed/i);
    const skipped = await runHttpCheck(
      { url: `${tlsBase}/ok`, tlsConfig: { insecureSkipVerify: true }, maxSSLExpiry: 1 },
      signal(),
    );
    expect(skipped.pass).toBe(true);
  });
});

describe('tcp check', () => {
  let tcp: TcpServer;
  let port: number;
  let accepted = 0;

  beforeAll(async () => {
    tcp = createTcpServer((socket) => {
      accepted += 1;
      socket.on('error', () => undefined);
      socket.end();
    });
    port = await listen(tcp);
  });
  afterAll(async () => close(tcp));

  it('connects to host:port', async () => {
    const before = accepted;
    const outcome = await runTcpCheck(
      { endpoint: `127.0.0.1:${port}`, thresholdMillis: 1000 },
      signal(),
    );
    expect(outcome).toMatchObject({
      pass: true,
      invalid: false,
      message: `connected to 127.0.0.1:${port}`,
    });
    await expect.poll(() => accepted).toBe(before + 1);
    expect((await runTcpCheck({ endpoint: `tcp://127.0.0.1:${port}` }, signal())).pass).toBe(true);
    expect((await runTcpCheck({ host: '127.0.0.1', port }, signal())).pass).toBe(true);
  });

  it('fails when nothing listens and when the connect time exceeds the threshold', async () => {
    const closed = createTcpServer();
    const free = await listen(closed);
    await close(closed);
    const refused = await runTcpCheck({ endpoint: `127.0.0.1:${free}` }, signal());
    expect(refused).toMatchObject({
      pass: false,
      invalid: false,
      message: `could not connect to 127.0.0.1:${free}`,
    });
    expect(refused.error).toMatch(/ECONNREFUSED/);
    // A loopback connect takes a fraction of a millisecond: a threshold below that is exceeded.
    const slow = await runTcpCheck(
      { endpoint: `127.0.0.1:${port}`, thresholdMillis: 0.001 },
      signal(),
    );
    expect(slow.pass).toBe(false);
    expect(slow.error).toMatch(/^connect time [\d.]+ ms exceeds the threshold of 0.001 ms$/);
  });

  it('answers invalid for a bad endpoint', async () => {
    expect(parseEndpoint({ endpoint: '[::1]:80' })).toEqual({ host: '::1', port: 80 });
    for (const endpoint of ['nohost', 'host:0', 'host:99999', 'a b:1']) {
      const outcome = await runTcpCheck({ endpoint }, signal());
      expect(outcome, endpoint).toMatchObject({ pass: false, invalid: true });
      expect(outcome.error).toMatch(/^invalid tcp check: endpoint must be host:port/);
    }
    expect((await runTcpCheck({}, signal())).error).toBe(
      'invalid tcp check: endpoint is required (host:port)',
    );
  });
});

describe('schedules and specs', () => {
  it('parses @every, interval and descriptors; schedule wins over interval', () => {
    expect(parseGoDuration('1h30m')).toBe(5_400_000);
    expect(parseGoDuration('250ms')).toBe(250);
    expect(parseGoDuration('1d')).toBeUndefined();
    expect(scheduleOfCanary({ schedule: '@every 30s', interval: 300 })).toMatchObject({
      kind: 'every',
      ms: 30_000,
    });
    expect(scheduleOfCanary({ interval: 300 })).toMatchObject({ kind: 'every', ms: 300_000 });
    expect(scheduleOfCanary({ interval: '60' })).toMatchObject({ kind: 'every', ms: 60_000 });
    expect(scheduleOfCanary({})).toMatchObject({ kind: 'every', ms: 60_000 });
    expect(scheduleOfCanary({ schedule: '@hourly' })).toMatchObject({ kind: 'cron' });
    expect(() => scheduleOfCanary({ schedule: '@every soon' })).toThrow(ScheduleError);
    expect(() => scheduleOfCanary({ schedule: '@sometimes' })).toThrow(
      'unknown schedule "@sometimes"',
    );
    expect(() => scheduleOfCanary({ interval: -5 })).toThrow(ScheduleError);
    expect(() => scheduleOfCanary({ schedule: 5 })).toThrow(ScheduleError);
    expect(() => parseSchedule('61 * * * *')).toThrow('the minute field "61" is outside 0-59');
    expect(() => parseSchedule('0 0 30 2 *')).toThrow('never fires');
  });

  it('computes the next cron time in UTC', () => {
    const at = (text: string): Date => new Date(text);
    const next = (cron: string, after: string): string | undefined =>
      nextCronTime(parseCron(cron), at(after))?.toISOString();
    expect(next('*/15 * * * *', '2024-10-21T10:07:30Z')).toBe('2024-10-21T10:15:00.000Z');
    expect(next('0 9 * * mon-fri', '2024-10-25T09:00:00Z')).toBe('2024-10-28T09:00:00.000Z');
    expect(next('30 2 1 jan *', '2024-10-21T00:00:00Z')).toBe('2025-01-01T02:30:00.000Z');
    expect(next('0 0 13 * 5', '2024-10-01T00:00:00Z')).toBe('2024-10-04T00:00:00.000Z');
    expect(next('5,10 1-2 * * 7', '2024-10-20T01:07:00Z')).toBe('2024-10-20T01:10:00.000Z');
    const hourly = parseSchedule('@hourly');
    expect(nextRunTime(hourly, at('2024-10-21T10:59:59Z')).toISOString()).toBe(
      '2024-10-21T11:00:00.000Z',
    );
    const every = parseSchedule('@every 2s');
    expect(nextRunTime(every, at('2024-10-21T10:00:00Z'), 5000).toISOString()).toBe(
      '2024-10-21T10:00:05.000Z',
    );
  });

  it('reads the checks a canary spec declares, and resolves $(self.…)', () => {
    const checks = checksOfCanary({
      schedule: '@every 1m',
      http: [
        { name: 'a', url: 'http://x', description: 'A', labels: { k: 'v', n: 1 } },
        { url: 'http://y' },
        { name: 'a' },
      ],
      tcp: [{ endpoint: 'h:1' }],
      dns: [{ name: 'resolve', query: 'x' }],
      env: [{ name: 'not a check' }],
      owner: 'me',
    });
    expect(checks.map((check) => [check.type, check.name])).toEqual([
      ['http', 'a'],
      ['http', 'http://y'],
      ['tcp', 'h:1'],
      ['dns', 'resolve'],
    ]);
    expect(checks[0]).toMatchObject({ description: 'A', icon: 'http', labels: { k: 'v' } });
    const self = selfAddress('http://127.0.0.1:8123/');
    expect(self).toEqual({ url: 'http://127.0.0.1:8123', host: '127.0.0.1', port: '8123' });
    expect(
      resolveSelf(
        { url: '$(self.url)/api/health', tcp: ['$(self.host):$(self.port)'], n: 1 },
        self,
      ),
    ).toEqual({ url: 'http://127.0.0.1:8123/api/health', tcp: ['127.0.0.1:8123'], n: 1 });
  });
});

describe('configuration', () => {
  it('VIGIL_RUNNER is on by default, off in tests, and validated with the other runner variables', () => {
    expect(loadConfig({})).toMatchObject({
      runner: true,
      runnerConcurrency: 4,
      runnerTimeoutMs: 30_000,
      selfUrl: undefined,
    });
    expect(testConfig().runner).toBe(false);
    expect(testConfig({ runner: true }).runner).toBe(true);
    expect(
      loadConfig({
        VIGIL_RUNNER: 'off',
        VIGIL_RUNNER_CONCURRENCY: '8',
        VIGIL_RUNNER_TIMEOUT_MS: '5000',
        VIGIL_SELF_URL: 'https://vigil.internal:8443/',
      }),
    ).toMatchObject({
      runner: false,
      runnerConcurrency: 8,
      runnerTimeoutMs: 5000,
      selfUrl: 'https://vigil.internal:8443',
    });
    for (const [env, message] of [
      [{ VIGIL_RUNNER: 'yes' }, 'VIGIL_RUNNER must be one of on, off (got "yes")'],
      [
        { VIGIL_RUNNER_CONCURRENCY: '0' },
        'VIGIL_RUNNER_CONCURRENCY must be an integer from 1 to 64 (got "0")',
      ],
      [
        { VIGIL_RUNNER_TIMEOUT_MS: 'soon' },
        'VIGIL_RUNNER_TIMEOUT_MS must be an integer from 100 to 600000 (got "soon")',
      ],
      [
        { VIGIL_SELF_URL: 'vigil:8080' },
        'VIGIL_SELF_URL must be an http(s) URL without query or fragment (got "vigil:8080")',
      ],
      [
        { VIGIL_SELF_URL: 'not a url' },
        'VIGIL_SELF_URL must be a URL like http://127.0.0.1:8080 (got "not a url")',
      ],
    ] as const) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    }
  });
});
