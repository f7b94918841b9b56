import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, PAGE_SIZES, type ColumnDef } from '.';
import {
  COLUMN_MIN_WIDTH,
  COLUMN_RESIZE_STEP,
  FIRST_SCREEN_MIN_ROWS,
  FIRST_SCREEN_ROW_HEIGHT,
  PLACEHOLDER_DIM_DELAY_MS,
} from './data-table';
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
  it('tells the whole row count in virtual mode (only the rows in view are drawn)', () => {
    const many = Array.from({ length: 200 }, (_, i) => ({ id: String(i), name: `item ${i + 1}` }));
    render(
      <DataTable data={many} columns={columns} label="Many" virtual={{ maxHeight: '20rem' }} />,
    );
    // jsdom lays nothing out, so no row is in view here; tests/e2e/catalog-changes.spec.ts reads
    // the drawn rows' aria-rowindex in a browser.
    expect(screen.getByRole('table', { name: 'Many' })).toHaveAttribute('aria-rowcount', '201');
  });

  it('leaves the row count to the rows when every row is drawn', () => {
    render(<DataTable data={items} columns={columns} label="Things" />);
    expect(screen.getByRole('table', { name: 'Things' })).not.toHaveAttribute('aria-rowcount');
  });

  it('draws the rows again when new columns come with the same rows (a lookup arrived)', () => {
    const withOwner = (owners: ReadonlyMap<string, string>): ColumnDef<Item>[] => [
      {
        id: 'owner',
        header: 'Owner',
        cell: ({ row }) => owners.get(row.original.id) ?? row.original.id,
      },
    ];
    const rows = items.slice(0, 2);
    const { rerender } = render(
      <DataTable data={rows} columns={withOwner(new Map())} label="Things" />,
    );
    expect(screen.getByRole('cell', { name: '0' })).toBeInTheDocument();
    rerender(
      <DataTable data={rows} columns={withOwner(new Map([['0', 'Alice']]))} label="Things" />,
    );
    expect(screen.getByRole('cell', { name: 'Alice' })).toBeInTheDocument();
  });

  it('draws a wholly new set of rows (a new sort or page) in a new body; kept rows keep theirs', () => {
    const getId = (item: Item) => item.id;
    const draw = (data: Item[]) => (
      <DataTable data={data} columns={columns} label="Things" getRowId={getId} />
    );
    const { container, rerender } = render(draw(items.slice(0, 3)));
    const body = container.querySelector('tbody');
    const kept = screen.getByRole('cell', { name: 'item 2' });
    // A refresh with one row changed and one added: the same body, the same row elements.
    rerender(draw([...items.slice(0, 3).map((item) => ({ ...item })), items[3]!]));
    expect(container.querySelector('tbody')).toBe(body);
    expect(screen.getByRole('cell', { name: 'item 2' })).toBe(kept);
    // Another sort: none of the rows shown before.
    rerender(draw(items.slice(6, 9).reverse()));
    expect(container.querySelector('tbody')).not.toBe(body);
    expect(
      within(screen.getByRole('table', { name: 'Things' }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['item 9', 'item 8', 'item 7']);
  });

  it('draws the first screen of rows that replace others at once and the rest after that frame is painted', async () => {
    const screenRows = Math.max(
      FIRST_SCREEN_MIN_ROWS,
      Math.ceil(window.innerHeight / FIRST_SCREEN_ROW_HEIGHT),
    );
    const many = (from: number) =>
      Array.from({ length: 150 }, (_, i) => ({ id: String(from + i), name: `item ${from + i}` }));
    const getId = (item: Item) => item.id;
    const draw = (data: Item[]) => (
      <DataTable data={data} columns={columns} label="Many" getRowId={getId} />
    );
    const bodyRows = () => within(screen.getByRole('table', { name: 'Many' })).getAllByRole('cell');
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    try {
      // The first rows of a table, all at once.
      const { rerender } = render(draw(many(0)));
      expect(bodyRows()).toHaveLength(150);
      // A refresh of the same rows draws every row at once.
      rerender(draw(many(0).map((item) => ({ ...item, name: `${item.name}!` }))));
      expect(bodyRows()).toHaveLength(150);
      // Another sort (a wholly new set): the first screen again, then the rest.
      rerender(draw(many(1000)));
      // The first screen, in order; the rest wait for the frame to be painted.
      expect(bodyRows().map((cell) => cell.textContent)).toEqual(
        many(1000)
          .slice(0, screenRows)
          .map((item) => item.name),
      );
      // The replaced rows stay hidden after the new body until then (the table's first body is
      // the rows shown).
      const table = screen.getByRole('table', { name: 'Many' });
      const bodies = table.querySelectorAll('tbody');
      expect(bodies).toHaveLength(2);
      expect(bodies[0]).toHaveTextContent('item 1000');
      expect(bodies[1]).toHaveAttribute('hidden');
      expect(bodies[1]!.querySelectorAll('tr')).toHaveLength(150);
      act(() => frames.splice(0).forEach((frame) => frame(performance.now())));
      await waitFor(() => expect(bodyRows()).toHaveLength(150));
      expect(bodyRows().at(-1)).toHaveTextContent('item 1149');
      expect(table.querySelectorAll('tbody')).toHaveLength(1);
      // The answer to a new sort that shares rows with the previous one: the previous rows stay
      // while it loads (placeholder), then its first screen, then the rest.
      const placeholder = (data: Item[], isPlaceholder: boolean) => (
        <DataTable
          data={data}
          columns={columns}
          label="Many"
          getRowId={getId}
          isPlaceholder={isPlaceholder}
        />
      );
      rerender(placeholder(many(1000), true));
      expect(bodyRows()).toHaveLength(150);
      rerender(placeholder(many(1000).reverse(), false));
      expect(bodyRows()).toHaveLength(screenRows);
      expect(bodyRows()[0]).toHaveTextContent('item 1149');
      act(() => frames.splice(0).forEach((frame) => frame(performance.now())));
      await waitFor(() => expect(bodyRows()).toHaveLength(150));
    } finally {
      raf.mockRestore();
    }
  });

  it('keeps the previous rows on screen while new ones load: busy, dimmed after a while, Loading announced', async () => {
    const rows = items.slice(0, 2);
    const { rerender } = render(<DataTable data={rows} columns={columns} label="Things" />);
    const table = screen.getByRole('table', { name: 'Things' });
    const cell = screen.getByRole('cell', { name: 'item 1' });
    expect(table).not.toHaveAttribute('aria-busy');
    const asked = performance.now();
    rerender(<DataTable data={rows} columns={columns} label="Things" isPlaceholder />);
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('cell', { name: 'item 1' })).toBe(cell);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    // Dimmed only once the new rows are late (a quick answer is not dimmed at all).
    expect(table.querySelector('tbody')).not.toHaveClass('opacity-70');
    await waitFor(() => expect(table.querySelector('tbody')).toHaveClass('opacity-70'));
    expect(performance.now() - asked).toBeGreaterThanOrEqual(PLACEHOLDER_DIM_DELAY_MS - 5);
    rerender(<DataTable data={rows} columns={columns} label="Things" />);
    expect(table).not.toHaveAttribute('aria-busy');
    expect(table.querySelector('tbody')).not.toHaveClass('opacity-70');
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

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

  it('resizes columns from the keyboard; a fill column has no handle', async () => {
    const onChange = vi.fn();
    const sized: ColumnDef<Item>[] = [
      { id: 'name', header: 'Name', size: 100, cell: ({ row }) => row.original.name },
      { id: 'rest', header: 'Rest', meta: { fill: true }, cell: () => '' },
    ];
    function Sized() {
      const [sizes, setSizes] = useState<Record<string, number>>({});
      return (
        <DataTable
          data={items.slice(0, 2)}
          columns={sized}
          label="Things"
          columnSizing={{
            sizes,
            onChange: (next) => {
              onChange(next);
              setSizes(next);
            },
          }}
        />
      );
    }
    render(<Sized />);
    expect(screen.queryByRole('button', { name: /Resize Rest/ })).toBeNull();
    const handle = screen.getByRole('button', { name: 'Resize Name column (100 px)' });
    handle.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith({ name: 100 + COLUMN_RESIZE_STEP });
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveStyle({
      width: `${100 + COLUMN_RESIZE_STEP}px`,
    });
    for (let i = 0; i < 10; i += 1) await userEvent.keyboard('{ArrowLeft}');
    expect(onChange).toHaveBeenLastCalledWith({ name: COLUMN_MIN_WIDTH });
    await userEvent.keyboard('{Home}');
    expect(onChange).toHaveBeenLastCalledWith({});
  });
});
