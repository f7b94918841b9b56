/**
 * `/login` in the hosted variant: one button that starts the provider's sign-in (authorization
 * code with PKCE). Already signed in, it goes straight to the return path.
 */
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { useRuntimeConfig } from '../../api/api-context';
import { beginHostedSignIn, isSignedIn } from '../../api/hosted-auth';
import { safeReturnTo } from '../../lib/return-to';
import { Button } from '../../ui/button';
import { HostedCard } from './hosted-card';

export function HostedLoginPage() {
  const config = useRuntimeConfig();
  const returnTo = safeReturnTo(new URLSearchParams(useSearch()).get('return_to'));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signedIn = isSignedIn();

  useEffect(() => {
    if (signedIn) window.location.replace(returnTo);
  }, [signedIn, returnTo]);

  const signIn = async () => {
    if (!config.oidc) return;
    setBusy(true);
    setError(null);
    try {
      window.location.assign(await beginHostedSignIn(config.oidc, returnTo));
    } catch (reason: unknown) {
      setBusy(false);
      setError(
        `The identity provider could not be reached (${reason instanceof Error ? reason.message : 'unknown error'}). Try again in a moment.`,
      );
    }
  };

  return (
    <HostedCard title="Sign in to Vigil">
      <p className="mt-2 text-center text-sm text-fg-muted">
        Your organization signs you in through its identity provider.
      </p>
      {error ? (
        <p role="alert" className="mt-4 text-center text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="mt-6 flex justify-center">
        <Button
          variant="primary"
          isLoading={busy || signedIn}
          disabled={!config.oidc}
          onClick={() => void signIn()}
        >
          Sign in
        </Button>
      </div>
    </HostedCard>
  );
}
