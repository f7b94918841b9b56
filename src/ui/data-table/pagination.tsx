/** Pagination controls: page-size selector, previous/next and a go-to-page input (1…pageCount). */
import { useId, useState, type ReactNode } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '../icons';
import { IconButton } from '../icon-button';

export interface PaginationProps {
  pageIndex: number;
  /** Number of pages; -1 when unknown. */
  pageCount: number;
  pageSize: number;
  pageSizes: readonly number[];
  total?: number;
  onPageChange: (pageIndex: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** Shown after the total (e.g. 'Export CSV'). */
  extra?: ReactNode;
}

/** Clamp a 1-based page number typed by the user to [1, pageCount]. */
export function clampPage(value: number, pageCount: number): number {
  if (!Number.isFinite(value)) return 1;
  const max = Math.max(1, pageCount);
  return Math.min(max, Math.max(1, Math.trunc(value)));
}

export function Pagination({
  pageIndex,
  pageCount,
  pageSize,
  pageSizes,
  total,
  onPageChange,
  onPageSizeChange,
  extra,
}: PaginationProps) {
  const sizeId = useId();
  const pageId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const pages = Math.max(1, pageCount);
  const commit = () => {
    if (draft === null) return;
    onPageChange(clampPage(Number(draft), pages) - 1);
    setDraft(null);
  };
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-between gap-3 border-t border-border px-3 py-2 text-sm text-fg-muted"
    >
      <div className="flex items-center gap-2">
        <label htmlFor={sizeId}>Rows per page</label>
        <select
          id={sizeId}
          value={pageSize}
          onChange={(event) => onPageSizeChange(Number(event.target.value))}
          className="h-8 rounded-md border border-border bg-surface px-2 text-fg focus-visible:outline-2 focus-visible:outline-primary"
        >
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        {total !== undefined ? (
          <span className="tabular-nums">{total.toLocaleString('en-US')} total</span>
        ) : null}
        {extra}
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={pageId}>Page</label>
        <input
          id={pageId}
          type="number"
          inputMode="numeric"
          min={1}
          max={pages}
          value={draft ?? String(pageIndex + 1)}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
          }}
          className="h-8 w-16 rounded-md border border-border bg-surface px-2 text-fg tabular-nums focus-visible:outline-2 focus-visible:outline-primary"
        />
        <span className="tabular-nums">of {pages}</span>
        <IconButton
          label="Previous page"
          size="sm"
          icon={<ChevronLeftIcon />}
          disabled={pageIndex <= 0}
          onClick={() => onPageChange(pageIndex - 1)}
        />
        <IconButton
          label="Next page"
          size="sm"
          icon={<ChevronRightIcon />}
          disabled={pageIndex >= pages - 1}
          onClick={() => onPageChange(pageIndex + 1)}
        />
      </div>
    </nav>
  );
}
