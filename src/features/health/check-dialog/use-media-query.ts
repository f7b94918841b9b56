/** Whether a media query matches, following changes (false where matchMedia is missing). */
import { useCallback, useSyncExternalStore } from 'react';

/** Short screens show the Health Overview in a Graph tab instead of above the tabs. */
export const SHORT_SCREEN_QUERY = '(max-height: 800px)';

function mediaList(query: string): MediaQueryList | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query)
    : undefined;
}

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      const list = mediaList(query);
      list?.addEventListener?.('change', notify);
      return () => list?.removeEventListener?.('change', notify);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaList(query)?.matches ?? false,
    () => false,
  );
}
