/**
 * The public identity pages' frame (sign-in, registration, recovery, verification): the logo,
 * the page's h1 and a centred card, with links under it. Light and dark through the tokens.
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Logo } from '../../ui/logo';
import { Spinner } from '../../ui/spinner';

export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the card (Reset password, Create account, Sign in…). */
  footer?: ReactNode;
}) {
  return (
    <main className="flex min-h-full flex-col items-center justify-center bg-bg px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center gap-3 text-center">
          <Logo size={44} />
          <h1 className="text-xl font-semibold tracking-tight text-fg">{title}</h1>
          {subtitle ? <p className="text-sm text-fg-muted">{subtitle}</p> : null}
        </div>
        <div className="rounded-xl border border-border bg-surface p-6 shadow-md sm:p-8">
          {children}
        </div>
        {footer ? (
          <nav
            aria-label="Other ways in"
            className="mt-6 flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm"
          >
            {footer}
          </nav>
        ) : null}
      </div>
    </main>
  );
}

/** A link under the card. */
export function AuthLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="rounded-sm font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
    >
      {children}
    </Link>
  );
}

/** The card's content while the flow loads. */
export function FlowLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-8 text-fg-muted">
      <Spinner size={20} label={label} />
    </div>
  );
}
