/**
 * Every row of a paged source, page by page, up to a cap: what 'Export CSV' writes (the rows the
 * user sees with the current filters, all pages). Stops at an empty or short page, at the total,
 * or at `maxRows` (then `truncated` is true so the caller can say so).
 */
export interface PageResult<T> {
  rows: readonly T[];
  total?: number | undefined;
}

export async function collectPages<T>(
  fetchPage: (pageIndex: number, pageSize: number) => Promise<PageResult<T>>,
  options: { pageSize?: number; maxRows?: number } = {},
): Promise<{ rows: T[]; truncated: boolean }> {
  const pageSize = options.pageSize ?? 1000;
  const maxRows = options.maxRows ?? 100_000;
  const rows: T[] = [];
  for (let pageIndex = 0; rows.length < maxRows; pageIndex += 1) {
    const page = await fetchPage(pageIndex, pageSize);
    rows.push(...page.rows);
    const done =
      page.rows.length < pageSize || (page.total !== undefined && rows.length >= page.total);
    if (done) return { rows: rows.slice(0, maxRows), truncated: rows.length > maxRows };
  }
  return { rows: rows.slice(0, maxRows), truncated: true };
}
