/**
 * A modal dialog over Headless UI: focus trap, Escape and outside click close it, focus returns
 * to the trigger, `aria-labelledby` points to the title.
 *
 * A closed dialog that was never open renders nothing, and the Headless UI half (dialog-impl.tsx,
 * with its portal and focus code) loads when a dialog first opens: pages that only offer a dialog
 * do not carry it in their first load (issue 18). Once loaded, every dialog opens at once.
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

export function Dialog(props: DialogProps) {
  const [module, setModule] = useState<DialogImplModule | undefined>(impl);
  // Mounted from its first opening on, so that closing plays the transition out.
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
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
  return <module.DialogImpl {...props} />;
}
