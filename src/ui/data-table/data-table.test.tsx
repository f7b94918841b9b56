import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DataTable, PAGE_SIZES, type ColumnDef } from '.';
import { clampPage } from './pagination';

interface Item {
  id: string;
  name: string;
}
const columns: ColumnDef<Item>[] = [
  { id: 'name', header: 'Name', cell: ({ row }) => row.original.name },
];
const items = Array.from({ length: 12 }, (_, i) => ({ id: String(i), name: `item ${i + 1}` }));

describe('DataTable', () => {
  it("shows 'No data available' when empty", () => {
    render(<DataTable data={[]} columns={columns} label="Things" />);
    expect(screen.getByText('No data available')).toBeInTheDocument();
  });

  it('paginates with the spec page sizes and a go-to-page input', async () => {
    render(
      <DataTable
        data={items}
        columns={columns}
        label="Things"
        pagination={{ initialPageSize: 5 }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Things' });
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    const sizes = within(screen.getByLabelText('Rows per page')).getAllByRole('option');
    expect(sizes.map((o) => Number(o.textContent))).toEqual([...PAGE_SIZES]);
    const page = screen.getByLabelText('Page');
    expect(page).toHaveAttribute('min', '1');
    expect(page).toHaveAttribute('max', '3');
    await userEvent.clear(page);
    await userEvent.type(page, '9{Enter}');
    expect(screen.getByText('item 11')).toBeInTheDocument();
  });

  it('clamps page numbers', () => {
    expect(clampPage(0, 3)).toBe(1);
    expect(clampPage(7, 3)).toBe(3);
    expect(clampPage(Number.NaN, 3)).toBe(1);
    expect(clampPage(2, 0)).toBe(1);
  });
});
