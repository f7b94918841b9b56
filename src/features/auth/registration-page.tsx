/**
 * `/registration` 'Create account': a Kratos registration flow (email, first and last name,
 * password). A success follows `continue_with` (`show_verification_ui` → `/verification?flow=`),
 * else goes to `return_to`. An open session answers `session_already_available`: go there too.
 */
import { useEffect, useState } from 'react';
import { useApiClient } from '../../api/api-context';
import { continueTarget } from '../../api/kratos-flows';
import { AuthCard, AuthLink } from './auth-card';
import { FlowForms } from './flow-form';
import { cleanReturnTo } from './flow-logic';
import { FlowPanel } from './flow-panel';
import { rememberRegistrationAvailable } from './registration-available';
import { goTo, useFlow } from './use-flow';
import { authPaths } from './auth-paths';

export function RegistrationPage() {
  const [params] = useState(() => new URLSearchParams(window.location.search));
  const returnTo = cleanReturnTo(params.get('return_to'));
  const state = useFlow({
    kind: 'registration',
    returnTo,
    flowId: params.get('flow'),
    onSuccess: (result) => goTo(continueTarget(result.continueWith) ?? returnTo),
  });
  const client = useApiClient();
  const started = state.flow !== null;
  const disabled = state.final;
  // What this page learns keeps the sign-in page's 'Create account' up to date.
  useEffect(() => {
    if (started || disabled) rememberRegistrationAvailable(client.baseUrl, started);
  }, [client.baseUrl, started, disabled]);
  return (
    <AuthCard
      title="Create account"
      subtitle="Sign up for Vigil with your work email."
      footer={
        <span className="text-fg-muted">
          Already have an account? <AuthLink href={authPaths.login(returnTo)}>Sign in</AuthLink>
        </span>
      }
    >
      <FlowPanel state={state} loadingLabel="Preparing registration">
        {(flow) => (
          <FlowForms
            flow={flow}
            kind="registration"
            busy={state.busy}
            onSubmit={(body, group) => void state.submit(body, group)}
            onError={state.setFailure}
            labels={{ password: 'Create account' }}
          />
        )}
      </FlowPanel>
    </AuthCard>
  );
}
