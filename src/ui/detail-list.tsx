/**
 * The pieces of a details list (the catalog's config sidebar, the topology sidebar's Details
 * panel): a label/value row inside a `<dl>`, and key=value chips for labels and tags.
 */
import type { ReactNode } from 'react';

/** One `<dt>`/`<dd>` pair of a `<dl>`, label column 7rem wide. */
export function DetailRow({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_minmax(0,1fr)] items-baseline gap-2 text-sm">
      <dt className="text-fg-muted">{label}</dt>
      <dd className="min-w-0 break-words text-fg">{children}</dd>
    </div>
  );
}

/** Key=value chips sorted by key; `empty` (default 'None') when there are none. */
export function KeyValueChips({
  values,
  empty = <span className="text-fg-subtle">None</span>,
}: {
  values: Readonly<Record<string, string>> | null | undefined;
  empty?: ReactNode;
}) {
  const entries = Object.entries(values ?? {}).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return <>{empty}</>;
  return (
    <ul className="flex flex-wrap gap-1">
      {entries.map(([key, value]) => (
        <li
          key={key}
          className="max-w-full truncate rounded border border-border bg-surface-sunken px-1.5 py-0.5 font-mono text-xs text-fg-muted"
          title={`${key}=${value}`}
        >
          <span className="text-fg">{key}</span>={value}
        </li>
      ))}
    </ul>
  );
}
