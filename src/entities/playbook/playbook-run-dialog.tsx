/**
 * The Run dialog (spec doc 3 §2.10, §5; api.md §10): opened from a playbook card (the resource is
 * chosen here when the playbook runs on checks, configs or components), a check, a config or a
 * component. Parameters come from `POST /playbook/{id}/params` with the resource (defaults already
 * templated); Run stays disabled until a resource is chosen and the form is valid, reads
 * 'Running...' while `POST /playbook/run` is pending, then the console goes to the run.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { useApiClient } from '../../api/api-context';
import { errorMessage } from '../../api/client';
import {
  playbookQueries,
  useRunPlaybook,
  type PlaybookResource,
  type SearchKind,
} from '../../api/playbooks';
import { initialValues, runParams, validateParameters } from '../../api/playbooks-logic';
import type { PlaybookParameter } from '../../api/types';
import { cx } from '../../lib/class-names';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { fieldInputClass } from '../../ui/form-field';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import { ParameterField } from './parameter-field';

/** The run's page (features build it with their own path helpers; this one is the same). */
export const playbookRunPath = (runId: string) => `/playbooks/runs/${encodeURIComponent(runId)}`;

const KIND_LABELS: Record<SearchKind, string> = {
  check: 'Health check',
  config: 'Config',
  component: 'Component',
};

/** Which resource kinds a spec runs on (`checks`, `configs`, `components` selectors). */
export function specResourceKinds(spec: Record<string, unknown> | null | undefined): SearchKind[] {
  if (!spec) return [];
  const kinds: SearchKind[] = [];
  for (const kind of ['check', 'config', 'component'] as const) {
    const selectors = spec[`${kind}s`];
    if (Array.isArray(selectors) && selectors.length > 0) kinds.push(kind);
  }
  return kinds;
}

function ParametersForm({
  formId,
  parameters,
  onValidChange,
  onSubmit,
}: {
  formId: string;
  parameters: PlaybookParameter[];
  onValidChange: (valid: boolean) => void;
  onSubmit: (values: Record<string, string>) => void;
}) {
  const [values, setValues] = useState<Record<string, string>>(() => initialValues(parameters));
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const errors = useMemo(() => validateParameters(parameters, values), [parameters, values]);
  const valid = Object.keys(errors).length === 0;
  // Tell the dialog whether Run may be pressed.
  useEffect(() => onValidChange(valid), [valid, onValidChange]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (valid) onSubmit(runParams(parameters, values));
  };

  if (parameters.length === 0) {
    return (
      <form id={formId} noValidate onSubmit={submit}>
        <p className="m-0 text-sm text-fg-muted">No parameters for this playbook.</p>
      </form>
    );
  }
  return (
    <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
      {parameters.map((parameter) => (
        <ParameterField
          key={parameter.name}
          parameter={parameter}
          value={values[parameter.name] ?? ''}
          error={submitted || touched[parameter.name] ? errors[parameter.name] : undefined}
          onChange={(value) => {
            setValues((current) => ({ ...current, [parameter.name]: value }));
            if (value !== '') setTouched((current) => ({ ...current, [parameter.name]: true }));
          }}
          onBlur={() => setTouched((current) => ({ ...current, [parameter.name]: true }))}
        />
      ))}
    </form>
  );
}

function ResourceChooser({
  kinds,
  kind,
  onKind,
  spec,
  value,
  onChange,
}: {
  kinds: SearchKind[];
  kind: SearchKind;
  onKind: (kind: SearchKind) => void;
  spec: Record<string, unknown>;
  value: string;
  onChange: (id: string) => void;
}) {
  const selectors = spec[`${kind}s`];
  const filter = Array.isArray(selectors) ? selectors[0] : undefined;
  const kindId = useId();
  return (
    <div className="flex flex-col gap-3 rounded-md border border-border bg-surface-sunken p-3">
      {kinds.length > 1 ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={kindId} className="text-sm font-medium text-fg">
            Run on
          </label>
          <select
            id={kindId}
            value={kind}
            onChange={(event) => onKind(event.target.value as SearchKind)}
            className={cx(fieldInputClass, 'px-2')}
          >
            {kinds.map((item) => (
              <option key={item} value={item}>
                {KIND_LABELS[item]}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <ParameterField
        key={kind}
        parameter={{
          name: '__resource',
          label: KIND_LABELS[kind],
          type: kind,
          required: true,
          properties: filter && typeof filter === 'object' ? { filter } : {},
        }}
        value={value}
        onChange={onChange}
      />
    </div>
  );
}

export interface PlaybookRunDialogProps {
  playbook: { id: string; title: string };
  /** The resource it runs on; without it the dialog asks for one when the spec needs it. */
  resource?: PlaybookResource | undefined;
  onClose: () => void;
}

export function PlaybookRunDialog({ playbook, resource, onClose }: PlaybookRunDialogProps) {
  const client = useApiClient();
  const [, navigate] = useLocation();
  const formId = useId();
  const spec = useQuery({
    ...playbookQueries.spec(client, playbook.id),
    enabled: !resource,
  });
  const kinds = specResourceKinds(spec.data?.spec);
  const [chosenKind, setChosenKind] = useState<SearchKind | undefined>();
  const [chosenId, setChosenId] = useState('');
  const kind = chosenKind ?? kinds[0];
  const target: PlaybookResource | undefined =
    resource ?? (kind && chosenId ? { kind, id: chosenId } : undefined);
  const needsResource = !resource && kinds.length > 0;
  const ready = resource ? true : spec.isSuccess && (!needsResource || Boolean(target));
  const params = useQuery({
    ...playbookQueries.params(client, playbook.id, target),
    enabled: ready,
  });
  const [valid, setValid] = useState(false);
  const run = useRunPlaybook();

  const start = (values: Record<string, string>) => {
    run.mutate(
      { id: playbook.id, resource: target, params: values },
      {
        onSuccess: (response) => {
          onClose();
          if (response?.run_id) navigate(playbookRunPath(response.run_id));
        },
        onError: (error: unknown) => toast.error(errorMessage(error)),
      },
    );
  };

  let body;
  if (!resource && spec.isPending) {
    body = <Spinner label="Loading playbook" />;
  } else if (!resource && spec.isError) {
    body = (
      <p role="alert" className="m-0 text-sm text-unhealthy">
        {errorMessage(spec.error)}
      </p>
    );
  } else if (needsResource && !target) {
    body = (
      <p className="m-0 text-sm text-fg-muted">Please select a resource to see the parameters.</p>
    );
  } else if (params.isPending) {
    body = <Spinner label="Loading parameters" />;
  } else if (params.isError) {
    body = (
      <p role="alert" className="m-0 text-sm text-unhealthy">
        {errorMessage(params.error)}
      </p>
    );
  } else {
    body = (
      <ParametersForm
        key={`${target?.kind ?? ''}:${target?.id ?? ''}`}
        formId={formId}
        parameters={params.data}
        onValidChange={setValid}
        onSubmit={start}
      />
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      size="md"
      title={`Run ${playbook.title}`}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="primary"
            type="submit"
            form={formId}
            disabled={!params.isSuccess || !valid || run.isPending}
          >
            {run.isPending ? 'Running...' : 'Run'}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {needsResource && kind && spec.data ? (
          <ResourceChooser
            kinds={kinds}
            kind={kind}
            onKind={(next) => {
              setChosenKind(next);
              setChosenId('');
            }}
            spec={spec.data.spec}
            value={chosenId}
            onChange={setChosenId}
          />
        ) : null}
        <div className="flex min-h-16 flex-col justify-center">{body}</div>
      </div>
    </Dialog>
  );
}
