/**
 * `/login` for the own-login variant: a Kratos login flow (contract api.md §13) rendered from its
 * `ui.nodes`, with flow messages inline. Honours `return_to` (same-origin relative only) and
 * `?username=&password=` auto-login (stripped from the URL before submitting).
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useApiClient } from '../../api/api-context';
import { ApiError, errorMessage, type ApiClient } from '../../api/client';
import {
  createLoginFlow,
  getLoginFlow,
  kratosErrorId,
  submitLogin,
  type PasswordLoginBody,
} from '../../api/session';
import type { KratosFlow, KratosUiNode, KratosUiText } from '../../api/types';
import { safeReturnTo } from '../../lib/return-to';
import { cx } from '../../lib/class-names';
import { Button } from '../../ui/button';
import { AlertCircleIcon, InfoIcon } from '../../ui/icons';
import { Logo } from '../../ui/logo';
import { Spinner } from '../../ui/spinner';
import { clearUrlCredentials, takeUrlCredentials } from './login-credentials';

export const FLOW_MESSAGES = {
  expired: 'Your interaction expired, please fill out the form again.',
  csrf: 'A security violation was detected, please fill out the form again.',
  returnToForbidden: 'The return_to address is not allowed.',
} as const;

const FALLBACK_LABELS: Record<string, string> = {
  identifier: 'Email or username',
  password: 'Password',
};

function goTo(target: string) {
  window.location.assign(target);
}

function MessageList({ messages, className }: { messages: KratosUiText[]; className?: string }) {
  if (messages.length === 0) return null;
  return (
    <ul className={cx('flex flex-col gap-2', className)}>
      {messages.map((message) => {
        const isError = message.type === 'error';
        return (
          <li
            key={`${message.id}-${message.text}`}
            role={isError ? 'alert' : 'status'}
            className={cx(
              'flex items-start gap-2 rounded-md px-3 py-2 text-sm',
              isError ? 'bg-danger-soft text-danger' : 'bg-info-soft text-info',
            )}
          >
            {isError ? (
              <AlertCircleIcon size={16} className="mt-0.5 shrink-0" />
            ) : (
              <InfoIcon size={16} className="mt-0.5 shrink-0" />
            )}
            <span>{message.text}</span>
          </li>
        );
      })}
    </ul>
  );
}

function NodeField({ node, disabled }: { node: KratosUiNode; disabled: boolean }) {
  const id = useId();
  const { attributes } = node;
  const errorId = `${id}-messages`;
  const hasErrors = node.messages.some((message) => message.type === 'error');
  if (attributes.type === 'hidden') {
    return <input type="hidden" name={attributes.name} value={String(attributes.value ?? '')} />;
  }
  if (attributes.type === 'submit' || attributes.type === 'button') return null;
  // Kratos labels the identifier just "ID"; say what is accepted instead.
  const serverLabel = node.meta.label?.text;
  const label =
    (serverLabel && serverLabel !== 'ID' ? serverLabel : undefined) ??
    FALLBACK_LABELS[attributes.name] ??
    serverLabel ??
    attributes.name;
  const autoComplete =
    attributes.autocomplete ??
    (attributes.name === 'password'
      ? 'current-password'
      : attributes.name === 'identifier'
        ? 'username'
        : undefined);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <input
        id={id}
        name={attributes.name}
        type={
          attributes.type === 'email'
            ? 'email'
            : attributes.type === 'password'
              ? 'password'
              : 'text'
        }
        defaultValue={typeof attributes.value === 'string' ? attributes.value : undefined}
        required={attributes.required}
        disabled={disabled || attributes.disabled}
        autoComplete={autoComplete}
        aria-invalid={hasErrors || undefined}
        aria-describedby={node.messages.length > 0 ? errorId : undefined}
        className={cx(
          'h-10 rounded-md border bg-surface px-3 text-sm text-fg shadow-sm placeholder:text-fg-subtle focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary disabled:opacity-60',
          hasErrors ? 'border-danger' : 'border-border hover:border-border-strong',
        )}
      />
      {node.messages.length > 0 ? (
        <div id={errorId}>
          {node.messages.map((message) => (
            <p
              key={`${message.id}-${message.text}`}
              className={cx('text-sm', message.type === 'error' ? 'text-danger' : 'text-fg-muted')}
            >
              {message.text}
            </p>
          ))}
        </div>
      ) : null}
    </div>
  );
}

function submitLabel(nodes: KratosUiNode[]): string {
  const submit = nodes.find(
    (node) => node.attributes.type === 'submit' && node.group === 'password',
  );
  return submit?.meta.label?.text ?? 'Sign in';
}

type FlowResult =
  { kind: 'flow'; flow: KratosFlow } | { kind: 'already' } | { kind: 'error'; message: string };

/** Start a login flow; an existing session is a result, not an error. */
async function newLoginFlow(
  client: ApiClient,
  params: URLSearchParams,
  returnTo: string,
): Promise<FlowResult> {
  try {
    const flow = await createLoginFlow(client, {
      returnTo: returnTo === '/' ? undefined : returnTo,
      aal: params.get('aal') ?? undefined,
      refresh: params.get('refresh') === 'true',
    });
    return { kind: 'flow', flow };
  } catch (error: unknown) {
    if (kratosErrorId(error) === 'session_already_available') return { kind: 'already' };
    return { kind: 'error', message: errorMessage(error) };
  }
}

