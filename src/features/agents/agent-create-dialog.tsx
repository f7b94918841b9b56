/**
 * Add Agent: name, properties, Kubernetes (with the scrape interval) and telemetry (with the
 * topology name) → `POST /agent/generate` → toast 'Agent created' → the Installation
 * Instructions with the access token, which is never stored anywhere else.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useCreateAgent } from '../../api/agents';
import { errorMessage } from '../../api/client';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Switch } from '../../ui/switch';
import { toast } from '../../ui/toast';
import {
  SCRAPE_INTERVALS,
  emptyCreateAgentValues,
  isScrapeInterval,
  validateCreateAgent,
  type CreateAgentErrors,
  type CreateAgentValues,
} from './agent-form';
import { PropertiesEditor, TextField, selectClass } from './agent-fields';
import { AgentInstallDialog, type CreatedAgent } from './agent-install-dialog';

export const AGENT_CREATED_MESSAGE = 'Agent created';

export function AgentCreateDialog({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const intervalId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<CreateAgentValues>(emptyCreateAgentValues);
  const [errors, setErrors] = useState<CreateAgentErrors>({});
  const [attempt, setAttempt] = useState(0);
  const [created, setCreated] = useState<CreatedAgent | null>(null);
  const create = useCreateAgent();

  // After a rejected submit, take the user to the first field in error.
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  if (created) {
    return <AgentInstallDialog open onClose={onClose} agent={created} />;
  }

  const submit = () => {
    const result = validateCreateAgent(values);
    if (!result.ok) {
      setErrors(result.errors);
      setAttempt((count) => count + 1);
      return;
    }
    setErrors({});
    const request = result.request;
    create.mutate(request, {
      onSuccess: (response) => {
        toast.success(AGENT_CREATED_MESSAGE);
        setCreated({
          name: request.name,
          accessToken: response.access_token,
          kubernetes: values.kubernetes,
          pushTelemetry: request.pushTelemetry ?? { enabled: false },
        });
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <Dialog
      open
      // Closing while the request runs would lose the one-time token.
      onClose={create.isPending ? () => undefined : onClose}
      title="Add Agent"
      description="Register an agent, then install it in the cluster with the commands shown next."
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
        <TextField
          label="Name"
          required
          data-autofocus
          autoComplete="off"
          value={values.name}
          error={errors.name}
          onChange={(name) => {
            setValues((current) => ({ ...current, name }));
            if (errors.name) setErrors((current) => ({ ...current, name: undefined }));
          }}
          hint="Cannot be changed after creation."
        />
        <PropertiesEditor
          rows={values.properties}
          errors={errors.properties}
          onChange={(properties) => {
            setValues((current) => ({ ...current, properties }));
            if (errors.properties) setErrors((current) => ({ ...current, properties: undefined }));
          }}
        />
        <div className="flex flex-col gap-3">
          <Switch
            label="Kubernetes"
            checked={values.kubernetes.enabled}
            onChange={(enabled) =>
              setValues((current) => ({
                ...current,
                kubernetes: { ...current.kubernetes, enabled },
              }))
            }
          />
          {values.kubernetes.enabled ? (
            <div className="flex items-center gap-2 pl-11">
              <label htmlFor={intervalId} className="text-sm text-fg">
                Scrape interval
              </label>
              <select
                id={intervalId}
                className={selectClass}
                value={values.kubernetes.interval}
                onChange={(event) => {
                  const interval = event.target.value;
                  if (!isScrapeInterval(interval)) return;
                  setValues((current) => ({
                    ...current,
                    kubernetes: { ...current.kubernetes, interval },
                  }));
                }}
              >
                {SCRAPE_INTERVALS.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </div>
        <div className="flex flex-col gap-3">
          <Switch
            label="Push Telemetry"
            checked={values.pushTelemetry.enabled}
            onChange={(enabled) =>
              setValues((current) => ({
                ...current,
                pushTelemetry: {
                  enabled,
                  // Start from the agent's name, the usual topology name.
                  topologyName: current.pushTelemetry.topologyName || current.name.trim(),
                },
              }))
            }
          />
          {values.pushTelemetry.enabled ? (
            <TextField
              className="pl-11"
              label="Topology name"
              required
              autoComplete="off"
              value={values.pushTelemetry.topologyName}
              error={errors.topologyName}
              onChange={(topologyName) => {
                setValues((current) => ({
                  ...current,
                  pushTelemetry: { ...current.pushTelemetry, topologyName },
                }));
                if (errors.topologyName) {
                  setErrors((current) => ({ ...current, topologyName: undefined }));
                }
              }}
            />
          ) : null}
        </div>
      </form>
    </Dialog>
  );
}
