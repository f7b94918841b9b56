/**
 * Create Embed Token: name, expiry and scope → `POST /embed-tokens` → toast → the token, shown
 * once with a copy button, its expiry, its scope and a widget snippet. The token lives only in
 * this component's state: closing the dialog forgets it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useRuntimeConfig } from '../../api/api-context';
import { errorMessage } from '../../api/client';
import { useCreateEmbedToken, type CreatedEmbedToken } from '../../api/embed-tokens';
import { formatTimestamp } from '../../lib/time';
import { Button } from '../../ui/button';
import { copyToClipboard } from '../../ui/copy-to-clipboard';
import { Dialog } from '../../ui/dialog';
import { CopyIcon, InfoIcon } from '../../ui/icons';
import { IconButton } from '../../ui/icon-button';
import { toast } from '../../ui/toast';
import { SelectField, TextAreaField, TextInputField } from '../../ui/form-field';
import {
  EMBED_TOKEN_EXPIRIES,
  SCOPE_ID_FIELDS,
  emptyEmbedTokenValues,
  isEmbedTokenExpiry,
  validateEmbedTokenForm,
  type EmbedTokenFormErrors,
  type EmbedTokenFormValues,
  type ScopeIdField,
} from './embed-token-form';
import { EmbedTokenScopeList } from './embed-token-scope';

export const EMBED_TOKEN_CREATED_MESSAGE = 'Embed token created';

/** The widget markup for a new token, against this console's API. */
export function widgetSnippet(apiBase: string, origin: string, token: string): string {
  const base = /^https?:\/\//.test(apiBase) ? apiBase : `${origin}${apiBase}`;
  return [
    `<script type="module" src="${origin}/widgets/vigil-widgets.js"></script>`,
    `<vigil-health-summary api-base="${base}" embed-token="${token}"></vigil-health-summary>`,
  ].join('\n');
}

function CreatedTokenView({
  created,
  onClose,
}: {
  created: CreatedEmbedToken;
  onClose: () => void;
}) {
  const config = useRuntimeConfig();
  const snippet = widgetSnippet(config.apiBase, window.location.origin, created.token);
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title="New embed token"
      description={
        <>
          Copy the token for <strong className="font-semibold text-fg">{created.name}</strong> now:
          it is shown only once.
        </>
      }
      footer={
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <div className="flex flex-col gap-5">
        <div>
          <p className="mb-1 text-sm font-medium text-fg">Token</p>
          <div className="flex items-center gap-1 rounded-md border border-border bg-surface-sunken py-0.5 pr-0.5 pl-2">
            <code className="min-w-0 flex-1 font-mono text-xs break-all text-fg" data-secret>
              {created.token}
            </code>
            <IconButton
              label="Copy token"
              size="sm"
              icon={<CopyIcon size={14} />}
              onClick={() => void copyToClipboard(created.token)}
              // Enter copies rather than closes: the token must not be lost by a keystroke.
              data-autofocus
            />
          </div>
          <p className="mt-2 flex items-start gap-1.5 text-xs text-fg-muted">
            <InfoIcon size={14} className="mt-px shrink-0" />
            Anyone who can read the page the widget is on can read this token. Revoke it here when
            the page no longer needs it.
          </p>
        </div>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-fg-muted">Expires</dt>
          <dd>
            <time dateTime={created.expires_at}>{formatTimestamp(created.expires_at)}</time>
          </dd>
          <dt className="text-fg-muted">Scope</dt>
          <dd>
            <EmbedTokenScopeList scope={created.scope} />
          </dd>
        </dl>
        <div className="rounded-md border border-border bg-surface-sunken">
          <div className="flex items-center justify-between gap-2 border-b border-border px-3 py-1.5">
            <span className="text-xs font-medium text-fg-muted">Widget snippet</span>
            <Button
              size="sm"
              variant="ghost"
              icon={<CopyIcon size={14} />}
              onClick={() => void copyToClipboard(snippet)}
            >
              Copy
              <span className="sr-only"> widget snippet</span>
            </Button>
          </div>
          <pre className="p-3 font-mono text-xs leading-relaxed break-all whitespace-pre-wrap text-fg">
            <code>{snippet}</code>
          </pre>
        </div>
      </div>
    </Dialog>
  );
}

