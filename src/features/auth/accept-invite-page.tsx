/**
 * `/invite#token=…` (docs/settings-admin.md): the page an invited user opens from the link of
 * Invite User. The token stays in the fragment (never sent with a page request); the page looks
 * the invitation up, asks for a password twice, sets it (the token works once), then offers
 * Sign in.
 */
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { errorMessage } from '../../../api/client';
import { useAcceptInvite, useInvite } from '../../../api/users';
import { Button } from '../../../ui/button';
import { TextInputField } from '../../../ui/form-field';
import { AlertCircleIcon, CheckIcon } from '../../../ui/icons';
import { Logo } from '../../../ui/logo';
import { Spinner } from '../../../ui/spinner';

export const MIN_PASSWORD_LENGTH = 8;

/** The token of `#token=…`. */
export function inviteTokenFromHash(hash: string): string {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('token') ?? '';
  return /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : '';
}

/** Why the new password is refused, or undefined. */
export function newPasswordProblems(
  password: string,
  confirm: string,
): { password?: string; confirm?: string } {
  const problems: { password?: string; confirm?: string } = {};
  if (password.length < MIN_PASSWORD_LENGTH) {
    problems.password = `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
  }
  if (confirm !== password) problems.confirm = 'The passwords do not match.';
  return problems;
}

function Card({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: React.ReactNode;
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
      </div>
    </main>
  );
}

export function AcceptInvitePage() {
  const formId = useId();
  const [token] = useState(() => inviteTokenFromHash(window.location.hash));
  const invite = useInvite(token);
  const accept = useAcceptInvite();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<{ password?: string; confirm?: string }>({});

  if (!token || invite.isError) {
    return (
      <Card title="Invitation not valid">
        <p role="alert" className="flex gap-2 text-sm text-fg">
          <AlertCircleIcon size={16} className="mt-0.5 shrink-0 text-danger" />
          {invite.isError
            ? errorMessage(invite.error)
            : 'This invitation link is not valid or has already been used.'}
        </p>
        <Link
          href="/login"
          className="mt-6 inline-flex h-10 w-full items-center justify-center rounded-md border border-border text-sm font-medium text-fg hover:bg-surface-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          Go to sign in
        </Link>
      </Card>
    );
  }
  if (invite.isPending) {
    return (
      <Card title="Set your password">
        <div className="flex justify-center py-8 text-fg-muted">
          <Spinner label="Loading invitation" />
        </div>
      </Card>
    );
  }
  if (accept.isSuccess) {
    return (
      <Card title="Your password is set" subtitle={`Sign in as ${invite.data.email}.`}>
        <p className="flex items-center gap-2 text-sm text-healthy">
          <CheckIcon size={16} aria-hidden="true" />
          Your account is ready.
        </p>
        <Link
          href="/login"
          className="mt-6 inline-flex h-10 w-full items-center justify-center rounded-md bg-primary text-sm font-medium text-primary-fg hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          Sign in
        </Link>
      </Card>
    );
  }
  const name = `${invite.data.firstName} ${invite.data.lastName}`.trim();
  return (
    <Card
      title="Set your password"
      subtitle={`Welcome${name ? `, ${name}` : ''}. Choose a password for ${invite.data.email}.`}
    >
      <form
        id={formId}
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          const found = newPasswordProblems(password, confirm);
          setProblems(found);
          if (found.password || found.confirm) return;
          accept.mutate({ token, password });
        }}
      >
        {/* For password managers: the account the password belongs to. */}
        <input type="hidden" name="username" autoComplete="username" value={invite.data.email} />
        <TextInputField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={problems.password}
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          required
        />
        <TextInputField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
          error={problems.confirm}
          required
        />
        {accept.isError ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {errorMessage(accept.error)}
          </p>
        ) : null}
        <Button
          variant="primary"
          type="submit"
          className="mt-2 h-10 w-full"
          isLoading={accept.isPending}
        >
          Set password
        </Button>
      </form>
    </Card>
  );
}
