/**
 * A modal dialog over Headless UI: focus trap, Escape and outside click close it, focus returns
 * to the trigger, `aria-labelledby` points to the title.
 *
 * A closed dialog that was never open renders nothing, and the Headless UI half (dialog-impl.tsx,
 * with its portal and focus code) loads when a dialog first opens: pages that only offer a dialog
 * do not carry it in their first load (issue 18). Once loaded, every dialog opens at once.
 *
 * Focus goes back to the element that had it when the dialog was asked to open. Headless UI finds
 * that element in a history of focus and click events it records from the moment its code runs:
 * when that code arrives with the dialog's first opening, the click that opened it came before the
 * history started, and Headless UI has nothing to return to (the focus fell to the page's body).
 * So the element is taken here, as the dialog is asked to open, and the Headless UI half returns
 * the focus to it when Headless UI did not.
 */
import { useEffect, useState, type ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, right-aligned under the body. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl' | 'full';
}

type DialogImplModule = typeof import('./dialog-impl');

let impl: DialogImplModule | undefined;
let pending: Promise<DialogImplModule> | undefined;

/** Loads the Headless UI half once (a dialog about to open can call it ahead). */
export function loadDialogImpl(): Promise<DialogImplModule> {
  pending ??= import('./dialog-impl').then((module) => (impl = module));
  return pending;
}

/** The element that has the focus now, if it is one that can take it back. */
function focusedElement(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

export function Dialog(props: DialogProps) {
  const [module, setModule] = useState<DialogImplModule | undefined>(impl);
  // Mounted from its first opening on, so that closing plays the transition out.
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  // The element to return the focus to, taken while the render that opens the dialog runs: the
  // dialog's own focus moves only after it.
  const [wasOpen, setWasOpen] = useState(props.open);
  const [returnFocus, setReturnFocus] = useState<HTMLElement | null>(() =>
    props.open ? focusedElement() : null,
  );
  if (props.open !== wasOpen) {
    setWasOpen(props.open);
    if (props.open) setReturnFocus(focusedElement());
  }
  useEffect(() => {
    if (!opened || module) return;
    let live = true;
    void loadDialogImpl().then((loaded) => {
      if (live) setModule(loaded);
    });
    return () => {
      live = false;
    };
  }, [opened, module]);
  if (!opened || !module) return null;
  return <module.DialogImpl {...props} returnFocus={returnFocus} />;
}
