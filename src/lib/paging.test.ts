import { describe, expect, it } from 'vitest';
import { collectPages } from './paging';

const source = (count: number) => async (pageIndex: number, pageSize: number) => {
  const start = pageIndex * pageSize;
  const rows = Array.from(
    { length: Math.max(0, Math.min(pageSize, count - start)) },
    (_, i) => start + i,
  );
  return { rows, total: count };
};

describe('collectPages', () => {
  it('reads every page until the total', async () => {
    const result = await collectPages(source(2500), { pageSize: 1000 });
    expect(result.rows).toHaveLength(2500);
    expect(result.rows[2499]).toBe(2499);
    expect(result.truncated).toBe(false);
  });

  it('stops at an exact multiple without an extra empty page', async () => {
    let calls = 0;
    const fetch = source(2000);
    await collectPages(
      async (index, size) => {
        calls += 1;
        return fetch(index, size);
      },
      { pageSize: 1000 },
    );
    expect(calls).toBe(2);
  });

  it('caps the rows and says so', async () => {
    const result = await collectPages(source(5000), { pageSize: 1000, maxRows: 1500 });
    expect(result.rows).toHaveLength(1500);
    expect(result.truncated).toBe(true);
  });

  it('works without a total', async () => {
    const fetch = source(1200);
    const result = await collectPages(async (i, s) => ({ rows: (await fetch(i, s)).rows }), {
      pageSize: 500,
    });
    expect(result.rows).toHaveLength(1200);
  });
});
