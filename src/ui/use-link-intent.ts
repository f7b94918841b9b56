import { useEffect, useMemo, useRef, type FocusEvent, type PointerEvent } from 'react';

/**
 * How long the pointer has to rest on a link before it counts as heading there: long enough that
 * a pointer sweeping across a grid of links reads nothing ahead, short enough that the read has
 * started well before the press that usually follows (a press alone takes ~100 ms).
 */
export const LINK_INTENT_DWELL_MS = 80;

export interface LinkIntentHandlers {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
}

/**
 * Handlers that call `onIntent` when the user is likely about to follow a link: the pointer has
 * rested on it for `dwellMs`, it is pressed (before the click, which comes on release) or it
 * takes keyboard focus. The caller reads ahead what the link opens (a query prefetch, which
 * asks again only for stale data), so the page after the click draws from the cache. No
 * handlers without `onIntent`.
 */
export function useLinkIntent(
  onIntent: (() => void) | undefined,
  dwellMs = LINK_INTENT_DWELL_MS,
): LinkIntentHandlers {
  const latest = useRef(onIntent);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    latest.current = onIntent;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  const enabled = onIntent !== undefined;
  return useMemo(() => {
    if (!enabled) return {};
    const fire = () => {
      clearTimeout(timer.current);
      timer.current = undefined;
      latest.current?.();
    };
    return {
      onPointerEnter: (event) => {
        // Touch has no hover: its press is the intent.
        if (event.pointerType !== 'mouse' && event.pointerType !== 'pen') return;
        clearTimeout(timer.current);
        timer.current = setTimeout(fire, dwellMs);
      },
      onPointerLeave: () => {
        clearTimeout(timer.current);
        timer.current = undefined;
      },
      onPointerDown: fire,
      onFocus: fire,
    };
  }, [enabled, dwellMs]);
}
