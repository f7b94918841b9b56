/**
 * `/profile-settings` 'Profile Settings' (inside the shell; the route's title is the page's h1):
 * a Kratos settings flow, one section per group with the spec's headings (doc 3 §2.11): the
 * profile traits, 'Change Password', 'Manage Social Sign In', 'TOTP', '2FA recovery codes' and
 * 'hardware tokens'. A success re-renders the flow with its message in the section that was
 * saved; a credential change older than the privileged age answers `session_refresh_required`
 * and goes to the 'Confirm Action' sign-in, which comes back to this flow (`?flow=`).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useApiClient } from '../../api/api-context';
import { sessionKeys } from '../../api/session';
import type { KratosFlow } from '../../api/types';
import { FlowGroupForm, useFocusFirstError } from './flow-form';
import { cleanReturnTo, flowGroups } from './flow-logic';
import { FlowMessages } from './flow-nodes';
import { FlowPanel } from './flow-panel';
import { useFlow, type FlowState } from './use-flow';
import { authPaths } from './auth-paths';

interface SectionSpec {
  group: string;
  heading: string;
  description: string;
  /** Shown in place of a form when the server offers nothing for the group. */
  empty?: string;
}

const SECTIONS: SectionSpec[] = [
  { group: 'profile', heading: 'Profile', description: 'Your name and email address.' },
  {
    group: 'password',
    heading: 'Change Password',
    description: 'Choose a new password of at least 8 characters.',
  },
  {
    group: 'oidc',
    heading: 'Manage Social Sign In',
    description: 'Link an external account to sign in with it.',
    empty: 'No social sign-in provider is configured.',
  },
  {
    group: 'totp',
    heading: 'TOTP',
    description: 'Use an authenticator app for a one-time code at sign-in.',
  },
  {
    group: 'lookup_secret',
    heading: '2FA recovery codes',
    description: 'One-time codes to sign in when your other second factors are not at hand.',
  },
  {
    group: 'webauthn',
    // The spec's heading text; shown with a capital first letter.
    heading: 'hardware tokens',
    description: 'Security keys (FIDO2 / WebAuthn) as a second factor.',
  },
];

function SettingsSection({ spec, children }: { spec: SectionSpec; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-border bg-surface p-5 shadow-sm sm:p-6"
    >
      <div className="mb-4 flex flex-col gap-1">
        <h2 id={headingId} className="text-base font-semibold text-fg first-letter:uppercase">
          {spec.heading}
        </h2>
        <p className="text-sm text-fg-muted">{spec.description}</p>
      </div>
      {children}
    </section>
  );
}

function SettingsSections({ flow, state }: { flow: KratosFlow; state: FlowState }) {
  const offered = flowGroups(flow);
  const container = useRef<HTMLDivElement>(null);
  useFocusFirstError(container, state.focusToken);
  const messages = [...(state.notice ? [state.notice] : []), ...(flow.ui.messages ?? [])];
  // The flow's messages belong to the section just saved; without one, above them all.
  const messageGroup =
    state.lastGroup && offered.includes(state.lastGroup) ? state.lastGroup : null;
  return (
    <div ref={container} className="flex flex-col gap-6">
      {messageGroup ? null : <FlowMessages messages={messages} />}
      {SECTIONS.filter((spec) => spec.empty || offered.includes(spec.group)).map((spec) => (
        <SettingsSection key={spec.group} spec={spec}>
          <div className="flex flex-col gap-4">
            {messageGroup === spec.group ? <FlowMessages messages={messages} /> : null}
            {offered.includes(spec.group) ? (
              <FlowGroupForm
                key={flow.id}
                flow={flow}
                kind="settings"
                group={spec.group}
                busy={state.busy}
                layout="section"
                label={spec.heading}
                onSubmit={(body, group) => void state.submit(body, group)}
                onError={state.setFailure}
              />
            ) : (
              <p className="text-sm text-fg-muted">{spec.empty}</p>
            )}
          </div>
        </SettingsSection>
      ))}
    </div>
  );
}

export function ProfileSettingsPage() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [params] = useState(() => new URLSearchParams(window.location.search));
  const state = useFlow({
    kind: 'settings',
    returnTo: cleanReturnTo(params.get('return_to') ?? authPaths.profileSettings()),
    flowId: params.get('flow'),
    onSuccess: (result) => {
      if (result.flow) state.setFlow(result.flow);
      // A changed name or email shows in the user menu.
      void queryClient.invalidateQueries({ queryKey: sessionKeys.all(client.baseUrl) });
    },
  });
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 p-4 sm:p-6">
      <FlowPanel state={state} loadingLabel="Loading your settings" showMessages={false}>
        {(flow) => <SettingsSections flow={flow} state={state} />}
      </FlowPanel>
    </div>
  );
}
