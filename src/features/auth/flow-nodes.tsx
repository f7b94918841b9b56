/**
 * One Kratos UI node each (docs/identity.md "Nodes by group"): labelled inputs with their
 * messages, submit buttons by label, the TOTP QR (`img`), the TOTP secret and the recovery codes
 * (`text`), links (`a`) and the list of registered security keys. The form around them is
 * `flow-form.tsx`.
 */
import { useId, type ReactNode } from 'react';
import type { FlowKind } from '../../api/kratos-flows';
import type { KratosUiNode, KratosUiText } from '../../api/types';
import { cx } from '../../lib/class-names';
import { Button, type ButtonVariant } from '../../ui/button';
import { copyToClipboard } from '../../ui/copy-to-clipboard';
import { fieldInputClass } from '../../ui/form-field';
import {
  AlertCircleIcon,
  CheckIcon,
  CopyIcon,
  DownloadIcon,
  InfoIcon,
  type IconProps,
} from '../../ui/icon-base';

/** A key (the shared icon set has none; drawn like its 24×24 stroke icons). */
function KeyIcon({ size = 16, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <circle cx="7.5" cy="15.5" r="4.5" />
      <path d="m10.7 12.3 9.8-9.8M16 7l3 3M19 4l2 2" />
    </svg>
  );
}

const FALLBACK_LABELS: Record<string, string> = {
  identifier: 'Email or username',
  password: 'Password',
  'traits.email': 'Email',
  'traits.name.first': 'First name',
  'traits.name.last': 'Last name',
  email: 'Email',
  code: 'Verification code',
  totp_code: 'Authentication code',
  lookup_secret: 'Recovery code',
  webauthn_register_displayname: 'Name of the security key',
};

const FALLBACK_BUTTONS: Record<string, string> = {
  totp_unlink: 'Unlink TOTP authenticator app',
  lookup_secret_regenerate: 'Generate new recovery codes',
  lookup_secret_confirm: 'Confirm recovery codes',
  lookup_secret_reveal: 'Reveal recovery codes',
  lookup_secret_disable: 'Disable recovery codes',
  webauthn_register_trigger: 'Add security key',
  webauthn_login_trigger: 'Use security key',
  email: 'Resend code',
};

const METHOD_BUTTONS: Partial<Record<FlowKind, Record<string, string>>> = {
  login: { password: 'Sign in', totp: 'Verify', lookup_secret: 'Use recovery code' },
  registration: { password: 'Create account' },
  recovery: { code: 'Continue' },
  verification: { code: 'Continue' },
  settings: { password: 'Change password', profile: 'Save', totp: 'Save' },
};

/** The visible label of an input node. */
export function nodeLabel(node: KratosUiNode): string {
  const server = node.meta.label?.text;
  // Kratos labels the identifier just "ID"; say what is accepted instead.
  if (server && !(node.attributes.name === 'identifier' && server === 'ID')) return server;
  return FALLBACK_LABELS[node.attributes.name] ?? server ?? node.attributes.name;
}

/** The text of a button node. */
export function buttonLabel(node: KratosUiNode, kind: FlowKind): string {
  const server = node.meta.label?.text;
  if (server) return server;
  const { name, value } = node.attributes;
  if (name === 'method' && typeof value === 'string') {
    return METHOD_BUTTONS[kind]?.[value] ?? 'Continue';
  }
  if (name === 'provider' && typeof value === 'string') return `Sign in with ${value}`;
  return FALLBACK_BUTTONS[name] ?? 'Continue';
}

/** The look of a button node: the method submit leads, removals warn, the rest are secondary. */
export function buttonVariant(node: KratosUiNode): ButtonVariant {
  const { name } = node.attributes;
  if (name === 'method' || name === 'webauthn_register_trigger') return 'primary';
  if (name === 'lookup_secret_confirm') return 'primary';
  if (name === 'webauthn_login_trigger') return 'primary';
  if (/unlink|disable|remove/.test(name)) return 'danger';
  return 'secondary';
}

function autoCompleteFor(node: KratosUiNode, kind: FlowKind): string | undefined {
  if (node.attributes.autocomplete) return node.attributes.autocomplete;
  switch (node.attributes.name) {
    case 'identifier':
      return 'username';
    case 'password':
      return kind === 'login' ? 'current-password' : 'new-password';
    case 'traits.email':
    case 'email':
      return 'email';
    case 'traits.name.first':
      return 'given-name';
    case 'traits.name.last':
      return 'family-name';
    case 'code':
    case 'totp_code':
      return 'one-time-code';
    default:
      return undefined;
  }
}

