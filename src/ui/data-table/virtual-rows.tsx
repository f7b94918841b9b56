/**
 * The data table's virtual mode (data-table.tsx): only the rows in view, and `overscan` more, are
 * drawn between two spacer rows. Loaded on demand with @tanstack/react-virtual, so tables that
 * draw every row (server-paged lists, most of the console) do not carry it in their first load.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, type ReactNode, type RefObject } from 'react';

export interface VirtualRowsProps<T> {
  rows: readonly T[];
  /** The table's scroll area. */
  scrollRef: RefObject<HTMLDivElement | null>;
  rowEstimate: number;
  overscan: number;
  /** Rows of varying height: each drawn row is measured. */
  measureRows: boolean;
  /** Keep the last row in view whenever `data` changes. */
  stickToEnd: boolean;
  /** The table's data: a new value is what `stickToEnd` follows. */
  data: unknown;
  columnCount: number;
  /** One drawn row; `measure` is set for measured rows. */
  renderRow: (
    row: T,
    index: number,
    measure: ((element: Element | null) => void) | undefined,
  ) => ReactNode;
}

function Spacer({ height, columnCount }: { height: number; columnCount: number }) {
  return height > 0 ? (
    <tr aria-hidden="true">
      <td colSpan={columnCount} style={{ height, padding: 0 }} />
    </tr>
  ) : null;
}

export function VirtualRows<T>({
  rows,
  scrollRef,
  rowEstimate,
  overscan,
  measureRows,
  stickToEnd,
  data,
  columnCount,
  renderRow,
}: VirtualRowsProps<T>) {
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer's functions change with it
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowEstimate,
    overscan,
  });
  useEffect(() => {
    const element = scrollRef.current;
    if (!stickToEnd || !element || rows.length === 0) return;
    virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
    // Measured rows may be taller than estimated: settle at the very bottom once drawn.
    const frame = requestAnimationFrame(() => {
      element.scrollTop = element.scrollHeight;
    });
    return () => cancelAnimationFrame(frame);
  }, [data, stickToEnd, rows.length, virtualizer, scrollRef]);
  const items = virtualizer.getVirtualItems();
  const paddingTop = items.length > 0 ? (items[0]?.start ?? 0) : 0;
  const paddingBottom =
    items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  return (
    <>
      <Spacer height={paddingTop} columnCount={columnCount} />
      {items.map((item) => {
        const row = rows[item.index];
        return row === undefined
          ? null
          : renderRow(row, item.index, measureRows ? virtualizer.measureElement : undefined);
      })}
      <Spacer height={paddingBottom} columnCount={columnCount} />
    </>
  );
}