export function LoginPage() {
  const client = useApiClient();
  const [params] = useState(() => new URLSearchParams(window.location.search));
  const returnTo = safeReturnTo(params.get('return_to'));
  const [flow, setFlow] = useState<KratosFlow | null>(null);
  const [notice, setNotice] = useState<KratosUiText | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const autoSubmitted = useRef(false);
  // Read (and strip from the address bar) before any request is made.
  const [credentials] = useState(takeUrlCredentials);

  const applyFlowResult = useCallback(
    (result: FlowResult, message?: KratosUiText) => {
      if (result.kind === 'already') goTo(returnTo);
      else if (result.kind === 'error') setFailure(result.message);
      else {
        setFailure(null);
        setFlow(result.flow);
        setNotice(message ?? null);
      }
    },
    [returnTo],
  );

  const startFlow = useCallback(
    (message?: KratosUiText) =>
      newLoginFlow(client, params, returnTo).then((result) => applyFlowResult(result, message)),
    [client, params, returnTo, applyFlowResult],
  );

  useEffect(() => {
    const flowId = params.get('flow');
    const load: Promise<FlowResult> = flowId
      ? getLoginFlow(client, flowId).then<FlowResult, FlowResult>(
          (existing) => ({ kind: 'flow', flow: existing }),
          (error: unknown) =>
            // An unknown or expired flow is recreated.
            error instanceof ApiError && [403, 404, 410].includes(error.status)
              ? newLoginFlow(client, params, returnTo)
              : { kind: 'error', message: errorMessage(error) },
        )
      : newLoginFlow(client, params, returnTo);
    void load.then((result) => applyFlowResult(result));
  }, [client, params, returnTo, applyFlowResult]);

  const submit = useCallback(
    async (current: KratosFlow, body: PasswordLoginBody) => {
      setSubmitting(true);
      setNotice(null);
      setFailure(null);
      try {
        const result = await submitLogin(client, current.id, body);
        if (result.kind === 'success') goTo(returnTo);
        else if (result.kind === 'redirect') goTo(result.to);
        else setFlow(result.flow);
      } catch (error: unknown) {
        const id = kratosErrorId(error);
        if (id === 'session_already_available') goTo(returnTo);
        else if (error instanceof ApiError && error.status === 410) {
          await startFlow({ id: 0, type: 'info', text: FLOW_MESSAGES.expired });
        } else if (id === 'security_csrf_violation') {
          await startFlow({ id: 0, type: 'error', text: FLOW_MESSAGES.csrf });
        } else if (id === 'self_service_flow_return_to_forbidden') {
          setFailure(FLOW_MESSAGES.returnToForbidden);
        } else setFailure(errorMessage(error));
      } finally {
        setSubmitting(false);
      }
    },
    [client, returnTo, startFlow],
  );

  useEffect(() => {
    if (!flow || !credentials || autoSubmitted.current) return;
    autoSubmitted.current = true;
    const csrf = flow.ui.nodes.find((node) => node.attributes.name === 'csrf_token');
    clearUrlCredentials();
    void submit(flow, {
      method: 'password',
      identifier: credentials.identifier,
      password: credentials.password,
      csrf_token: typeof csrf?.attributes.value === 'string' ? csrf.attributes.value : undefined,
    });
  }, [flow, credentials, submit]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!flow) return;
    const data = new FormData(event.currentTarget);
    void submit(flow, {
      method: 'password',
      identifier: String(data.get('identifier') ?? ''),
      password: String(data.get('password') ?? ''),
      csrf_token: data.has('csrf_token') ? String(data.get('csrf_token')) : undefined,
    });
  };

  const nodes = flow?.ui.nodes.filter((node) => ['default', 'password'].includes(node.group)) ?? [];
  const messages = [...(notice ? [notice] : []), ...(flow?.ui.messages ?? [])];

  return (
    <main className="flex min-h-full flex-col items-center justify-center bg-bg px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center gap-3 text-center">
          <Logo size={44} />
          <h1 className="text-xl font-semibold tracking-tight text-fg">Sign In to your account</h1>
          <p className="text-sm text-fg-muted">Welcome back to Vigil.</p>
        </div>
        <div className="rounded-xl border border-border bg-surface p-6 shadow-md sm:p-8">
          {failure ? (
            <MessageList className="mb-4" messages={[{ id: 0, type: 'error', text: failure }]} />
          ) : null}
          <MessageList className="mb-4" messages={messages} />
          {flow ? (
            <form
              noValidate={false}
              onSubmit={onSubmit}
              aria-label="Sign in"
              className="flex flex-col gap-4"
              aria-busy={isSubmitting || undefined}
            >
              {nodes.map((node) => (
                <NodeField
                  key={`${node.group}:${node.attributes.name}`}
                  node={node}
                  disabled={isSubmitting}
                />
              ))}
              <Button
                type="submit"
                variant="primary"
                className="mt-2 h-10 w-full"
                isLoading={isSubmitting}
              >
                {submitLabel(flow.ui.nodes)}
              </Button>
            </form>
          ) : failure ? (
            <Button variant="secondary" className="w-full" onClick={() => void startFlow()}>
              Try again
            </Button>
          ) : (
            <div className="flex justify-center py-8 text-fg-muted">
              <Spinner size={20} label="Preparing sign-in" />
            </div>
          )}
        </div>
      </div>
    </main>
  );
}
