/**
 * The popover behaviour shared by the console's popovers and the time-range picker: a button that
 * shows a panel positioned in place (no portal, so it works inside a widget's shadow root and the
 * tab order stays natural).
 *
 * - The button carries `aria-expanded`, `aria-controls` and `data-open` while open.
 * - On open, focus moves into the panel: to whatever the panel focused itself, else its first
 *   focusable element, else the panel.
 * - Escape closes and returns focus to the button; a pick (`close()`) does the same.
 * - A pointer press outside (across shadow roots, by the event's composed path) and focus moving
 *   out close without moving focus.
 *
 * It is small on purpose: the widgets bundle has a 25 KB budget per element, and a general
 * purpose library (floating positioning, portals, focus traps) costs more than that.
 */
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type HTMLAttributes,
  type ReactNode,
} from 'react';
import { clippingSpan } from './clipping-span';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface PopoverBaseProps {
  /** Class of the wrapper around the button and the panel (it should be `relative`). */
  className?: string;
  /** The button's content, given whether the panel is open. */
  button: ReactNode | ((open: boolean) => ReactNode);
  buttonProps?: Omit<
    ButtonHTMLAttributes<HTMLButtonElement>,
    'onClick' | 'type' | 'aria-expanded' | 'aria-controls' | 'children'
  >;
  panelProps?: Omit<HTMLAttributes<HTMLDivElement>, 'id' | 'children'>;
  /** The panel's content; the function form gets `close`, which returns focus to the button. */
  children: ReactNode | ((close: () => void) => ReactNode);
  /** Called when the panel opens or closes. */
  onOpenChange?: (open: boolean) => void;
}

export function PopoverBase({
  className,
  button,
  buttonProps,
  panelProps,
  children,
  onOpenChange,
}: PopoverBaseProps) {
  // `returnFocus`: on closing, focus goes back to the button (Escape, a pick), in an effect.
  const [state, setState] = useState({ open: false, returnFocus: false });
  const { open } = state;
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  const setOpen = useCallback(
    (next: boolean, returnFocus = false) => {
      setState({ open: next, returnFocus });
      onOpenChange?.(next);
    },
    [onOpenChange],
  );
  const close = useCallback((returnFocus: boolean) => setOpen(false, returnFocus), [setOpen]);

  // A layout effect: focus is back on the button in the same frame the panel goes away.
  useLayoutEffect(() => {
    if (!state.open && state.returnFocus) buttonRef.current?.focus();
  }, [state]);

  // A panel that would stick out of what can show it (a scrolling container, the window) on one
  // side opens toward the other: a toolbar that wraps puts an end-anchored button at the start.
  useLayoutEffect(() => {
    const element = panel.current;
    if (!open || !element) return;
    const rect = element.getBoundingClientRect();
    const bounds = clippingSpan(element);
    if (rect.left < bounds.left && rect.right - rect.left <= bounds.right - bounds.left) {
      element.style.left = '0px';
      element.style.right = 'auto';
    } else if (
      rect.right > bounds.right &&
      rect.left - (rect.right - bounds.right) >= bounds.left
    ) {
      element.style.right = '0px';
      element.style.left = 'auto';
    }
  }, [open]);

  // Focus into the panel once it is shown (children's effects ran first and may have chosen).
  useEffect(() => {
    const element = panel.current;
    if (!open || !element || element.matches(':focus-within')) return;
    (element.querySelector<HTMLElement>(FOCUSABLE) ?? element).focus();
  }, [open]);

  // A press outside closes; the composed path sees through shadow roots.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const element = wrapper.current;
      if (element && !event.composedPath().includes(element)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [open, close]);

  // Escape closes only this popover, not a dialog around it (native listener on the panel).
  useEffect(() => {
    const element = panel.current;
    if (!open || !element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      event.preventDefault();
      close(true);
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [open, close]);

  // Focus moving out closes. A native listener: `focusout` bubbles, and Preact's onBlur would not.
  useEffect(() => {
    const element = wrapper.current;
    if (!open || !element) return;
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (next && !element.contains(next)) close(false);
    };
    element.addEventListener('focusout', onFocusOut);
    return () => element.removeEventListener('focusout', onFocusOut);
  }, [open, close]);

  return (
    <div ref={wrapper} className={className}>
      <button
        {...buttonProps}
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-open={open ? '' : undefined}
        onClick={() => setOpen(!open)}
      >
        {typeof button === 'function' ? button(open) : button}
      </button>
      {open && (
        <div {...panelProps} ref={panel} id={panelId} tabIndex={-1}>
          {typeof children === 'function' ? children(() => close(true)) : children}
        </div>
      )}
    </div>
  );
}
