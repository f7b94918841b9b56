/**
 * Kiosk start-up (docs/kiosk.md): decide from the URL (or this tab's earlier kiosk) whether the
 * console runs as a kiosk, and apply the kiosk's theme for this page (default dark; not stored).
 */
import { initKioskFromUrl } from '../features/kiosk/use-kiosk-store';
import type { KioskSettings } from '../features/kiosk/kiosk-params';
import { applyThemeForPage } from './theme';

export function setUpKiosk(search: string): KioskSettings | null {
  const settings = initKioskFromUrl(search);
  if (settings) applyThemeForPage(settings.theme === 'auto' ? 'system' : settings.theme);
  return settings;
}
