/**
 * Run a playbook on the check: its parameters (defaults already templated against the check,
 * `POST /playbook/{id}/params`), then `POST /playbook/run` with the check id (api.md §10). On
 * success the console goes to the run's page.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { useApiClient } from '../../../api/api-context';
import {
  checkQueries,
  runPlaybook,
  type PlaybookParameter,
  type RunnablePlaybook,
} from '../../../api/checks';
import { errorMessage } from '../../../api/client';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { Spinner } from '../../../ui/spinner';
import { toast } from '../../../ui/toast';
import { checkDialogPaths } from './check-dialog-links';
import { fieldClass, REQUIRED_MESSAGE } from './check-form';

function defaultText(parameter: PlaybookParameter): string {
  const value = parameter.default;
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function isCheckbox(parameter: PlaybookParameter) {
  return parameter.type === 'checkbox';
}

function isMultiline(parameter: PlaybookParameter) {
  return parameter.type === 'code' || parameter.properties?.multiline === true;
}

function ParameterField({
  parameter,
  value,
  error,
  onChange,
}: {
  parameter: PlaybookParameter;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const label = parameter.label || parameter.name;
  const describedBy =
    [error ? errorId : null, parameter.description ? hintId : null].filter(Boolean).join(' ') ||
    undefined;
  if (isCheckbox(parameter)) {
    return (
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          checked={value === 'true'}
          onChange={(event) => onChange(event.target.checked ? 'true' : 'false')}
          aria-describedby={describedBy}
          className="size-4 accent-primary"
        />
        <label htmlFor={id} className="text-sm text-fg">
          {label}
        </label>
      </div>
    );
  }
  const common = {
    id,
    value,
    required: parameter.required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: fieldClass,
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
        {parameter.required ? (
          <span aria-hidden="true" className="text-danger">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {isMultiline(parameter) ? (
        <textarea
          {...common}
          rows={5}
          className={`${fieldClass} font-mono`}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input {...common} type="text" onChange={(event) => onChange(event.target.value)} />
      )}
      {parameter.description ? (
        <p id={hintId} className="m-0 text-xs text-fg-muted">
          {parameter.description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="m-0 text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface CheckPlaybookRunDialogProps {
  checkId: string;
  playbook: RunnablePlaybook;
  onClose: () => void;
}

export function CheckPlaybookRunDialog({
  checkId,
  playbook,
  onClose,
}: CheckPlaybookRunDialogProps) {
  const client = useApiClient();
  const [, navigate] = useLocation();
  const params = useQuery(checkQueries.playbookParams(client, checkId, playbook.id));
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formId = useId();
  const parameters = params.data ?? [];
  const valueOf = (parameter: PlaybookParameter) =>
    values[parameter.name] ??
    (isCheckbox(parameter)
      ? defaultText(parameter) === 'true'
        ? 'true'
        : 'false'
      : defaultText(parameter));

  const run = useMutation({
    mutationFn: (input: Record<string, string>) =>
      runPlaybook(client, { id: playbook.id, check_id: checkId, params: input }),
    onSuccess: (response) => {
      toast.success(`Playbook ${playbook.title} scheduled`);
      onClose();
      if (response?.run_id) navigate(checkDialogPaths.playbookRun(response.run_id));
    },
    onError: (error: unknown) => {
      toast.error(errorMessage(error));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    const input: Record<string, string> = {};
    for (const parameter of parameters) {
      const value = valueOf(parameter);
      if (parameter.required && !isCheckbox(parameter) && value.trim() === '') {
        next[parameter.name] = REQUIRED_MESSAGE;
      }
      input[parameter.name] = value;
    }
    setErrors(next);
    if (Object.keys(next).length === 0) run.mutate(input);
  };

  return (
    <Dialog
      open
      onClose={onClose}
      size="md"
      title={`Run ${playbook.title}`}
      description="The playbook runs against this health check."
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="primary"
            type="submit"
            form={formId}
            isLoading={run.isPending}
            disabled={!params.isSuccess}
          >
            Run
          </Button>
        </>
      }
    >
      {params.isPending ? (
        <div className="flex justify-center py-6 text-fg-muted">
          <Spinner label="Loading parameters" />
        </div>
      ) : params.isError ? (
        <p role="alert" className="m-0 text-sm text-unhealthy">
          {errorMessage(params.error)}
        </p>
      ) : (
        <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-3">
          {parameters.length === 0 ? (
            <p className="m-0 text-sm text-fg-muted">This playbook has no parameters.</p>
          ) : (
            parameters.map((parameter) => (
              <ParameterField
                key={parameter.name}
                parameter={parameter}
                value={valueOf(parameter)}
                error={errors[parameter.name]}
                onChange={(value) =>
                  setValues((current) => ({ ...current, [parameter.name]: value }))
                }
              />
            ))
          )}
        </form>
      )}
    </Dialog>
  );
}
