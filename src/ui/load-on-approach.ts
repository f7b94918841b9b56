/**
 * Controls whose code loads on first approach (issue 18): a plain button with the same look and
 * name stands in until the pointer comes over it, it takes focus, is clicked or gets a key that
 * opens it; then the real control's half (a Headless UI menu or listbox, with Floating UI and
 * React Aria) is imported and mounted in its place. The real button then takes over the focus,
 * and the press or the key that approached it, so that nothing is lost in the swap.
 *
 * ```tsx
 * const listbox = onDemand(() => import('./refresh-selector-impl'));
 * const { loaded, buttonRef, standInProps } = useLoadOnApproach(listbox, { openingKeys });
 * if (!loaded) return <button type="button" {...standInProps}>…</button>;
 * return <loaded.RefreshListbox buttonRef={buttonRef} … />;
 * ```
 */
import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
} from 'react';

/** A module imported once, on demand; later users mount at once. */
export interface OnDemandModule<M> {
  /** Starts the import (once; a failed one is tried again by the next call). */
  load: () => Promise<M>;
  /** The module once it has arrived. */
  current: () => M | undefined;
}

export function onDemand<M>(importer: () => Promise<M>): OnDemandModule<M> {
  let module: M | undefined;
  let pending: Promise<M> | undefined;
  return {
    load: () =>
      (pending ??= importer().then(
        (loaded) => (module = loaded),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      )),
    current: () => module,
  };
}

/**
 * How the stand-in button was approached; the real one then takes over the focus or the press.
 * `press` is a click (the end of a press, or a click from code), `key` a key that opens the
 * control (`openingKeys`).
 */
type Approach =
  { kind: 'pointer' } | { kind: 'focus' } | { kind: 'press' } | { kind: 'key'; key: string };

/** Only the first press opens: a later approach never overrides one that opens the control. */
function opens(approach: Approach | undefined) {
  return approach?.kind === 'press' || approach?.kind === 'key';
}

export interface LoadOnApproachOptions {
  /**
   * The keys that open the real control from its button on their keydown: the stand-in takes
   * them, and the same keydown is played on the real button once it is here.
   */
  openingKeys: ReadonlySet<string>;
}

export interface LoadOnApproach<M> {
  /** The module, once the real control is to take the stand-in's place. */
  loaded: M | undefined;
  /** For the real control's button: it takes the focus and the press from the stand-in. */
  buttonRef: RefObject<HTMLButtonElement | null>;
  /** The stand-in button's handlers. */
  standInProps: {
    onPointerEnter: () => void;
    onPointerMove: () => void;
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => void;
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
    onFocus: () => void;
    onClick: () => void;
  };
}

export function useLoadOnApproach<M>(
  module: OnDemandModule<M>,
  { openingKeys }: LoadOnApproachOptions,
): LoadOnApproach<M> {
  const [approach, setApproach] = useState<Approach | undefined>(undefined);
  const [arrived, setArrived] = useState<M | undefined>(module.current);
  // A press that began on the stand-in and has not ended with its click yet (see below).
  const [pressing, setPressing] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const ready = Boolean(approach && arrived && !pressing);
  useEffect(() => {
    if (!pressing) return;
    // The press ends with its click, wherever it lands (a press dragged off the button clicks
    // elsewhere), or when it is cancelled. The click is heard as it leaves the page (bubbling to
    // the window), after the stand-in's own handler: heard on its way in, the render that ends
    // the press ran before the click reached the stand-in, which it had taken out of the page. A
    // tap's click follows its release at once: a release with no click after it (none is sent
    // when the finger moved away, or a handler stopped the click) ends the press a second on.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const end = () => setPressing(false);
    const released = () => {
      clearTimeout(timer);
      timer = setTimeout(end, 1000);
    };
    window.addEventListener('click', end);
    window.addEventListener('pointercancel', end, true);
    window.addEventListener('pointerup', released, true);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('click', end);
      window.removeEventListener('pointercancel', end, true);
      window.removeEventListener('pointerup', released, true);
    };
  }, [pressing]);
  useEffect(() => {
    if (!approach || arrived) return;
    let live = true;
    module.load().then(
      (loaded) => {
        if (live) setArrived(() => loaded);
      },
      // A failed import leaves the stand-in; the next control approached tries again.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [approach, arrived, module]);
  useEffect(() => {
    const real = buttonRef.current;
    if (!ready || !approach || !real) return;
    if (approach.kind === 'pointer') return;
    real.focus();
    if (approach.kind === 'press') real.click();
    // The key is played again on the real button, as if it had been pressed there.
    if (approach.kind === 'key') {
      real.dispatchEvent(
        new globalThis.KeyboardEvent('keydown', {
          key: approach.key,
          bubbles: true,
          cancelable: true,
        }),
      );
    }
  }, [ready, approach]);
  // The stand-in hands over each press exactly once, whenever the real half arrives. What it
  // hands over is the press's click, the end of the press: a press that began here keeps the
  // stand-in in the page until its click (or its cancellation), and the click then opens the real
  // control. Swapping the buttons in the middle of a press lost it or doubled it: the press's own
  // click went to a button no longer in the page (lost), or, after a tap, to the real button that
  // the handed-over press had already opened (closed again).
  //  - The opening keys are taken here (no click of their own) and played on the real one.
  //  - Hovering mounts the real control with an ordinary render, never a synchronous one: a
  //    pointer resting on the button sends its hover and its press together, and swapping the
  //    buttons in between sent the press to a button no longer in the page.
  const arm = (next: Approach) =>
    setApproach((current) => {
      if (opens(current)) return current;
      if (opens(next) || !current) return next;
      return current;
    });
  return {
    loaded: ready ? arrived : undefined,
    buttonRef,
    standInProps: {
      onPointerEnter: () => arm({ kind: 'pointer' }),
      onPointerMove: () => arm({ kind: 'pointer' }),
      onPointerDown: (event) => {
        if (event.button > 0) return;
        // No focus on the stand-in: the real button takes it when it opens.
        if (event.pointerType !== 'touch' && event.pointerType !== 'pen') event.preventDefault();
        setPressing(true);
        arm({ kind: 'pointer' });
      },
      onKeyDown: (event) => {
        if (!openingKeys.has(event.key)) return;
        event.preventDefault();
        arm({ kind: 'key', key: event.key });
      },
      onFocus: () => arm({ kind: 'focus' }),
      onClick: () => arm({ kind: 'press' }),
    },
  };
}
