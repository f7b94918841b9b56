/**
 * Renders the toast stack at the top right, announced politely (errors assertively).
 *
 * The stack lives in its own element under <body>, outside the app tree: a modal dialog makes
 * everything outside itself inert and hidden from assistive technology, and a toast raised from
 * inside a dialog (a check run, a linked evidence with its link) must still be announced and
 * clickable. The host therefore drops `inert`/`aria-hidden` when they are set on it, and a
 * pointer release on a toast is marked handled (before the dialog's own outside-click listener)
 * so that dismissing a toast does not close the dialog under it.
 */
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'wouter';
import { cx } from '../../lib/class-names';
import { AlertCircleIcon, CheckIcon, CloseIcon, InfoIcon } from '../icon-base';
import { useToastStore, type ToastTone } from './use-toast-store';

const toneClass: Record<ToastTone, string> = {
  success: 'text-healthy',
  error: 'text-unhealthy',
  warning: 'text-warning',
  info: 'text-info',
};

const toneIcon: Record<ToastTone, typeof CheckIcon> = {
  success: CheckIcon,
  error: AlertCircleIcon,
  warning: AlertCircleIcon,
  info: InfoIcon,
};

/** A <body> child of its own that stays reachable while a modal dialog is open. */
function useToastHost(): HTMLElement | null {
  const [host] = useState(() => {
    if (typeof document === 'undefined') return null;
    const element = document.createElement('div');
    element.dataset.toastHost = '';
    return element;
  });
  useEffect(() => {
    if (!host) return;
    document.body.append(host);
    const release = () => {
      if (host.inert) host.inert = false;
      if (host.hasAttribute('aria-hidden')) host.removeAttribute('aria-hidden');
    };
    const observer = new MutationObserver(release);
    observer.observe(host, { attributes: true, attributeFilter: ['inert', 'aria-hidden'] });
    // Runs before the dialog's outside-click listener (on the document), which skips handled events.
    const onPointerUp = (event: PointerEvent) => {
      if (event.target instanceof Node && host.contains(event.target)) event.preventDefault();
    };
    window.addEventListener('pointerup', onPointerUp, true);
    return () => {
      observer.disconnect();
      window.removeEventListener('pointerup', onPointerUp, true);
      host.remove();
    };
  }, [host]);
  return host;
}

export function Toaster() {
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);
  const host = useToastHost();
  if (!host) return null;
  return createPortal(
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed top-4 right-4 z-[60] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
    >
      {toasts.map((item) => {
        const Icon = toneIcon[item.tone];
        return (
          <div
            key={item.id}
            role={item.tone === 'error' ? 'alert' : 'status'}
            className="pointer-events-auto flex items-start gap-3 rounded-lg border border-border bg-surface-raised p-3 text-sm text-fg shadow-lg"
          >
            <Icon size={18} className={cx('mt-0.5 shrink-0', toneClass[item.tone])} />
            <div className="min-w-0 flex-1">
              <p className="m-0 break-words">{item.message}</p>
              {item.action ? (
                <Link
                  href={item.action.href}
                  onClick={() => dismiss(item.id)}
                  className="mt-1 inline-block font-medium text-link hover:underline focus-visible:outline-2 focus-visible:outline-primary"
                >
                  {item.action.label}
                </Link>
              ) : null}
            </div>
            <button
              type="button"
              onClick={() => dismiss(item.id)}
              aria-label="Dismiss"
              className="-m-1 rounded p-1 text-fg-muted hover:bg-surface-hover hover:text-fg focus-visible:outline-2 focus-visible:outline-primary"
            >
              <CloseIcon size={14} />
            </button>
          </div>
        );
      })}
    </section>,
    host,
  );
}
