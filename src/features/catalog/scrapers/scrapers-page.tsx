/** Placeholder until the catalog section is built (issue 11). */
export function ScrapersPage() {
  return <p className="text-sm text-fg-muted">Loading…</p>;
}
