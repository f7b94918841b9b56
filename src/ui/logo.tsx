/** The Vigil mark: a watchful "V" with a beacon, drawn with the primary token. */
export interface LogoProps {
  /** Height and width in px (default 32). */
  size?: number;
  /** Show the "Vigil" word mark next to the symbol. */
  withWordmark?: boolean;
  className?: string;
}

export function Logo({ size = 32, withWordmark = false, className }: LogoProps) {
  return (
    <span className={`inline-flex items-center gap-2 ${className ?? ''}`}>
      <svg
        width={size}
        height={size}
        viewBox="0 0 32 32"
        aria-hidden={withWordmark ? true : undefined}
        role={withWordmark ? undefined : 'img'}
        aria-label={withWordmark ? undefined : 'Vigil'}
        focusable="false"
      >
        <rect width="32" height="32" rx="8" fill="var(--vigil-color-primary)" />
        <path
          d="M8 10.5 16 24l8-13.5"
          fill="none"
          stroke="var(--vigil-color-primary-text)"
          strokeWidth="3.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="16" cy="9.5" r="2.5" fill="var(--vigil-color-primary-text)" />
      </svg>
      {withWordmark ? (
        <span className="text-lg font-semibold tracking-tight text-current">Vigil</span>
      ) : null}
    </span>
  );
}
