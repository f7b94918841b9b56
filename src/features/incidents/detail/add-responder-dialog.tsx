/**
 * The add-responder wizard (spec doc 2 §4, §5): Select Responder (a team or a person; choosing
 * one clears the other; 'None' means no choice) → for a team, Responder Type (the client types
 * the team has configured, a list that scrolls past 6; 'There are no responders configured for
 * this team') with the type's fields, all required ('Please provide valid value') → Save Team
 * Responder, with Back. A person goes straight to Add. Jira and Planner read their instance,
 * project / plan, issue type / bucket and priority from the team's integration configs, each
 * selector waiting for the one before it.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApiClient } from '../../../api/api-context';
import { errorMessage } from '../../../api/client';
import {
  createResponder,
  incidentDetailQueries,
  type IntegrationConfig,
} from '../../../api/incident-detail';
import type { ResponderType } from '../../../api/incident-model';
import { cx } from '../../../lib/class-names';
import { useSession } from '../../../rbac/session-context';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { toast } from '../../../ui/toast';
import { useIncidentRefresh } from './use-incident-refresh';
import { SelectField, TextField } from './workspace-fields';
import {
  MULTILINE_FIELDS,
  TEXTS,
  fieldLabel,
  integrationOptions,
  responderFormFields,
  responderProperties,
  responderTypeLabel,
  teamResponderDefaults,
  teamResponderTypes,
  validateResponderFields,
} from './workspace-model';

type Step = 'select' | 'type';

/** The selectors of Jira and Planner: which list each reads and which choice it waits for. */
const SELECTORS: Partial<
  Record<
    ResponderType,
    {
      field: string;
      list: 'projects' | 'issueTypes' | 'priorities' | 'plans' | 'buckets';
      after: string;
    }[]
  >
> = {
  jira: [
    { field: 'project', list: 'projects', after: 'instance' },
    { field: 'issueType', list: 'issueTypes', after: 'project' },
    { field: 'priority', list: 'priorities', after: 'project' },
  ],
  ms_planner: [
    { field: 'plan_id', list: 'plans', after: 'instance' },
    { field: 'bucket_id', list: 'buckets', after: 'plan_id' },
    { field: 'priority', list: 'priorities', after: 'instance' },
  ],
};

/** What a change clears (spec doc 2 §5): the instance clears project and issue type; the plan the bucket. */
const CLEARS: Record<string, readonly string[]> = {
  instance: ['project', 'issueType', 'priority', 'plan_id', 'bucket_id'],
  project: ['issueType'],
  plan_id: ['bucket_id'],
};

/**
 * The instances worth a selector: configs holding the lists their first selectors read (a config
 * of the lookup without them would only offer empty selectors; docs/incidents.md).
 */
function withLists(
  type: ResponderType | undefined,
  configs: readonly IntegrationConfig[],
): IntegrationConfig[] {
  const first = (type ? SELECTORS[type] : undefined)?.filter((s) => s.after === 'instance') ?? [];
  return configs.filter((config) =>
    first.some((selector) => integrationOptions(config, selector.list).length > 0),
  );
}

function TypeFields({
  type,
  values,
  errors,
  onChange,
  configs,
}: {
  type: ResponderType;
  values: Record<string, string>;
  errors: Record<string, string>;
  onChange: (field: string, value: string) => void;
  configs: readonly IntegrationConfig[];
}) {
  const selectors = SELECTORS[type];
  // Without a configured instance the fields are typed in.
  const withSelectors = selectors !== undefined && configs.length > 0;
  const instance = configs.find((config) => config.id === values.instance);
  const selectorFor = (field: string) => selectors?.find((s) => s.field === field);

  return (
    <div className="flex flex-col gap-3">
      {withSelectors ? (
        <SelectField
          label={type === 'jira' ? 'Jira instance' : 'Planner instance'}
          value={values.instance ?? ''}
          onChange={(value) => onChange('instance', value)}
          error={errors.instance}
          options={configs.map((config) => ({ value: config.id, label: config.name ?? config.id }))}
        />
      ) : null}
      {responderFormFields(type).map((field) => {
        const selector = withSelectors ? selectorFor(field) : undefined;
        if (selector) {
          const parentValue = values[selector.after] ?? '';
          return (
            <SelectField
              key={field}
              label={fieldLabel(field)}
              name={field}
              value={values[field] ?? ''}
              onChange={(value) => onChange(field, value)}
              error={errors[field]}
              disabled={!parentValue}
              options={integrationOptions(
                instance,
                selector.list,
                selector.after === 'instance' ? undefined : parentValue,
              )}
            />
          );
        }
        return (
          <TextField
            key={field}
            label={fieldLabel(field)}
            name={field}
            multiline={MULTILINE_FIELDS.includes(field)}
            value={values[field] ?? ''}
            onChange={(value) => onChange(field, value)}
            error={errors[field]}
          />
        );
      })}
    </div>
  );
}