export function EmbedTokenCreateDialog({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<EmbedTokenFormValues>(emptyEmbedTokenValues);
  const [errors, setErrors] = useState<EmbedTokenFormErrors>({});
  const [attempt, setAttempt] = useState(0);
  const [created, setCreated] = useState<CreatedEmbedToken | null>(null);
  const create = useCreateEmbedToken();

  // After a rejected submit, take the user to the first field in error.
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  if (created) return <CreatedTokenView created={created} onClose={onClose} />;

  const clearError = (key: keyof EmbedTokenFormErrors) => {
    if (errors[key] || errors.scope) {
      setErrors((current) => ({ ...current, [key]: undefined, scope: undefined }));
    }
  };
  const setId = (key: ScopeIdField, text: string) => {
    setValues((current) => ({ ...current, ids: { ...current.ids, [key]: text } }));
    clearError(key);
  };

  const submit = () => {
    const result = validateEmbedTokenForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      setAttempt((count) => count + 1);
      return;
    }
    setErrors({});
    create.mutate(result.request, {
      onSuccess: (response) => {
        toast.success(EMBED_TOKEN_CREATED_MESSAGE);
        setCreated(response);
      },
    });
  };

  return (
    <Dialog
      open
      // Closing while the request runs would lose the one-time token.
      onClose={create.isPending ? () => undefined : onClose}
      size="lg"
      title="Create Embed Token"
      description="A read-only token for widgets on other pages, limited to the resources named below."
      footer={
        <>
          <Button onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="primary" isLoading={create.isPending}>
            Create
          </Button>
        </>
      }
    >
      <form
        id={formId}
        ref={formRef}
        noValidate
        className="flex flex-col gap-5"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {create.isError ? (
          <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-sm text-danger">
            {errorMessage(create.error)}
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
          <TextInputField
            label="Name"
            required
            data-autofocus
            autoComplete="off"
            value={values.name}
            error={errors.name}
            placeholder="Payments wiki"
            onChange={(name) => {
              setValues((current) => ({ ...current, name }));
              clearError('name');
            }}
          />
          <SelectField
            label="Expires in"
            value={values.expiresIn}
            options={EMBED_TOKEN_EXPIRIES}
            onChange={(expiresIn) => {
              if (isEmbedTokenExpiry(expiresIn)) {
                setValues((current) => ({ ...current, expiresIn }));
              }
            }}
          />
        </div>
        <fieldset className="flex flex-col gap-3" aria-describedby={`${formId}-scope-hint`}>
          <legend className="mb-1 text-sm font-medium text-fg">Scope</legend>
          <p id={`${formId}-scope-hint`} className="text-xs text-fg-muted">
            The token may read what any field names: ids one per line (or separated by commas),
            labels as key=value lines. Everything else is refused.
          </p>
          {errors.scope ? (
            <p role="alert" className="text-xs font-medium text-danger">
              {errors.scope}
            </p>
          ) : null}
          <div className="grid gap-3 sm:grid-cols-2">
            {SCOPE_ID_FIELDS.map((field) => (
              <TextAreaField
                key={field.key}
                label={field.label}
                value={values.ids[field.key]}
                error={errors[field.key]}
                onChange={(text) => setId(field.key, text)}
                rows={2}
                spellCheck={false}
                controlClassName="py-1.5 font-mono text-xs"
              />
            ))}
            <TextAreaField
              label="Checks with labels"
              value={values.labels}
              error={errors.labels}
              placeholder="team=payments"
              hint="Checks carrying all of these labels, now or later."
              rows={2}
              spellCheck={false}
              controlClassName="py-1.5 font-mono text-xs"
              onChange={(labels) => {
                setValues((current) => ({ ...current, labels }));
                clearError('labels');
              }}
            />
          </div>
        </fieldset>
      </form>
    </Dialog>
  );
}
