/**
 * A scraper's kind from its spec (spec doc 3 §2.1: "Catalog scrapers show an icon derived from
 * the kind key in the spec"), with one outline glyph per kind — kubernetes, azure, kubernetesFile,
 * sql (database), trivy, aws, file (folder), githubActions, http, azureDevops, custom. The kind's
 * name is always written next to the icon.
 */
import type { ReactNode } from 'react';

export const SCRAPER_KINDS = [
  'kubernetes',
  'azure',
  'kubernetesFile',
  'sql',
  'trivy',
  'aws',
  'file',
  'githubActions',
  'http',
  'azureDevops',
  'custom',
] as const;
export type ScraperKind = (typeof SCRAPER_KINDS)[number];

export const SCRAPER_KIND_LABELS: Record<ScraperKind, string> = {
  kubernetes: 'Kubernetes',
  azure: 'Azure',
  kubernetesFile: 'Kubernetes file',
  sql: 'SQL',
  trivy: 'Trivy',
  aws: 'AWS',
  file: 'File',
  githubActions: 'GitHub Actions',
  http: 'HTTP',
  azureDevops: 'Azure DevOps',
  custom: 'Custom',
};

/**
 * The kinds a spec scrapes, in the spec's key order (a spec may hold several); empty when none
 * of the known keys is there.
 */
export function scraperKinds(spec: unknown): ScraperKind[] {
  if (!spec || typeof spec !== 'object' || Array.isArray(spec)) return [];
  const known = new Set<string>(SCRAPER_KINDS);
  return Object.keys(spec).filter((key): key is ScraperKind => known.has(key));
}

/** The first kind of a spec, or null. */
export function scraperKind(spec: unknown): ScraperKind | null {
  return scraperKinds(spec)[0] ?? null;
}

const GLYPHS: Record<ScraperKind | 'unknown', ReactNode> = {
  kubernetes: (
    <>
      <path d="m12 2.5 8.3 4.8v9.4L12 21.5l-8.3-4.8V7.3Z" />
      <circle cx="12" cy="12" r="2.5" />
      <path d="M12 5.5v4M12 14.5v4M6.4 8.8l3.4 2M14.2 13.2l3.4 2M17.6 8.8l-3.4 2M9.8 13.2l-3.4 2" />
    </>
  ),
  azure: <path d="M10.5 3.5 3 19h6l4.5-8M13 3.5 21 19h-10" />,
  kubernetesFile: (
    <>
      <path d="M14 2.5H6.5A1.5 1.5 0 0 0 5 4v16a1.5 1.5 0 0 0 1.5 1.5h11A1.5 1.5 0 0 0 19 20V7.5Z" />
      <path d="M14 2.5v5h5" />
      <circle cx="12" cy="14.5" r="2.5" />
      <path d="M12 10.5V12M12 17v1.5M8.5 14.5H9.5M14.5 14.5h1" />
    </>
  ),
  sql: (
    <>
      <ellipse cx="12" cy="5.5" rx="8" ry="3" />
      <path d="M4 5.5v13c0 1.7 3.6 3 8 3s8-1.3 8-3v-13M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3" />
    </>
  ),
  trivy: (
    <>
      <path d="M12 2.5 4 5.5v6c0 5 3.4 8.6 8 10 4.6-1.4 8-5 8-10v-6Z" />
      <path d="m8.5 12 2.5 2.5 4.5-5" />
    </>
  ),
  aws: (
    <>
      <path d="M7 15.5a4 4 0 0 1-.4-8 5.5 5.5 0 0 1 10.6 1.5 3.3 3.3 0 0 1 .3 6.5" />
      <path d="M5 18.5c4 2.3 10 2.3 14 0M17 17l2 1.5-2.3.8" />
    </>
  ),
  file: (
    <path d="M3 6.5A1.5 1.5 0 0 1 4.5 5h4l2 2.5h9A1.5 1.5 0 0 1 21 9v9.5a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 18.5Z" />
  ),
  githubActions: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m10 8.5 5 3.5-5 3.5Z" />
    </>
  ),
  http: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3Z" />
    </>
  ),
  azureDevops: (
    <>
      <circle cx="6" cy="6" r="2.5" />
      <circle cx="18" cy="18" r="2.5" />
      <path d="M8.5 6H15a3 3 0 0 1 3 3v6.5M15.5 18H9a3 3 0 0 1-3-3V8.5" />
    </>
  ),
  custom: <path d="m8 7-5 5 5 5M16 7l5 5-5 5M13.5 4.5l-3 15" />,
  unknown: (
    <>
      <path d="m12 2.5 8.5 4.5v10L12 21.5 3.5 17V7Z" />
      <path d="m3.5 7 8.5 4.5L20.5 7M12 11.5v10" />
    </>
  ),
};

export function ScraperKindIcon({
  kind,
  size = 18,
  className,
}: {
  kind: ScraperKind | null;
  size?: number;
  className?: string;
}) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-scraper-kind={kind ?? 'unknown'}
      className={className}
    >
      {GLYPHS[kind ?? 'unknown']}
    </svg>
  );
}

/** Icon and name of each kind a spec scrapes ('Unknown' when none). */
export function ScraperKindLabel({ spec }: { spec: unknown }) {
  const kinds = scraperKinds(spec);
  if (kinds.length === 0) {
    return (
      <span className="inline-flex items-center gap-1.5 text-fg-muted">
        <ScraperKindIcon kind={null} size={16} />
        Unknown
      </span>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
      {kinds.map((kind) => (
        <span key={kind} className="inline-flex items-center gap-1.5">
          <ScraperKindIcon kind={kind} size={16} className="text-fg-muted" />
          {SCRAPER_KIND_LABELS[kind]}
        </span>
      ))}
    </span>
  );
}
