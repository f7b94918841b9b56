import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CheckSummary } from '../../api/types';
import type { CheckGroup } from './health-pipeline';
import {
  countHealthRows,
  firstHealthRows,
  HealthTable,
  toHealthRows,
  type HealthRow,
} from './health-table';

const check = (id: number): CheckSummary => ({
  id: String(id),
  canary_id: 'c',
  canary_name: 'fleet',
  name: `svc-${id}`,
  namespace: 'prod',
  status: 'healthy',
  uptime: { passed: 1, failed: 0 },
  latency: { p95: 20 },
});

const group = (key: string, ids: number[]): CheckGroup => ({
  key,
  label: key,
  members: ids.map((id) => ({ check: check(id), title: `svc-${id}` })),
  good: true,
  mixed: false,
  passed: ids.length,
  failed: 0,
  latency: 20,
  type: '',
  icon: '',
  namespaces: ['prod'],
});

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe('firstHealthRows', () => {
  it('takes the first rows, counting sub-rows, and keeps the groups whole in their figures', () => {
    const groups = [group('a', range(0, 3)), group('b', range(3, 5)), group('c', range(8, 2))];
    const rows = toHealthRows(groups, []);
    expect(countHealthRows(rows)).toBe(13);
    const head = firstHealthRows(rows, 6);
    expect(countHealthRows(head)).toBe(6);
    expect(head.map((row) => row.id)).toEqual(['group:a', 'group:b']);
    const second = head[1] as Extract<HealthRow, { kind: 'group' }>;
    expect(second.children.map((row) => row.id)).toEqual(['b:3']);
    // The group still counts all its members.
    expect(second.group.members).toHaveLength(5);
    expect(firstHealthRows(rows, 100)).toEqual(rows);
    expect(firstHealthRows(rows, 4)).toEqual([rows[0]]);
  });

  it('takes the first checks of a flat list', () => {
    const rows = toHealthRows(null, range(0, 10).map(check));
    expect(firstHealthRows(rows, 3).map((row) => row.id)).toEqual(['0', '1', '2']);
  });
});

/** The table of `rows` as the page draws it, unsorted; the table element. */
function renderTable(rows: ReturnType<typeof toHealthRows>): HTMLElement {
  render(
    <HealthTable
      rows={rows}
      isLoading={false}
      sortBy=""
      sortDesc={false}
      onSortChange={() => undefined}
      checkHref={(id) => `/health?checkId=${id}`}
      onOpenCheck={() => undefined}
    />,
  );
  return screen.getByRole('table', { name: 'Health checks' });
}

describe('HealthTable', () => {
  it('draws a long table’s first rows first, then every row', async () => {
    const rows = toHealthRows(null, range(0, 800).map(check));
    const table = renderTable(rows);
    // The first rows at once (a screen's worth, not the whole list). Which of them are drawn is
    // the virtual rows' choice once their module is loaded, and jsdom lays nothing out: the count
    // tells the first rows from the whole list.
    const first = Number(table.getAttribute('aria-rowcount'));
    expect(first).toBeGreaterThan(1);
    expect(first).toBeLessThan(801);
    // Then the whole list (a header row and 800 rows; jsdom lays nothing out, so the virtual
    // rows draw none of them).
    await waitFor(() => expect(table).toHaveAttribute('aria-rowcount', '801'));
  });

  it('draws a table of a few hundred plain rows first rows first too, then every row', async () => {
    // Fewer than the virtual table's threshold: every row is drawn, but not all on the first
    // drawing (the failing checks of the large scale, grouped: some 300 rows).
    const rows = toHealthRows(null, range(0, 150).map(check));
    const table = renderTable(rows);
    const first = within(table).getAllByRole('link').length;
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(150);
    await waitFor(() => expect(within(table).getAllByRole('link')).toHaveLength(150));
  });

  it('draws a short table whole at once', () => {
    const rows = toHealthRows(null, range(0, 20).map(check));
    const table = renderTable(rows);
    expect(within(table).getAllByRole('link')).toHaveLength(20);
  });
});
