/**
 * `/recovery` 'Recover account' and `/verification` (e-mail verification): the two code flows
 * (docs/identity.md, group `code`). An email, then the code that was sent (state `sent_email`);
 * the e-mail's link (`?flow=&code=`) fills and submits the code by itself. Recovery ends with the
 * server's 422 to the settings flow (followed); verification with `passed_challenge`, the
 * server's message and 'Continue'. A 403 or 410 starts over (spec doc 3 §4).
 */
import { useEffect, useRef, useState } from 'react';
import { continueTarget } from '../../api/kratos-flows';
import type { KratosFlow } from '../../api/types';
import { buttonClasses } from '../../ui/button';
import { AuthCard, AuthLink } from './auth-card';
import { FlowForms } from './flow-form';
import { cleanReturnTo } from './flow-logic';
import { FlowPanel } from './flow-panel';
import { goTo, useFlow } from './use-flow';
import { authPaths } from './auth-paths';

function csrfOf(flow: KratosFlow): string | undefined {
  const value = flow.ui.nodes.find((node) => node.attributes.name === 'csrf_token')?.attributes
    .value;
  return typeof value === 'string' ? value : undefined;
}

/** Where 'Continue' goes after a verification: the flow's link, its return_to, the page's, `/`. */
export function continueHref(flow: KratosFlow, returnTo: string): string {
  const link = flow.ui.nodes.find((node) => node.attributes.node_type === 'a')?.attributes.href;
  return cleanReturnTo(link ?? flow.return_to ?? returnTo);
}

export function CodeFlowPage({ kind }: { kind: 'recovery' | 'verification' }) {
  const [params] = useState(() => new URLSearchParams(window.location.search));
  const returnTo = cleanReturnTo(params.get('return_to'));
  const [code] = useState(() => params.get('code'));
  const state = useFlow({
    kind,
    returnTo,
    flowId: params.get('flow'),
    onSuccess: (result) => {
      const next = continueTarget(result.continueWith);
      if (next && kind === 'recovery') goTo(next);
      else if (result.flow) state.setFlow(result.flow);
      else goTo(next ?? returnTo);
    },
  });
  const { flow, submit } = state;
  const autoSubmitted = useRef(false);

  useEffect(() => {
    if (!flow || !code || autoSubmitted.current || flow.state === 'passed_challenge') return;
    autoSubmitted.current = true;
    void submit({ method: 'code', code, csrf_token: csrfOf(flow) }, 'code');
  }, [flow, code, submit]);

  const isRecovery = kind === 'recovery';
  const passed = flow?.state === 'passed_challenge';
  const sent = flow?.state === 'sent_email';
  const subtitle = passed
    ? undefined
    : sent
      ? 'Enter the code we sent to your email address.'
      : isRecovery
        ? 'Enter the email address of your account and we will send you a recovery code.'
        : 'Enter your email address and we will send you a verification code.';

  return (
    <AuthCard
      title={isRecovery ? 'Recover account' : 'Verify your email address'}
      subtitle={subtitle}
      footer={
        isRecovery ? (
          <>
            <AuthLink href={authPaths.login()}>Go back</AuthLink>
          </>
        ) : passed ? null : (
          <AuthLink href={authPaths.login()}>Sign in</AuthLink>
        )
      }
    >
      <FlowPanel
        state={state}
        loadingLabel={isRecovery ? 'Preparing account recovery' : 'Preparing verification'}
      >
        {(current) =>
          passed ? (
            <a
              href={continueHref(current, returnTo)}
              className={buttonClasses('primary', 'md', 'h-10 w-full')}
            >
              Continue
            </a>
          ) : (
            <FlowForms
              flow={current}
              kind={kind}
              busy={state.busy}
              onSubmit={(body, group) => void submit(body, group)}
              onError={state.setFailure}
              labels={{ code: isRecovery ? 'Recover account' : 'Verify email address' }}
            />
          )
        }
      </FlowPanel>
    </AuthCard>
  );
}
