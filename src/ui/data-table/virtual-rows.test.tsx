import { render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ColumnDef } from '.';

// How often the virtual mode's module is loaded (the real module, unchanged), or that loading it
// fails.
const loads = { count: 0, fail: false };

interface Item {
  id: string;
  name: string;
}
const columns: ColumnDef<Item>[] = [
  { id: 'name', header: 'Name', cell: ({ row }) => row.original.name },
];
const many = Array.from({ length: 200 }, (_, i) => ({ id: String(i), name: `item ${i + 1}` }));

const dataRows = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .filter((row) => row.hasAttribute('aria-rowindex'));

// Each test starts with the data table's module fresh: the virtual mode not loaded yet.
beforeEach(() => {
  vi.resetModules();
  loads.count = 0;
  loads.fail = false;
  vi.doMock('./virtual-rows', async (importOriginal) => {
    loads.count += 1;
    if (loads.fail) throw new Error('chunk not found');
    return importOriginal();
  });
});

describe('DataTable virtual mode, loaded on demand', () => {
  it('is not loaded for a table that draws every row; a virtual table draws its first rows, then the virtual body', async () => {
    const { DataTable, VIRTUAL_FIRST_ROWS } = await import('.');
    const plain = render(<DataTable data={many} columns={columns} label="All" />);
    // Every row, the first screen first (data-table.test.tsx).
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'All' })).getAllByRole('row')).toHaveLength(
        201,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loads.count).toBe(0);
    plain.unmount();

    render(
      <DataTable data={many} columns={columns} label="Many" virtual={{ maxHeight: '20rem' }} />,
    );
    const table = screen.getByRole('table', { name: 'Many' });
    expect(table).toHaveAttribute('aria-rowcount', '201');
    // Before the module is here: the first rows, plainly, each with its place in the whole list.
    const first = dataRows('Many');
    expect(first).toHaveLength(VIRTUAL_FIRST_ROWS);
    expect(first[0]).toHaveAttribute('aria-rowindex', '2');
    expect(first[0]).toHaveTextContent('item 1');
    expect(first.at(-1)).toHaveAttribute('aria-rowindex', String(VIRTUAL_FIRST_ROWS + 1));
    // Then the virtual body: jsdom lays nothing out, so at most the overscan is drawn.
    await waitFor(() => expect(loads.count).toBe(1));
    await waitFor(() => expect(dataRows('Many').length).toBeLessThan(VIRTUAL_FIRST_ROWS));
    expect(table).toHaveAttribute('aria-rowcount', '201');
    for (const row of dataRows('Many')) {
      expect(Number(row.getAttribute('aria-rowindex'))).toBeGreaterThanOrEqual(2);
    }
  });

  it('draws the virtual body from the first render once the module is here (preloadVirtualRows)', async () => {
    const { DataTable, preloadVirtualRows, VIRTUAL_FIRST_ROWS } = await import('.');
    await preloadVirtualRows();
    await preloadVirtualRows();
    expect(loads.count).toBe(1);
    render(
      <DataTable data={many} columns={columns} label="Many" virtual={{ maxHeight: '20rem' }} />,
    );
    expect(dataRows('Many').length).toBeLessThan(VIRTUAL_FIRST_ROWS);
    expect(screen.getByRole('table', { name: 'Many' })).toHaveAttribute('aria-rowcount', '201');
  });

  it('draws every row plainly when the module cannot be loaded', async () => {
    loads.fail = true;
    const { DataTable, VIRTUAL_FIRST_ROWS } = await import('.');
    render(
      <DataTable data={many} columns={columns} label="Many" virtual={{ maxHeight: '20rem' }} />,
    );
    expect(dataRows('Many')).toHaveLength(VIRTUAL_FIRST_ROWS);
    await waitFor(() => expect(dataRows('Many')).toHaveLength(200));
    expect(dataRows('Many').at(-1)).toHaveAttribute('aria-rowindex', '201');
  });
});
