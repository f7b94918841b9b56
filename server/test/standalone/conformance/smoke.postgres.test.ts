/** The conformance harness itself: the fixture loads and the standalone server answers. */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable, startConformance, type Conformance } from './harness';

describe.skipIf(!postgresAvailable)('conformance harness', () => {
  let conf: Conformance;
  beforeAll(async () => {
    conf = await startConformance();
  }, 120_000);
  afterAll(async () => {
    await conf?.stop();
  });

  it('serves the fixture schema at the root, with conf2 behind Accept-Profile', async () => {
    const root = await conf.json<{ swagger: string }>('/');
    expect(root.status).toBe(200);
    expect(root.body.swagger).toBe('2.0');
    const second = await conf.json('/', { headers: { 'accept-profile': 'conf2' } });
    expect(second.headers.get('content-profile')).toBe('conf2');
    const other = await conf.json('/nothing', { headers: { 'accept-profile': 'nope' } });
    expect(other.status).toBe(406);
  });

  /** The status line of a raw HTTP/1.1 request. */
  const statusLine = (method: string, path: string, headers: Record<string, string> = {}) =>
    new Promise<string>((resolve, reject) => {
      const url = new URL(conf.base);
      const socket = connect(Number(url.port), url.hostname, () => {
        const extra = Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('');
        socket.write(
          `${method} ${path} HTTP/1.1\r\nHost: ${url.host}\r\n${extra}Connection: close\r\n\r\n`,
        );
      });
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      socket.on('end', () => resolve(text.split('\r\n')[0] ?? ''));
      socket.on('error', reject);
    });

  it('sends HTTP/1.1 reason phrases with every status', async () => {
    const writer = { authorization: `Bearer ${conf.writer}` };
    expect(await statusLine('GET', '/oa_projects')).toBe('HTTP/1.1 200 OK');
    expect(
      await statusLine('GET', '/oa_projects', { prefer: 'count=exact', range: '0-0' }),
    ).toMatch(/^HTTP\/1\.1 (200 OK|206 Partial Content)$/);
    expect(await statusLine('GET', '/oa_projects?offset=5', { prefer: 'count=exact' })).toBe(
      'HTTP/1.1 416 Range Not Satisfiable',
    );
    expect(await statusLine('GET', '/nothing')).toBe('HTTP/1.1 404 Not Found');
    expect(await statusLine('GET', '/oa_projects', { accept: 'image/png' })).toBe(
      'HTTP/1.1 406 Not Acceptable',
    );
    expect(await statusLine('GET', '/rpc/pr_ambig?arg=1')).toBe('HTTP/1.1 300 Multiple Choices');
    expect(await statusLine('GET', '/oa_projects', { authorization: 'Bearer not.a.token' })).toBe(
      'HTTP/1.1 401 Unauthorized',
    );
    expect(
      await statusLine('DELETE', '/oa_secrets?id=eq.999', { ...writer, prefer: 'return=minimal' }),
    ).toBe('HTTP/1.1 204 No Content');
    expect(await statusLine('GET', '/oa_projects?id=zz')).toBe('HTTP/1.1 400 Bad Request');
  });
});
