/**
 * `/auth/callback`: the provider sends the browser back here with `code` and `state`. The code is
 * exchanged once (React's development double effects share one exchange), then the page replaces
 * itself with the return path, so the code never stays in the history. A silent re-authorisation
 * the provider declined (`login_required`…) continues at `/auth-state-checker`.
 */
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useRuntimeConfig } from '../../api/api-context';
import { completeHostedSignIn, SilentSignInFailed } from '../../api/hosted-auth';
import type { OidcClientConfig } from '../../api/types';
import { paths } from '../paths';
import { safeReturnTo } from '../../lib/return-to';
import { buttonClasses } from '../../ui/button';
import { PageSpinner } from '../../ui/spinner';
import { HostedCard } from '../../features/hosted/hosted-card';

let exchange: { href: string; result: Promise<string> } | undefined;

function exchangeOnce(config: OidcClientConfig, href: string): Promise<string> {
  if (exchange?.href !== href) {
    exchange = { href, result: completeHostedSignIn(config, new URL(href)) };
  }
  return exchange.result;
}

/** A readable sentence for a failed callback (the provider's own description when it gave one). */
export function callbackErrorMessage(error: unknown): string {
  if (error && typeof error === 'object') {
    const record = error as { error?: unknown; cause?: unknown; message?: unknown };
    const cause = record.cause as URLSearchParams | undefined;
    if (cause instanceof URLSearchParams && cause.get('error')) {
      return cause.get('error_description') ?? `The provider answered "${cause.get('error')}".`;
    }
    if (typeof record.message === 'string' && record.message) return record.message;
  }
  return 'The sign-in could not be completed.';
}

export function AuthCallbackPage() {
  const config = useRuntimeConfig();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!config.oidc) return;
    let active = true;
    exchangeOnce(config.oidc, window.location.href).then(
      (returnTo) => window.location.replace(safeReturnTo(returnTo)),
      (reason: unknown) => {
        // A silent renewal the provider declined goes the documented 401 way (api.md §2).
        if (reason instanceof SilentSignInFailed) {
          window.location.replace(paths.authStateChecker(safeReturnTo(reason.returnTo)));
        } else if (active) setError(callbackErrorMessage(reason));
      },
    );
    return () => {
      active = false;
    };
  }, [config.oidc]);

  if (!error && config.oidc) return <PageSpinner label="Signing you in" />;
  return (
    <HostedCard title="Sign-in failed">
      <p role="alert" className="mt-3 text-center text-sm text-fg-muted">
        {error ?? 'Hosted sign-in is not configured.'}
      </p>
      <div className="mt-6 flex justify-center">
        <Link href={paths.login()} className={buttonClasses('primary')}>
          Try again
        </Link>
      </div>
    </HostedCard>
  );
}
