/** Placeholder until the config detail is built (issue 11). */
import type { ConfigTab } from '../catalog-paths';

export function ConfigDetailPage(_props: { id: string; tab: ConfigTab }) {
  return <p className="text-sm text-fg-muted">Loading…</p>;
}
