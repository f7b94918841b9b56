/**
 * A component's icon from its `icon` name (or type): a handful of outline glyphs by family —
 * cluster, server, namespace or group, application or service, database or queue, workload —
 * and a cube for anything else. Decorative: the name is always written next to it.
 */
import type { ReactNode } from 'react';

export type ComponentIconKind =
  'cluster' | 'server' | 'folder' | 'application' | 'database' | 'workload' | 'cube';

// Most specific first: `KubernetesNode` is a server, `KubernetesCluster` a cluster.
const FAMILIES: [ComponentIconKind, RegExp][] = [
  ['workload', /pod|deployment|statefulset|daemonset|replicaset|container|job|workload/],
  ['server', /server|node|host|vm|instance|ec2|machine/],
  ['folder', /namespace|folder|group|project/],
  ['database', /database|db|postgres|mysql|redis|kafka|queue|rds|mongo|cache|s3|bucket/],
  ['cluster', /kubernetes|cluster|k8s|eks|gke|aks/],
  ['application', /application|app|service|api|web|http|lambda|function/],
];

/** The glyph family for an icon name or type (case-insensitive); `cube` when none fits. */
export function componentIconKind(icon: string | null | undefined): ComponentIconKind {
  const name = (icon ?? '').toLowerCase();
  if (name === '') return 'cube';
  for (const [kind, pattern] of FAMILIES) if (pattern.test(name)) return kind;
  return 'cube';
}

const GLYPHS: Record<ComponentIconKind, ReactNode> = {
  cluster: (
    <>
      <path d="m12 2.5 8.3 4.8v9.4L12 21.5l-8.3-4.8V7.3Z" />
      <circle cx="12" cy="12" r="2.5" />
      <path d="M12 5.5v4M12 14.5v4M6.4 8.8l3.4 2M14.2 13.2l3.4 2M17.6 8.8l-3.4 2M9.8 13.2l-3.4 2" />
    </>
  ),
  server: (
    <>
      <rect x="3" y="4" width="18" height="7" rx="1.5" />
      <rect x="3" y="13" width="18" height="7" rx="1.5" />
      <path d="M7 7.5h.01M7 16.5h.01" />
    </>
  ),
  folder: (
    <path d="M3 6.5A1.5 1.5 0 0 1 4.5 5h4l2 2.5h9A1.5 1.5 0 0 1 21 9v9.5a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 18.5Z" />
  ),
  application: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M3 9h18M7 6.5h.01M10 6.5h.01" />
    </>
  ),
  database: (
    <>
      <ellipse cx="12" cy="5.5" rx="8" ry="3" />
      <path d="M4 5.5v13c0 1.7 3.6 3 8 3s8-1.3 8-3v-13M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3" />
    </>
  ),
  workload: (
    <>
      <rect x="3.5" y="3.5" width="7" height="7" rx="1" />
      <rect x="13.5" y="3.5" width="7" height="7" rx="1" />
      <rect x="3.5" y="13.5" width="7" height="7" rx="1" />
      <rect x="13.5" y="13.5" width="7" height="7" rx="1" />
    </>
  ),
  cube: (
    <>
      <path d="m12 2.5 8.5 4.5v10L12 21.5 3.5 17V7Z" />
      <path d="m3.5 7 8.5 4.5L20.5 7M12 11.5v10" />
    </>
  ),
};

export interface ComponentIconProps {
  /** The component's `icon`, else its `type`. */
  icon: string | null | undefined;
  size?: number;
  className?: string;
}

export function ComponentIcon({ icon, size = 20, className }: ComponentIconProps) {
  const kind = componentIconKind(icon);
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={kind}
      className={className}
    >
      {GLYPHS[kind]}
    </svg>
  );
}

/**
 * A severity's shape (insights and incidents of the summary row): an octagon for critical, a
 * triangle for high, a diamond for medium (and low), a circled "i" for info, a ring for anything
 * else. Decorative: the count's text says the severity.
 */
export function SeverityIcon({
  severity,
  size = 12,
  className,
}: {
  severity: 'critical' | 'high' | 'medium' | 'info' | 'other';
  size?: number;
  className?: string;
}) {
  const mark = 'var(--vigil-color-surface)';
  let body: ReactNode;
  switch (severity) {
    case 'critical':
      body = (
        <>
          <path d="M5.1 1h5.8L15 5.1v5.8L10.9 15H5.1L1 10.9V5.1Z" fill="currentColor" />
          <path d="M8 4.5v4.2M8 11.2v.1" stroke={mark} strokeWidth="1.8" strokeLinecap="round" />
        </>
      );
      break;
    case 'high':
      body = (
        <>
          <path d="M8 1.2 15 14H1Z" fill="currentColor" strokeLinejoin="round" />
          <path d="M8 6v3.5m0 2.2v.1" stroke={mark} strokeWidth="1.6" strokeLinecap="round" />
        </>
      );
      break;
    case 'medium':
      body = <path d="M8 1.5 14.5 8 8 14.5 1.5 8Z" fill="currentColor" />;
      break;
    case 'info':
      body = (
        <>
          <circle cx="8" cy="8" r="6.2" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path
            d="M8 7.2v4M8 4.8v.1"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
          />
        </>
      );
      break;
    default:
      body = <circle cx="8" cy="8" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />;
  }
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
      data-severity={severity}
      className={className}
    >
      {body}
    </svg>
  );
}