const MESSAGE_STYLES: Record<string, { className: string; prefix: string }> = {
  error: { className: 'bg-danger-soft text-danger', prefix: 'Error: ' },
  success: { className: 'bg-healthy-soft text-healthy', prefix: 'Success: ' },
  info: { className: 'bg-info-soft text-info', prefix: '' },
};

function MessageIcon({ type }: { type: string }) {
  const className = 'mt-0.5 shrink-0';
  if (type === 'error') return <AlertCircleIcon size={16} className={className} />;
  if (type === 'success') return <CheckIcon size={16} className={className} />;
  return <InfoIcon size={16} className={className} />;
}

/**
 * Flow-level messages: errors are alerts, the rest status; each has an icon of its own and a
 * spoken prefix, so the kind does not rest on colour. Errors can take focus (after a 400).
 */
export function FlowMessages({
  messages,
  className,
}: {
  messages: readonly KratosUiText[];
  className?: string;
}) {
  if (messages.length === 0) return null;
  return (
    <ul className={cx('flex flex-col gap-2', className)}>
      {messages.map((message) => {
        const style = MESSAGE_STYLES[message.type] ?? MESSAGE_STYLES.info!;
        const isError = message.type === 'error';
        return (
          <li key={`${message.id}-${message.text}`}>
            {/* The live-region role sits inside the item, so the list keeps list items only. */}
            <div
              role={isError ? 'alert' : 'status'}
              tabIndex={isError ? -1 : undefined}
              data-flow-message={message.type}
              className={cx(
                'flex items-start gap-2 rounded-md px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-primary',
                style.className,
              )}
            >
              <MessageIcon type={message.type} />
              <span>
                {style.prefix ? <span className="sr-only">{style.prefix}</span> : null}
                {message.text}
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** A node's own messages (under its field or button). */
export function NodeMessages({ id, messages }: { id: string; messages: readonly KratosUiText[] }) {
  if (messages.length === 0) return null;
  return (
    <div id={id} className="flex flex-col gap-0.5">
      {messages.map((message) => (
        <p
          key={`${message.id}-${message.text}`}
          className={cx(
            'flex items-start gap-1.5 text-sm',
            message.type === 'error' ? 'text-danger' : 'text-fg-muted',
          )}
        >
          {message.type === 'error' ? (
            <AlertCircleIcon size={14} className="mt-0.5 shrink-0" />
          ) : null}
          <span>{message.text}</span>
        </p>
      ))}
    </div>
  );
}

/** A text, email, password, number or checkbox input with its label and messages. */
export function NodeInput({
  node,
  kind,
  readOnly = false,
}: {
  node: KratosUiNode;
  kind: FlowKind;
  readOnly?: boolean;
}) {
  const id = useId();
  const { attributes } = node;
  const messagesId = `${id}-messages`;
  const hasErrors = node.messages.some((message) => message.type === 'error');
  const describedBy = node.messages.length > 0 ? messagesId : undefined;
  const label = nodeLabel(node);
  if (attributes.type === 'checkbox') {
    return (
      <div className="flex flex-col gap-1">
        <div className="flex items-center gap-2">
          <input
            id={id}
            type="checkbox"
            name={attributes.name}
            value="true"
            defaultChecked={attributes.value === true || attributes.value === 'true'}
            required={attributes.required}
            disabled={attributes.disabled}
            aria-invalid={hasErrors || undefined}
            aria-describedby={describedBy}
            className="size-4 rounded border-border text-primary focus-visible:outline-2 focus-visible:outline-primary"
          />
          <label htmlFor={id} className="text-sm text-fg">
            {label}
          </label>
        </div>
        <NodeMessages id={messagesId} messages={node.messages} />
      </div>
    );
  }
  const type = ['email', 'password', 'number', 'tel', 'url'].includes(attributes.type)
    ? attributes.type
    : 'text';
  const isCode = ['code', 'totp_code', 'lookup_secret'].includes(attributes.name);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <input
        id={id}
        name={attributes.name}
        type={type}
        defaultValue={
          typeof attributes.value === 'string' || typeof attributes.value === 'number'
            ? String(attributes.value)
            : undefined
        }
        required={attributes.required}
        // A read-only field is still sent (a disabled one would not be).
        readOnly={readOnly || attributes.disabled}
        autoComplete={autoCompleteFor(node, kind)}
        inputMode={isCode && attributes.name !== 'lookup_secret' ? 'numeric' : undefined}
        pattern={attributes.pattern}
        maxLength={attributes.maxlength}
        aria-invalid={hasErrors || undefined}
        aria-describedby={describedBy}
        className={cx(fieldInputClass, 'h-10', isCode && 'font-mono tracking-widest')}
      />
      <NodeMessages id={messagesId} messages={node.messages} />
    </div>
  );
}

/** An `img` node: the TOTP QR code. */
export function NodeImage({ node }: { node: KratosUiNode }) {
  const { attributes } = node;
  if (!attributes.src) return null;
  const alt =
    node.meta.label?.text ??
    (attributes.id === 'totp_qr' ? 'QR code to scan with your authenticator app' : 'Image');
  return (
    <figure className="flex flex-col items-start gap-2">
      <div className="rounded-lg border border-border bg-white p-3">
        <img
          src={attributes.src}
          alt={alt}
          width={attributes.width ?? 180}
          height={attributes.height ?? 180}
          className="block"
        />
      </div>
      <figcaption className="text-sm text-fg-muted">
        Scan it with your authenticator app, or enter the secret below.
      </figcaption>
    </figure>
  );
}

function secretsOf(node: KratosUiNode): string[] {
  const secrets = node.attributes.text?.context?.secrets;
  if (!Array.isArray(secrets)) return [];
  return secrets
    .map((secret: unknown) =>
      secret && typeof secret === 'object' && 'text' in secret
        ? String((secret as { text: unknown }).text)
        : '',
    )
    .filter(Boolean);
}

function downloadText(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The recovery codes, shown once: a grid with Copy all and Download. */
export function RecoveryCodes({ node }: { node: KratosUiNode }) {
  const headingId = useId();
  const codes = secretsOf(node);
  const text = codes.join('\n');
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <p id={headingId} className="text-sm text-fg">
        {node.meta.label?.text ??
          'These are your recovery codes. Keep them somewhere safe: each works once, and they are shown only now.'}
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-lg border border-border bg-surface-sunken p-4 sm:grid-cols-3"
      >
        {codes.map((code, index) => (
          <li key={`${code}-${index}`} className="font-mono text-sm text-fg">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" icon={<CopyIcon size={14} />} onClick={() => void copyToClipboard(text)}>
          Copy all
        </Button>
        <Button
          size="sm"
          icon={<DownloadIcon size={14} />}
          onClick={() => downloadText('vigil-recovery-codes.txt', `${text}\n`)}
        >
          Download
        </Button>
      </div>
    </section>
  );
}

/** A `text` node: the recovery codes, or a value (the TOTP secret) as copyable code. */
export function NodeText({ node }: { node: KratosUiNode }) {
  const labelId = useId();
  if (node.attributes.id === 'lookup_secret_codes' || secretsOf(node).length > 0) {
    return <RecoveryCodes node={node} />;
  }
  const value = node.attributes.text?.text ?? '';
  const isSecret = node.attributes.id === 'totp_secret_key';
  const label =
    node.meta.label?.text ??
    (isSecret ? "Your authenticator app's secret, if you cannot scan the QR code" : undefined);
  return (
    <div className="flex flex-col gap-1.5">
      {label ? (
        <p id={labelId} className="text-sm text-fg-muted">
          {label}
        </p>
      ) : null}
      <div className="flex items-center gap-2">
        <code
          aria-labelledby={label ? labelId : undefined}
          className="min-w-0 flex-1 rounded-md border border-border bg-surface-sunken px-3 py-2 font-mono text-sm break-all text-fg"
        >
          {value}
        </code>
        {isSecret ? (
          <Button
            size="sm"
            icon={<CopyIcon size={14} />}
            aria-label="Copy secret"
            onClick={() => void copyToClipboard(value)}
          >
            Copy
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** An `a` node. */
export function NodeAnchor({ node }: { node: KratosUiNode }) {
  const { href, title } = node.attributes;
  if (!href) return null;
  return (
    <a href={href} className="text-sm font-medium text-primary hover:underline">
      {title?.text ?? node.meta.label?.text ?? href}
    </a>
  );
}

/** The registered security keys (`webauthn_remove` buttons: label = name, value = key id). */
export function SecurityKeyList({
  nodes,
  renderRemove,
}: {
  nodes: readonly KratosUiNode[];
  renderRemove: (node: KratosUiNode, name: string) => ReactNode;
}) {
  return (
    <ul
      aria-label="Your security keys"
      className="divide-y divide-border rounded-lg border border-border"
    >
      {nodes.map((node) => {
        const name =
          node.meta.label?.text?.replace(/^Remove security key "?|"?$/g, '') || 'Security key';
        return (
          <li
            key={String(node.attributes.value)}
            className="flex items-center justify-between gap-3 px-4 py-3"
          >
            <span className="flex min-w-0 items-center gap-2 text-sm text-fg">
              <KeyIcon size={16} className="shrink-0 text-fg-muted" />
              <span className="truncate">{name}</span>
            </span>
            {renderRemove(node, name)}
          </li>
        );
      })}
    </ul>
  );
}
