import { describe, expect, it } from 'vitest';
import { NETWORK_MESSAGES, createApiClient, messageFromBody } from './client';

describe('messageFromBody', () => {
  it('reads the message of the API error shapes', () => {
    expect(messageFromBody({ error: 'check (x) was not found' })).toBe('check (x) was not found');
    expect(messageFromBody({ message: 'relation does not exist' })).toBe('relation does not exist');
    expect(messageFromBody('plain text')).toBe('plain text');
  });

  it("reads Kratos' nested error (the sign-in rate limit among them)", () => {
    expect(
      messageFromBody({
        error: {
          code: 429,
          status: 'Too Many Requests',
          message: 'Too many sign-in attempts. Try again in 15 minutes.',
        },
      }),
    ).toBe('Too many sign-in attempts. Try again in 15 minutes.');
  });

  it('falls back to the generic message', () => {
    expect(messageFromBody({ error: { code: 500 } })).toBe(NETWORK_MESSAGES.generic);
    expect(messageFromBody(null)).toBe(NETWORK_MESSAGES.generic);
  });
});

describe('createApiClient blob responses', () => {
  it('returns a successful body as a Blob and still reads an error body as JSON', async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04]);
    const fake = (async (input: string | URL | Request) =>
      String(input).endsWith('/ok')
        ? new Response(bytes, { headers: { 'content-type': 'application/zip' } })
        : new Response(JSON.stringify({ error: 'not found' }), {
            status: 404,
            headers: { 'content-type': 'application/json' },
          })) as typeof fetch;
    const client = createApiClient({ baseUrl: '/api', fetch: fake });
    const response = await client.request<Blob>('/ok', { responseType: 'blob' });
    expect(response.data.type).toBe('application/zip');
    expect(new Uint8Array(await response.data.arrayBuffer())).toEqual(bytes);
    await expect(client.request('/missing', { responseType: 'blob' })).rejects.toMatchObject({
      status: 404,
      message: 'not found',
    });
  });
});

describe('createApiClient hosted wiring', () => {
  it('reads a changing base URL before every request and sends the bearer token', async () => {
    let base = 'https://alpha.example.com/api/';
    const seen: { url: string; authorization: string | null; credentials?: RequestCredentials }[] =
      [];
    const client = createApiClient({
      baseUrl: '/api',
      getBaseUrl: () => base,
      getToken: () => 'id-token',
      credentials: 'omit',
      fetch: (input, init) => {
        seen.push({
          url: String(input),
          authorization: new Headers(init?.headers).get('authorization'),
          credentials: init?.credentials,
        });
        return Promise.resolve(
          new Response('{}', { headers: { 'content-type': 'application/json' } }),
        );
      },
    });
    expect(client.baseUrl).toBe('https://alpha.example.com/api');
    await client.get('/auth/whoami');
    base = 'https://beta.example.com/api';
    await client.get('/db/checks');
    expect(client.baseUrl).toBe('https://beta.example.com/api');
    expect(seen).toEqual([
      {
        url: 'https://alpha.example.com/api/auth/whoami',
        authorization: 'Bearer id-token',
        credentials: 'omit',
      },
      {
        url: 'https://beta.example.com/api/db/checks',
        authorization: 'Bearer id-token',
        credentials: 'omit',
      },
    ]);
  });
});
