import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import { formatInValue, from, quoteColumn, selectRows } from './postgrest';

describe('postgrest query builder', () => {
  it('builds select, filters, order and paging', () => {
    const query = from('people_roles')
      .select(['id', 'name'])
      .in('id', ['a', 'b'])
      .eq('deleted_at', 'x')
      .order({ column: 'name' }, { column: 'created_at', ascending: false })
      .limit(50)
      .offset(100);
    expect(decodeURIComponent(query.toString())).toBe(
      'select=id,name&id=in.(a,b)&deleted_at=eq.x&order=name.asc,created_at.desc&limit=50&offset=100',
    );
    expect(query.path).toBe('/db/people_roles');
    expect(query.headers).toEqual({ Prefer: 'return=representation' });
    expect(query.withCount().headers).toEqual({ Prefer: 'count=exact' });
  });

  it('quotes JSON keys with dots or slashes', () => {
    expect(quoteColumn('labels->>app.kubernetes.io/name')).toBe(
      'labels->>"app.kubernetes.io/name"',
    );
    expect(quoteColumn('labels->>app')).toBe('labels->>app');
    expect(quoteColumn('name')).toBe('name');
    expect(quoteColumn('config->spec->>a/b')).toBe('config->spec->>"a/b"');
  });

  it('quotes in() items with reserved characters', () => {
    expect(formatInValue('abc')).toBe('abc');
    expect(formatInValue('a,b')).toBe('"a,b"');
    expect(formatInValue('say "hi"')).toBe('"say \\"hi\\""');
  });

  it('reads the Content-Range total and sends the Prefer header', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify([{ id: 1 }]), {
          status: 206,
          headers: { 'content-type': 'application/json', 'content-range': '0-0/42' },
        }),
    );
    const client = createApiClient({ baseUrl: '/api', fetch });
    const result = await selectRows(client, from('checks').select('id').limit(1).withCount());
    expect(result).toEqual({ rows: [{ id: 1 }], total: 42 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/db/checks?select=id&limit=1');
    expect((init.headers as Record<string, string>).Prefer).toBe('count=exact');
  });
});
