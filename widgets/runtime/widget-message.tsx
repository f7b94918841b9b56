/** The in-element message a widget shows instead of its content (errors, sign-in, empty states). */
import type { ReactNode } from 'react';

export interface WidgetMessageProps {
  /** `error` is announced immediately (role="alert"); `info` politely (role="status"). */
  tone: 'error' | 'info';
  title: string;
  children?: ReactNode;
  /** Optional action, e.g. a retry button. */
  action?: ReactNode;
}

export function WidgetMessage({ tone, title, children, action }: WidgetMessageProps) {
  const isError = tone === 'error';
  return (
    <div
      part="message"
      role={isError ? 'alert' : 'status'}
      data-tone={tone}
      className={
        isError
          ? 'rounded-md border border-solid border-danger bg-danger-soft p-3 text-sm text-text'
          : 'p-1 text-sm text-muted'
      }
    >
      <p part="message-title" className={isError ? 'm-0 font-semibold text-danger' : 'm-0'}>
        {title}
      </p>
      {children ? <div className="mt-1">{children}</div> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
