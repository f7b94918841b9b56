/** Decorative status glyphs. They always sit next to text: status is never shown by colour alone. */
export type HealthStatusIconKind = 'passing' | 'failing' | 'total';

export interface HealthStatusIconProps {
  kind: HealthStatusIconKind;
  className?: string;
}

const PATHS: Record<HealthStatusIconKind, string> = {
  // circle with a check mark
  passing:
    'M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm4.03 6.28-4.75 5a.75.75 0 0 1-1.08.01l-2.25-2.25a.75.75 0 1 1 1.06-1.06l1.7 1.7 4.23-4.44a.75.75 0 1 1 1.09 1.04Z',
  // circle with a cross
  failing:
    'M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm2.97 10.41a.75.75 0 1 1-1.06 1.06L10 11.06l-1.91 1.91a.75.75 0 1 1-1.06-1.06L8.94 10 7.03 8.09a.75.75 0 0 1 1.06-1.06L10 8.94l1.91-1.91a.75.75 0 1 1 1.06 1.06L11.06 10l1.91 1.91Z',
  // stacked bars: "all checks"
  total:
    'M3 4.75A.75.75 0 0 1 3.75 4h12.5a.75.75 0 0 1 0 1.5H3.75A.75.75 0 0 1 3 4.75Zm0 5.25a.75.75 0 0 1 .75-.75h12.5a.75.75 0 0 1 0 1.5H3.75A.75.75 0 0 1 3 10Zm.75 4.5a.75.75 0 0 0 0 1.5h12.5a.75.75 0 0 0 0-1.5H3.75Z',
};

export function HealthStatusIcon({ kind, className }: HealthStatusIconProps) {
  return (
    <svg
      viewBox="0 0 20 20"
      width="1em"
      height="1em"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      className={className}
      data-icon={kind}
    >
      <path fillRule="evenodd" clipRule="evenodd" d={PATHS[kind]} />
    </svg>
  );
}
