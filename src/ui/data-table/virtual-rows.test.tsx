import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, VIRTUAL_FIRST_ROWS, type ColumnDef } from '.';

// Counts how often the virtual mode's module is loaded (the real module, unchanged).
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('./virtual-rows', async (importOriginal) => {
  loads.count += 1;
  return importOriginal();
});

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

describe('DataTable virtual mode, loaded on demand', () => {
  it('is not loaded for a table that draws every row; a virtual table draws its first rows, then the virtual body', async () => {
    const plain = render(<DataTable data={many} columns={columns} label="All" />);
    expect(within(screen.getByRole('table', { name: 'All' })).getAllByRole('row')).toHaveLength(
      201,
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
    expect(first.at(-1)).toHaveAttribute('aria-rowindex', String(VIRTUAL_FIRST_ROWS + 1));
    // Then the virtual body: jsdom lays nothing out, so at most the overscan is drawn.
    await waitFor(() => expect(loads.count).toBe(1));
    await waitFor(() => expect(dataRows('Many').length).toBeLessThan(VIRTUAL_FIRST_ROWS));
    expect(table).toHaveAttribute('aria-rowcount', '201');
  });
});
