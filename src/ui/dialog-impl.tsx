/**
 * The Headless UI half of the modal dialog (src/ui/dialog.tsx), loaded when a dialog first opens.
 */
import {
  Dialog as HeadlessDialog,
  DialogBackdrop,
  DialogPanel,
  DialogTitle,
  Description,
} from '@headlessui/react';
import { useEffect, useRef } from 'react';
import { cx } from '../lib/class-names';
import type { DialogProps } from './dialog';
import { CloseIcon } from './icons';
import { IconButton } from './icon-button';

const widths = {
  sm: 'max-w-sm',
  md: 'max-w-lg',
  lg: 'max-w-3xl',
  xl: 'max-w-5xl',
  full: 'max-w-[calc(100vw-2rem)] h-[calc(100vh-2rem)]',
};

/**
 * Returns the focus to `target` when the dialog closes, or is removed while open (pages that
 * render a dialog only while a URL parameter asks for it), and Headless UI left the focus on the
 * page's body: its focus history started after the click that opened this dialog (dialog.tsx).
 */
function useReturnFocus(open: boolean, target: HTMLElement | null | undefined) {
  const restore = () => {
    const active = document.activeElement;
    if (target?.isConnected && (!active || active === document.body)) {
      target.focus({ preventScroll: true });
    }
  };
  const latest = useRef({ open, restore });
  const wasOpen = useRef(open);
  useEffect(() => {
    latest.current = { open, restore };
    const closed = wasOpen.current && !open;
    wasOpen.current = open;
    // Headless UI restores in its own effects, which run before this one (children first).
    if (closed) restore();
  });
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const { open: openAtRemoval, restore: restoreAtRemoval } = latest.current;
      // After Headless UI's own attempt (a microtask after its removal); not when the effect is
      // only run again (a development remount).
      queueMicrotask(() => {
        if (!mounted.current && openAtRemoval) restoreAtRemoval();
      });
    };
  }, []);
}

export function DialogImpl({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  returnFocus,
}: DialogProps & { returnFocus?: HTMLElement | null }) {
  useReturnFocus(open, returnFocus);
  return (
    <HeadlessDialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-overlay transition-opacity duration-150 data-closed:opacity-0"
      />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          transition
          className={cx(
            'flex max-h-full w-full flex-col rounded-lg border border-border bg-surface-raised text-fg shadow-lg transition duration-150 data-closed:scale-95 data-closed:opacity-0',
            widths[size],
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-border px-5 py-4">
            <div className="min-w-0">
              <DialogTitle className="text-base font-semibold">{title}</DialogTitle>
              {description ? (
                <Description className="mt-1 text-sm text-fg-muted">{description}</Description>
              ) : null}
            </div>
            <IconButton label="Close" icon={<CloseIcon />} size="sm" onClick={onClose} />
          </div>
          <div className="min-h-0 flex-1 overflow-auto px-5 py-4">{children}</div>
          {footer ? (
            <div className="flex justify-end gap-2 border-t border-border px-5 py-3">{footer}</div>
          ) : null}
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}
