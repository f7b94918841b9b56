/**
 * `/invite#token=…` (docs/settings-admin.md): the page an invited user opens from the link of
 * Invite User. It is an identity page like the others: the shared card, and the password form
 * drawn by the flow renderer from nodes as a Kratos flow would send them (the address read-only
 * as in 'Confirm Action', the new password twice), so its fields, messages and focus behave like
 * registration's. The token stays in the fragment (never sent with a page request); the page
 * looks the invitation up, sets the password (the server applies registration's password policy,
 * message 4000005 under the field; the token works once), then offers Sign in.
 */
import { useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import type { KratosFlow, KratosUiNode, KratosUiText } from '../../api/types';
import { useApiClient } from '../../api/api-context';
import { acceptInvite, useInvite, type InviteInfo } from '../../api/invites';
import { buttonClasses } from '../../ui/button';
import { AuthCard, AuthLink, FlowLoading } from './auth-card';
import { authPaths } from './auth-paths';
import { FlowForms, useFocusFirstError } from './flow-form';
import { FlowMessages } from './flow-nodes';

/** The token of `#token=…`. */
export function inviteTokenFromHash(hash: string): string {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('token') ?? '';
  return /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : '';
}

export const PASSWORDS_DIFFER = 'The passwords do not match.';

const error = (text: string, id = 0): KratosUiText => ({ id, type: 'error', text });

function node(
  name: string,
  type: string,
  label: string,
  extra: Partial<KratosUiNode['attributes']> = {},
  messages: KratosUiText[] = [],
): KratosUiNode {
  return {
    type: 'input',
    group: name === 'identifier' ? 'default' : 'password',
    attributes: { name, type, node_type: 'input', ...extra },
    messages,
    meta: { label: { id: 0, text: label, type: 'info' } },
  };
}

/**
 * The invitation's password form as a flow: the address (read-only, for password managers), the
 * new password and its confirmation, each with its messages, and the submit.
 */
export function inviteFlow(
  invite: InviteInfo,
  messages: { password?: KratosUiText[]; confirm?: KratosUiText[] } = {},
): KratosFlow {
  return {
    id: 'invite',
    type: 'browser',
    expires_at: '',
    issued_at: '',
    request_url: '',
    ui: {
      action: '',
      method: 'POST',
      nodes: [
        node('identifier', 'email', 'Email', { value: invite.email, autocomplete: 'username' }),
        node(
          'password',
          'password',
          'New password',
          { required: true, autocomplete: 'new-password' },
          messages.password,
        ),
        node(
          'password_confirm',
          'password',
          'Confirm password',
          { required: true, autocomplete: 'new-password' },
          messages.confirm,
        ),
        node('method', 'submit', 'Set password', { value: 'password' }),
      ],
    },
  };
}

/** The server's reason a password was refused (a 400), else undefined. */
export function passwordRefusal(failure: unknown): string | undefined {
  return failure instanceof ApiError && failure.status === 400 ? errorMessage(failure) : undefined;
}

export function AcceptInvitePage() {
  const [token] = useState(() => inviteTokenFromHash(window.location.hash));
  const invite = useInvite(token);
  const client = useApiClient();
  // Sent by hand, not as a mutation: a refused password belongs under its field, not in the
  // console's toast for failed mutations as well.
  const [accept, setAccept] = useState<{
    status: 'idle' | 'pending' | 'done' | 'failed';
    error?: unknown;
  }>({ status: 'idle' });
  const [messages, setMessages] = useState<{ password?: KratosUiText[]; confirm?: KratosUiText[] }>(
    {},
  );
  const [focusToken, setFocusToken] = useState(0);
  const container = useRef<HTMLDivElement>(null);
  useFocusFirstError(container, focusToken);

  if (!token || invite.isError || accept.status === 'failed') {
    const failure: unknown = invite.isError ? invite.error : accept.error;
    return (
      <AuthCard title="Invitation not valid">
        <div className="flex flex-col gap-6">
          <FlowMessages
            messages={[
              error(
                failure
                  ? errorMessage(failure)
                  : 'This invitation link is not valid or has already been used.',
              ),
            ]}
          />
          <AuthLink href={authPaths.login()}>Go to sign in</AuthLink>
        </div>
      </AuthCard>
    );
  }
  if (invite.isPending) {
    return (
      <AuthCard title="Set your password">
        <FlowLoading label="Loading invitation" />
      </AuthCard>
    );
  }
  if (accept.status === 'done') {
    return (
      <AuthCard title="Your password is set" subtitle={`Sign in as ${invite.data.email}.`}>
        <div className="flex flex-col gap-4">
          <FlowMessages messages={[{ id: 0, type: 'success', text: 'Your account is ready.' }]} />
          <a href={authPaths.login()} className={buttonClasses('primary', 'md', 'h-10 w-full')}>
            Sign in
          </a>
        </div>
      </AuthCard>
    );
  }
  const name = `${invite.data.firstName} ${invite.data.lastName}`.trim();
  return (
    <AuthCard
      title="Set your password"
      subtitle={`Welcome${name ? `, ${name}` : ''}. Choose a password for ${invite.data.email}.`}
      footer={<AuthLink href={authPaths.login()}>Go back</AuthLink>}
    >
      <div ref={container}>
        <FlowForms
          flow={inviteFlow(invite.data, messages)}
          kind="registration"
          busy={accept.status === 'pending'}
          labels={{ password: 'Set your password' }}
          readOnlyIdentifier
          onSubmit={(body) => {
            const password = typeof body.password === 'string' ? body.password : '';
            const confirm = typeof body.password_confirm === 'string' ? body.password_confirm : '';
            if (password !== confirm) {
              setMessages({ confirm: [error(PASSWORDS_DIFFER)] });
              setFocusToken((value) => value + 1);
              return;
            }
            setMessages({});
            setAccept({ status: 'pending' });
            acceptInvite(client, { token, password }).then(
              () => setAccept({ status: 'done' }),
              (failure: unknown) => {
                const refusal = passwordRefusal(failure);
                if (!refusal) return setAccept({ status: 'failed', error: failure });
                setAccept({ status: 'idle' });
                setMessages({ password: [error(refusal, 4000005)] });
                setFocusToken((value) => value + 1);
              },
            );
          }}
        />
      </div>
    </AuthCard>
  );
}
