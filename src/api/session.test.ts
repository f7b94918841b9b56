import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import { submitLogin } from './kratos-flows';
import { getCurrentUser } from './session';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

describe('getCurrentUser', () => {
  it('reads whoami and people_roles', async () => {
    const fetch = vi.fn(async (url: string) =>
      url.startsWith('/api/auth/whoami')
        ? json({ message: 'success', payload: { user: { id: 'u1', name: 'Ada' }, roles: [] } })
        : json([{ id: 'u1', roles: ['editor'] }]),
    );
    const client = createApiClient({
      baseUrl: '/api',
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    await expect(getCurrentUser(client, 'basic')).resolves.toEqual({
      user: { id: 'u1', name: 'Ada' },
      roles: ['editor'],
    });
    expect(decodeURIComponent(String(fetch.mock.calls[1]?.[0]))).toBe(
      '/api/db/people_roles?id=in.(u1)',
    );
  });

  it('falls back to the first person in none mode', async () => {
    const fetch = vi.fn(async (url: string) => {
      if (url.startsWith('/api/auth/whoami')) return json({ message: 'Error fetching user' }, 500);
      if (url.startsWith('/api/db/people?')) return json([{ id: 'p1', name: 'System' }]);
      return json([]);
    });
    const client = createApiClient({
      baseUrl: '/api',
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    await expect(getCurrentUser(client, 'none')).resolves.toEqual({
      user: { id: 'p1', name: 'System' },
      roles: [],
    });
    await expect(getCurrentUser(client, 'basic')).rejects.toThrow('Error fetching user');
  });
});

describe('submitLogin', () => {
  it('returns the flow again on 400', async () => {
    const flow = {
      id: 'f1',
      ui: { nodes: [], messages: [{ id: 4000006, text: 'bad', type: 'error' }] },
    };
    const client = createApiClient({ baseUrl: '/api', fetch: async () => json(flow, 400) });
    await expect(
      submitLogin(client, 'f1', { method: 'password', identifier: 'a', password: 'b' }),
    ).resolves.toEqual({ kind: 'flow', flow });
  });
});
