/**
 * Large type for wall screens. Every size in the console is in rem (tokens.css, Tailwind), so
 * scaling the root font size scales type, spacing and rows together. The size follows the screen
 * (the smaller of its width and height shares, so that it fits both ways) between a floor and a
 * ceiling:
 *
 * - standard kiosk: about 20 px on a 1080p screen (1.25× the console), 16 px at least;
 * - `tv`: about 28 px at 1080p and 56 px on a 4K screen that reports 3840 CSS pixels, for
 *   screens read from across a room.
 *
 * Set through the CSSOM (allowed by the server's Content-Security-Policy, unlike a style
 * attribute in markup) and undone when the kiosk layout unmounts.
 */
import { useLayoutEffect } from 'react';
import type { KioskMode } from './kiosk-params';

export const KIOSK_ROOT_FONT_SIZE: Record<KioskMode, string> = {
  standard: 'clamp(16px, min(1.05vw, 1.9vh), 40px)',
  tv: 'clamp(18px, min(1.45vw, 2.6vh), 64px)',
};

/** Apply the kiosk's type scale to `root`; returns the function that restores it. */
export function applyKioskDisplay(root: HTMLElement, mode: KioskMode): () => void {
  const previousSize = root.style.fontSize;
  const previousMode = root.dataset.kiosk;
  root.style.fontSize = KIOSK_ROOT_FONT_SIZE[mode];
  root.dataset.kiosk = mode;
  return () => {
    root.style.fontSize = previousSize;
    if (previousMode === undefined) delete root.dataset.kiosk;
    else root.dataset.kiosk = previousMode;
  };
}

/** The kiosk's type scale on `<html>` while mounted. */
export function useKioskDisplay(mode: KioskMode): void {
  useLayoutEffect(() => applyKioskDisplay(document.documentElement, mode), [mode]);
}
