/**
 * The kiosk state of this browser tab (client state only). Read from the URL once at start-up and
 * kept in sessionStorage, so navigation inside the kiosk (rotating views, links) and the reload
 * after a new deployment keep it even when the URL no longer carries the parameters. `?kiosk=0`
 * (or `exitKiosk()`) leaves it.
 */
import { create } from 'zustand';
import {
  kioskParamsOnly,
  readKioskParams,
  stripKioskParams,
  type KioskSettings,
} from './kiosk-params';

/** sessionStorage key holding the kiosk's query parameters. */
export const KIOSK_STORAGE_KEY = 'vigil-kiosk';

interface KioskState {
  /** Null outside kiosk mode. */
  settings: KioskSettings | null;
}

export const useKioskStore = create<KioskState>()(() => ({ settings: null }));

type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function sessionStore(): SessionStore | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    // Storage disabled by the browser's privacy settings: the URL alone decides.
    return undefined;
  }
}

/**
 * Decide the kiosk state at start-up from the URL (`?kiosk…` turns it on, `?kiosk=0` off) or,
 * without kiosk parameters, from what this tab stored earlier. Sets the store and returns it.
 */
export function initKioskFromUrl(
  search: string,
  storage: SessionStore | undefined = sessionStore(),
): KioskSettings | null {
  const parsed = readKioskParams(search);
  let settings: KioskSettings | null = null;
  try {
    if (parsed.kind === 'on') {
      settings = parsed.settings;
      storage?.setItem(KIOSK_STORAGE_KEY, kioskParamsOnly(search));
    } else if (parsed.kind === 'off') {
      storage?.removeItem(KIOSK_STORAGE_KEY);
    } else {
      const stored = storage?.getItem(KIOSK_STORAGE_KEY);
      const restored = stored ? readKioskParams(stored) : undefined;
      if (restored?.kind === 'on') settings = restored.settings;
    }
  } catch {
    // A full or refused storage only loses the persistence, never the kiosk itself.
    if (parsed.kind === 'on') settings = parsed.settings;
  }
  useKioskStore.setState({ settings });
  return settings;
}

/**
 * Leave kiosk mode: forget it for this tab and load the current page without the kiosk's
 * parameters (a full load, so that the console's normal sign-in handling applies again).
 */
export function exitKiosk(
  location: Pick<Location, 'pathname' | 'search' | 'assign'> = window.location,
  storage: SessionStore | undefined = sessionStore(),
): void {
  try {
    storage?.removeItem(KIOSK_STORAGE_KEY);
  } catch {
    // Nothing stored then.
  }
  useKioskStore.setState({ settings: null });
  const query = stripKioskParams(location.search);
  location.assign(`${location.pathname}?${query ? `${query}&` : ''}kiosk=0`);
}