export function AddResponderDialog({
  incidentId,
  onClose,
}: {
  incidentId: string;
  onClose: () => void;
}) {
  const client = useApiClient();
  const { user } = useSession();
  const refresh = useIncidentRefresh(incidentId);
  const teams = useQuery(incidentDetailQueries.teams(client));
  const people = useQuery(incidentDetailQueries.people(client));
  const [step, setStep] = useState<Step>('select');
  const [teamId, setTeamId] = useState('');
  const [personId, setPersonId] = useState('');
  const [type, setType] = useState<ResponderType | ''>('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [selectError, setSelectError] = useState<string | undefined>();
  const team = teams.data?.find((item) => item.id === teamId);
  const types = teamResponderTypes(team);
  const kind = type === 'jira' || type === 'ms_planner' ? type : undefined;
  const instances = useQuery({
    ...incidentDetailQueries.integrations(client, kind ?? 'jira', teamId),
    enabled: kind !== undefined && teamId !== '',
  });
  const configs = kind ? withLists(kind, instances.data ?? []) : [];

  const save = useMutation({
    mutationFn: () => {
      if (!user) throw new Error('Not signed in');
      if (personId) {
        return createResponder(client, {
          incidentId,
          createdBy: user.id,
          type: 'person',
          personId,
          properties: { responderType: 'person', person: personId },
        });
      }
      if (!type) throw new Error('No responder type');
      return createResponder(client, {
        incidentId,
        createdBy: user.id,
        type,
        teamId,
        properties: responderProperties(type, values),
      });
    },
    onSuccess: () => {
      toast.success(TEXTS.responderAdded);
      onClose();
    },
    onError: (error: unknown) => toast.error(errorMessage(error)),
    onSettled: () => refresh(),
  });

  const chooseType = (next: ResponderType) => {
    setType(next);
    setErrors({});
    setValues({ ...teamResponderDefaults(team, next) });
  };

  const change = (field: string, value: string) => {
    setValues((current) => {
      const next = { ...current, [field]: value };
      for (const cleared of CLEARS[field] ?? []) delete next[cleared];
      return next;
    });
    setErrors((current) => {
      const next = { ...current };
      delete next[field];
      return next;
    });
  };

  const next = () => {
    if (personId) {
      save.mutate();
      return;
    }
    if (!teamId) {
      setSelectError('Please select a team or a person');
      return;
    }
    setStep('type');
    const first = teamResponderTypes(team)[0];
    if (first && !type) chooseType(first);
  };

  const submitTeam = () => {
    if (!type) return;
    const found = validateResponderFields(type, values);
    // The instance is required where the team has instances (its selector is shown then).
    if (configs.length > 0 && !values.instance) found.instance = TEXTS.invalidValue;
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };

  const footer =
    step === 'select' ? (
      <>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="primary" onClick={next} isLoading={save.isPending}>
          {personId ? 'Add' : 'Next'}
        </Button>
      </>
    ) : (
      <>
        <Button onClick={() => setStep('select')}>Back</Button>
        <Button variant="primary" onClick={submitTeam} disabled={!type} isLoading={save.isPending}>
          Save Team Responder
        </Button>
      </>
    );

  return (
    <Dialog
      open
      onClose={onClose}
      title="Add Responder"
      description={step === 'select' ? 'Select Responder' : `Responder Type · ${team?.name ?? ''}`}
      size="md"
      footer={footer}
    >
      <ol aria-label="Steps" className="mb-4 flex items-center gap-2 text-xs font-medium">
        {(['Select Responder', 'Responder Type'] as const).map((label, index) => {
          const current = (index === 0) === (step === 'select');
          return (
            <li
              key={label}
              aria-current={current ? 'step' : undefined}
              className={cx(
                'rounded-full px-2.5 py-1',
                current ? 'bg-primary-soft text-link' : 'bg-surface-sunken text-fg-muted',
              )}
            >
              {index + 1}. {label}
            </li>
          );
        })}
      </ol>
      {step === 'select' ? (
        <div className="flex flex-col gap-3">
          <SelectField
            label="Team"
            value={teamId}
            onChange={(value) => {
              setTeamId(value);
              setType('');
              setValues({});
              if (value) setPersonId('');
              setSelectError(undefined);
            }}
            options={(teams.data ?? []).map((item) => ({ value: item.id, label: item.name }))}
          />
          <p className="text-center text-xs font-medium text-fg-subtle uppercase">or</p>
          <SelectField
            label="Person"
            value={personId}
            onChange={(value) => {
              setPersonId(value);
              if (value) setTeamId('');
              setSelectError(undefined);
            }}
            error={selectError}
            options={(people.data ?? []).map((item) => ({ value: item.id, label: item.name }))}
          />
        </div>
      ) : types.length === 0 ? (
        <p className="rounded-md border border-dashed border-border px-3 py-6 text-center text-sm text-fg-muted">
          {TEXTS.noTeamResponders}
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          <fieldset className="m-0 min-w-0 border-0 p-0">
            <legend className="mb-2 text-sm font-medium text-fg">Responder Type</legend>
            <ul
              className={cx(
                'grid grid-cols-2 gap-1.5',
                types.length > 6 && 'max-h-40 overflow-y-auto pr-1',
              )}
              data-scrolls={types.length > 6}
            >
              {types.map((item) => (
                <li key={item}>
                  <label
                    className={cx(
                      'flex h-full cursor-pointer items-center gap-2 rounded-md border px-2.5 py-1.5 text-sm',
                      type === item
                        ? 'border-primary bg-primary-soft text-fg'
                        : 'border-border bg-surface text-fg hover:bg-surface-hover',
                    )}
                  >
                    <input
                      type="radio"
                      name="responder-type"
                      value={item}
                      checked={type === item}
                      onChange={() => chooseType(item)}
                      className="size-4 accent-primary"
                    />
                    {responderTypeLabel(item)}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          {type && team ? (
            <TypeFields
              key={type}
              type={type}
              configs={configs}
              values={values}
              errors={errors}
              onChange={change}
            />
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
