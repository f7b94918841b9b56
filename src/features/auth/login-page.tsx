/**
 * `/login` for the own-login variant: a Kratos login flow (contract api.md §13, docs/identity.md)
 * rendered from its `ui.nodes`. Three variants by the flow: 'Sign In to your account',
 * 'Two-Factor Authentication' (`aal=aal2`: each second factor its own form, and a way to sign
 * out) and 'Confirm Action' (`refresh=true`). Honours `return_to` (same-origin relative only)
 * and `?username=&password=` auto-login (stripped from the URL before submitting).
 */
import { useEffect, useRef, useState } from 'react';
import { useApiClient } from '../../api/api-context';
import { errorMessage } from '../../api/client';
import { createLogoutFlow } from '../../api/kratos-flows';
import type { KratosFlow } from '../../api/types';
import { Button } from '../../ui/button';
import { AuthCard, AuthLink } from './auth-card';
import { FlowForms } from './flow-form';
import { cleanReturnTo } from './flow-logic';
import { FlowPanel } from './flow-panel';
import { clearUrlCredentials, takeUrlCredentials } from './login-credentials';
import { useRegistrationAvailable } from './registration-available';
import { goTo, useFlow } from './use-flow';
import { authPaths } from './auth-paths';

export { FLOW_MESSAGES } from './flow-logic';

const SECOND_FACTORS = ['totp', 'lookup_secret', 'webauthn'];

const SECOND_FACTOR_HEADINGS = {
  totp: 'Authenticator app',
  lookup_secret: 'Recovery code',
  webauthn: 'Security key',
};

export type LoginVariant = 'sign-in' | 'second-factor' | 'refresh';

/** The variant, from the flow once it is known, else from the address. */
export function loginVariant(
  flow: KratosFlow | null,
  params: { aal?: string; refresh?: boolean },
): LoginVariant {
  // The flow says what it is; a flow without the field falls back to the address.
  if ((flow?.requested_aal ?? params.aal) === 'aal2') return 'second-factor';
  if (flow?.refresh ?? params.refresh) return 'refresh';
  return 'sign-in';
}

const TITLES: Record<LoginVariant, { title: string; subtitle: string }> = {
  'sign-in': { title: 'Sign In to your account', subtitle: 'Welcome back to Vigil.' },
  'second-factor': {
    title: 'Two-Factor Authentication',
    subtitle: 'Confirm it is you with a second factor.',
  },
  refresh: { title: 'Confirm Action', subtitle: 'Enter your password again to continue.' },
};

export function LoginPage() {
  const client = useApiClient();
  // Read (and strip from the address bar) before any request is made.
  const [credentials] = useState(takeUrlCredentials);
  const [params] = useState(() => new URLSearchParams(window.location.search));
  const returnTo = cleanReturnTo(params.get('return_to'));
  const aal = params.get('aal') ?? undefined;
  const refresh = params.get('refresh') === 'true';
  const state = useFlow({
    kind: 'login',
    returnTo,
    flowId: params.get('flow'),
    params: { aal, refresh },
    onSuccess: () => goTo(returnTo),
  });
  const { flow, submit } = state;
  const variant = loginVariant(flow, { aal, refresh });
  // Asked only once the login flow is there (two first flows side by side would each set a CSRF
  // cookie), and kept in the browser for a while (registration-available.ts).
  const registrationAvailable = useRegistrationAvailable(
    client,
    flow !== null && variant === 'sign-in',
  );
  const [signingOut, setSigningOut] = useState(false);
  const autoSubmitted = useRef(false);

  useEffect(() => {
    if (!flow || !credentials || autoSubmitted.current) return;
    autoSubmitted.current = true;
    const csrf = flow.ui.nodes.find((node) => node.attributes.name === 'csrf_token');
    clearUrlCredentials();
    void submit(
      {
        method: 'password',
        identifier: credentials.identifier,
        password: credentials.password,
        csrf_token: typeof csrf?.attributes.value === 'string' ? csrf.attributes.value : undefined,
      },
      'password',
    );
  }, [flow, credentials, submit]);

  const signOut = async () => {
    setSigningOut(true);
    try {
      const logout = await createLogoutFlow(client, authPaths.login());
      goTo(logout.logout_url);
    } catch (error: unknown) {
      state.setFailure(errorMessage(error));
      setSigningOut(false);
    }
  };

  const { title, subtitle } = TITLES[variant];
  return (
    <AuthCard
      title={title}
      subtitle={subtitle}
      footer={
        variant === 'second-factor' ? (
          <Button variant="ghost" size="sm" isLoading={signingOut} onClick={() => void signOut()}>
            Sign out
          </Button>
        ) : variant === 'sign-in' ? (
          <>
            <AuthLink href={authPaths.recovery()}>Reset password</AuthLink>
            {registrationAvailable === true ? (
              <AuthLink href={authPaths.registration(returnTo)}>Create account</AuthLink>
            ) : null}
          </>
        ) : null
      }
    >
      <FlowPanel state={state} loadingLabel="Preparing sign-in">
        {(current) => (
          <FlowForms
            flow={current}
            kind="login"
            busy={state.busy}
            onSubmit={(body, group) => void submit(body, group)}
            onError={state.setFailure}
            groups={variant === 'second-factor' ? SECOND_FACTORS : undefined}
            headings={variant === 'second-factor' ? SECOND_FACTOR_HEADINGS : undefined}
            labels={{ password: 'Sign in' }}
            readOnlyIdentifier={variant === 'refresh'}
          />
        )}
      </FlowPanel>
    </AuthCard>
  );
}
