/**
 * The icon factory and the few icons the console's start-up and sign-in pages draw (toasts, error
 * screens, sign-in messages): apart from the full set (icons.tsx, which re-exports these), so the
 * sign-in pages' first load does not carry every icon (docs/performance.md).
 */
import type { ReactNode, SVGProps } from 'react';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** Size in px (default 16). */
  size?: number;
  /** Accessible name; without it the icon is hidden from assistive technology. */
  title?: string;
}

/** An icon component (pure: an unused icon is dropped from the build). */
/* @__NO_SIDE_EFFECTS__ */
export function createIcon(name: string, body: ReactNode) {
  function Icon({ size = 16, title, ...rest }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
        role={title ? 'img' : undefined}
        aria-hidden={title ? undefined : true}
        aria-label={title}
        data-icon={name}
        {...rest}
      >
        {title ? <title>{title}</title> : null}
        {body}
      </svg>
    );
  }
  Icon.displayName = `${name}Icon`;
  return Icon;
}

export const CloseIcon = createIcon('Close', <path d="M18 6 6 18M6 6l12 12" />);
export const CheckIcon = createIcon('Check', <path d="M20 6 9 17l-5-5" />);
export const CopyIcon = createIcon(
  'Copy',
  <>
    <rect x="9" y="9" width="13" height="13" rx="2" />
    <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
  </>,
);
export const DownloadIcon = createIcon(
  'Download',
  <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4m4-5 5 5 5-5m-5 5V3" />,
);
export const InfoIcon = createIcon(
  'Info',
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 16v-4m0-4h.01" />
  </>,
);
export const AlertCircleIcon = createIcon(
  'AlertCircle',
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 8v4m0 4h.01" />
  </>,
);
