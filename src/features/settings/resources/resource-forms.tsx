/**
 * The specialised forms of the Form tab (spec doc 3 §2.1, §4, §5), by form kind: the health-check
 * form (every kind's fields; HTTP with method, response codes, a body only for POST and PUT, the
 * authentication selector and secret values; the test script type), the scraper form (the kind's
 * required fields and the retention rules), the topology form and the incident-rule form. A form
 * edits the same spec object the Code tab shows as YAML.
 */
import type { ComponentType } from 'react';
import { Button } from '../../../ui/button';
import { CloseIcon, PlusIcon } from '../../../ui/icons';
import { IconButton } from '../../../ui/icon-button';
import type { ResourceFormKind } from './resource-descriptions';
import { CheckboxField, SecretField, SelectField, TextField } from './resource-fields';
import {
  AUTHENTICATION_MODES,
  authenticationMode,
  HTTP_METHODS,
  methodHasBody,
  RESPONSE_CODES,
  SCRIPT_TYPES,
  scriptType,
  specCheckKind,
  withAuthenticationMode,
  withScriptType,
  type AuthenticationMode,
  type CheckField,
} from './health-check-kinds';
import { SCRAPER_KIND_LABELS } from '../../../entities/scraper-kind/scraper-kind';
import { listInput, numberInput, SCRAPER_FIELDS, specScraper, withKey } from './spec-form-rules';

export { validateSpecForm } from './spec-form-rules';

export interface SpecFormProps {
  spec: Record<string, unknown>;
  onChange: (spec: Record<string, unknown>) => void;
  readOnly: boolean;
  /** Errors by field path, shown after a save was tried. */
  errors: Record<string, string>;
}

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-border p-3">
      <legend className="px-1 text-xs font-semibold tracking-wide text-fg-muted uppercase">
        {title}
      </legend>
      {children}
    </fieldset>
  );
}

function CheckFieldInput({
  field,
  check,
  onChange,
  readOnly,
  error,
}: {
  field: CheckField;
  check: Record<string, unknown>;
  onChange: (check: Record<string, unknown>) => void;
  readOnly: boolean;
  error?: string;
}) {
  const value = check[field.key];
  switch (field.kind) {
    case 'number':
      return (
        <TextField
          label={field.label}
          type="number"
          required={field.required}
          value={text(value)}
          error={error}
          readOnly={readOnly}
          onChange={(next) => onChange(withKey(check, field.key, numberInput(next)))}
        />
      );
    case 'select':
      return (
        <SelectField
          label={field.label}
          value={text(value)}
          options={field.options}
          disabled={readOnly}
          onChange={(next) => onChange(withKey(check, field.key, next))}
        />
      );
    case 'boolean':
      return (
        <CheckboxField
          label={field.label}
          checked={value === true}
          disabled={readOnly}
          onChange={(next) => onChange(withKey(check, field.key, next || undefined))}
        />
      );
    case 'secret':
      return (
        <SecretField
          label={field.label}
          required={field.required}
          value={value}
          error={error}
          disabled={readOnly}
          onChange={(next) => onChange({ ...check, [field.key]: next })}
        />
      );
    case 'list':
      return (
        <TextField
          label={field.label}
          hint={field.hint}
          value={text(value)}
          readOnly={readOnly}
          onChange={(next) => {
            const items = listInput(next);
            onChange(withKey(check, field.key, items.length ? items : undefined));
          }}
        />
      );
    default:
      return (
        <TextField
          label={field.label}
          required={field.required}
          hint={field.hint}
          multiline={field.kind === 'textarea'}
          value={text(value)}
          error={error}
          readOnly={readOnly}
          className={field.kind === 'textarea' ? 'sm:col-span-2' : undefined}
          onChange={(next) => onChange(withKey(check, field.key, next))}
        />
      );
  }
}

/** The HTTP check's method, response codes, body and authentication (spec doc 3 §4, §5). */
function HttpFields({
  check,
  onChange,
  readOnly,
  errors,
}: {
  check: Record<string, unknown>;
  onChange: (check: Record<string, unknown>) => void;
  readOnly: boolean;
  errors: Record<string, string>;
}) {
  const method = typeof check.method === 'string' ? check.method : 'GET';
  const codes = Array.isArray(check.responseCodes) ? (check.responseCodes as unknown[]) : [];
  const auth = authenticationMode(check);
  return (
    <>
      <SelectField
        label="Method"
        value={method}
        options={HTTP_METHODS}
        disabled={readOnly}
        onChange={(next) => {
          // The body exists only for POST and PUT.
          const updated: Record<string, unknown> = { ...check, method: next };
          if (!methodHasBody(next)) delete updated.body;
          onChange(updated);
        }}
      />
      <fieldset className="flex flex-col gap-1 sm:col-span-2">
        <legend className="mb-1 text-sm font-medium text-fg">Response codes</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {RESPONSE_CODES.map((code) => (
            <CheckboxField
              key={code}
              label={String(code)}
              checked={codes.includes(code)}
              disabled={readOnly}
              onChange={(on) => {
                const next = on
                  ? [...codes.filter((item) => item !== code), code].sort(
                      (a, b) => Number(a) - Number(b),
                    )
                  : codes.filter((item) => item !== code);
                onChange(withKey(check, 'responseCodes', next.length ? next : undefined));
              }}
            />
          ))}
        </div>
      </fieldset>
      {methodHasBody(method) ? (
        <TextField
          label="Body"
          multiline
          className="sm:col-span-2"
          value={text(check.body)}
          error={errors['check.body']}
          readOnly={readOnly}
          onChange={(next) => onChange(withKey(check, 'body', next))}
        />
      ) : null}
      <SelectField
        label="Authentication"
        value={auth}
        options={AUTHENTICATION_MODES}
        disabled={readOnly}
        onChange={(next) => onChange(withAuthenticationMode(check, next as AuthenticationMode))}
      />
      {auth !== 'None' ? (
        <>
          <SecretField
            label="Username"
            value={check.username}
            disabled={readOnly}
            onChange={(next) => onChange({ ...check, username: next })}
          />
          <SecretField
            label="Password"
            value={check.password}
            disabled={readOnly}
            onChange={(next) => onChange({ ...check, password: next })}
          />
        </>
      ) : null}
    </>
  );
}

export function HealthCheckForm({ spec, onChange, readOnly, errors }: SpecFormProps) {
  const kind = specCheckKind(spec);
  if (!kind) {
    return (
      <p className="text-sm text-fg-muted">
        This health check has no check of a kind the form knows; edit it in Code.
      </p>
    );
  }
  const list = spec[kind.id] as unknown[];
  const check = record(list[0]);
  const setCheck = (next: Record<string, unknown>) =>
    onChange({ ...spec, [kind.id]: [next, ...list.slice(1)] });
  const test = scriptType(check.test);
  const testKey = test.key;
  const testValue = testKey ? text(record(check.test)[testKey]) : '';
  return (
    <div className="flex flex-col gap-4">
      {list.length > 1 ? (
        <p className="text-sm text-fg-muted">
          The form edits the first of {list.length} {kind.label} checks; the others are in Code.
        </p>
      ) : null}
      <Section title={`${kind.label} check`}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label="Check name"
            required
            value={text(check.name)}
            error={errors['check.name']}
            readOnly={readOnly}
            onChange={(next) => setCheck({ ...check, name: next })}
          />
          <TextField
            label="Description"
            value={text(check.description)}
            readOnly={readOnly}
            onChange={(next) => setCheck(withKey(check, 'description', next))}
          />
          {kind.fields.map((field) => (
            <CheckFieldInput
              key={field.key}
              field={field}
              check={check}
              onChange={setCheck}
              readOnly={readOnly}
              error={errors[`check.${field.key}`]}
            />
          ))}
          {kind.id === 'http' ? (
            <HttpFields check={check} onChange={setCheck} readOnly={readOnly} errors={errors} />
          ) : null}
        </div>
      </Section>
      <Section title="Test">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <SelectField
            label="Script type"
            value={test.label}
            options={SCRIPT_TYPES.map((type) => type.label)}
            disabled={readOnly}
            onChange={(label) => setCheck(withKey(check, 'test', withScriptType(label)))}
          />
          {testKey ? (
            <TextField
              label="Script"
              multiline
              className="sm:col-span-2"
              value={testValue}
              readOnly={readOnly}
              onChange={(next) => setCheck({ ...check, test: { [testKey]: next } })}
            />
          ) : null}
        </div>
      </Section>
    </div>
  );
}

function RetentionRows({
  title,
  rows,
  fields,
  errorPrefix,
  errors,
  readOnly,
  onChange,
}: {
  title: string;
  rows: Record<string, unknown>[];
  fields: { key: string; label: string; required?: boolean; number?: boolean }[];
  errorPrefix: string;
  errors: Record<string, string>;
  readOnly: boolean;
  onChange: (rows: Record<string, unknown>[]) => void;
}) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between">
        <span className="text-sm font-medium text-fg">{title}</span>
        {!readOnly ? (
          <Button size="sm" icon={<PlusIcon size={14} />} onClick={() => onChange([...rows, {}])}>
            Add
          </Button>
        ) : null}
      </div>
      {rows.length === 0 ? <p className="text-xs text-fg-muted">None</p> : null}
      {rows.map((row, index) => (
        <div key={index} className="flex items-start gap-2">
          <div className="grid flex-1 grid-cols-2 gap-2 sm:grid-cols-4">
            {fields.map((field) => (
              <TextField
                key={field.key}
                label={field.label}
                required={field.required}
                type={field.number ? 'number' : 'text'}
                value={text(row[field.key])}
                error={errors[`${errorPrefix}.${index}.${field.key}`]}
                readOnly={readOnly}
                onChange={(next) => {
                  const value = field.number ? numberInput(next) : next;
                  onChange(
                    rows.map((item, at) => (at === index ? withKey(item, field.key, value) : item)),
                  );
                }}
              />
            ))}
          </div>
          {!readOnly ? (
            <IconButton
              label={`Remove ${title.toLowerCase()} ${index + 1}`}
              className="mt-6"
              icon={<CloseIcon size={14} />}
              onClick={() => onChange(rows.filter((_, at) => at !== index))}
            />
          ) : null}
        </div>
      ))}
    </div>
  );
}

export function ScraperForm({ spec, onChange, readOnly, errors }: SpecFormProps) {
  const scraper = specScraper(spec);
  const retention = record(spec.retention);
  const changes = (Array.isArray(retention.changes) ? retention.changes : []).map(record);
  const types = (Array.isArray(retention.types) ? retention.types : []).map(record);
  const setRetention = (patch: Record<string, unknown>) => {
    const next = { ...retention, ...patch };
    for (const key of Object.keys(next)) {
      if (Array.isArray(next[key]) && (next[key] as unknown[]).length === 0) delete next[key];
    }
    onChange(withKey(spec, 'retention', Object.keys(next).length ? next : undefined));
  };
  return (
    <div className="flex flex-col gap-4">
      {scraper ? (
        <Section title={`${SCRAPER_KIND_LABELS[scraper.kind]} scraper`}>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {SCRAPER_FIELDS[scraper.kind].map((field) => (
              <TextField
                key={field.key}
                label={field.label}
                required={field.required}
                multiline={field.multiline}
                className={field.multiline ? 'sm:col-span-2' : undefined}
                value={text(scraper.item[field.key])}
                error={errors[`item.${field.key}`]}
                readOnly={readOnly}
                onChange={(next) => {
                  const list = spec[scraper.kind] as unknown[];
                  onChange({
                    ...spec,
                    [scraper.kind]: [withKey(scraper.item, field.key, next), ...list.slice(1)],
                  });
                }}
              />
            ))}
            {SCRAPER_FIELDS[scraper.kind].length === 0 ? (
              <p className="text-sm text-fg-muted">This kind is configured in Code.</p>
            ) : null}
          </div>
        </Section>
      ) : (
        <p className="text-sm text-fg-muted">No scraper kind in the spec yet; add one in Code.</p>
      )}
      <Section title="Retention">
        <RetentionRows
          title="Changes"
          rows={changes}
          fields={[
            { key: 'name', label: 'Name', required: true },
            { key: 'age', label: 'Age' },
            { key: 'count', label: 'Count', number: true },
          ]}
          errorPrefix="retention.changes"
          errors={errors}
          readOnly={readOnly}
          onChange={(rows) => setRetention({ changes: rows })}
        />
        <RetentionRows
          title="Types"
          rows={types}
          fields={[
            { key: 'name', label: 'Name', required: true },
            { key: 'createdAge', label: 'Created age' },
            { key: 'updatedAge', label: 'Updated age' },
            { key: 'deletedAge', label: 'Deleted age' },
          ]}
          errorPrefix="retention.types"
          errors={errors}
          readOnly={readOnly}
          onChange={(rows) => setRetention({ types: rows })}
        />
      </Section>
    </div>
  );
}

export function TopologyForm({ spec, onChange, readOnly }: SpecFormProps) {
  const components = Array.isArray(spec.components) ? spec.components.length : 0;
  const field = (key: string, label: string) => (
    <TextField
      label={label}
      value={text(spec[key])}
      readOnly={readOnly}
      onChange={(next) => onChange(withKey(spec, key, next))}
    />
  );
  return (
    <Section title="Root component">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {field('type', 'Type')}
        {field('icon', 'Icon')}
        {field('label', 'Label')}
        {field('owner', 'Owner')}
        {field('text', 'Text')}
      </div>
      <p className="text-xs text-fg-muted">
        {components === 1 ? '1 component' : `${components} components`} and the properties are
        edited in Code.
      </p>
    </Section>
  );
}

const INCIDENT_TYPES = [
  'availability',
  'cost',
  'performance',
  'security',
  'compliance',
  'integration',
  'technical_debt',
];
const INCIDENT_SEVERITIES = ['info', 'low', 'medium', 'high', 'critical', 'blocker'];

export function IncidentRuleForm({ spec, onChange, readOnly, errors }: SpecFormProps) {
  const filter = record(spec.filter);
  const template = record(spec.template);
  const setFilter = (key: string, value: string) => {
    const items = listInput(value);
    const next = withKey(filter, key, items.length ? items : undefined);
    onChange(withKey(spec, 'filter', Object.keys(next).length ? next : undefined));
  };
  const setTemplate = (key: string, value: string) => {
    const next = withKey(template, key, value);
    onChange(withKey(spec, 'template', Object.keys(next).length ? next : undefined));
  };
  return (
    <div className="flex flex-col gap-4">
      <Section title="Rule">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label="Priority"
            type="number"
            value={text(spec.priority)}
            error={errors.priority}
            readOnly={readOnly}
            onChange={(next) => onChange(withKey(spec, 'priority', numberInput(next)))}
          />
          <TextField
            label="Hours since last incident"
            type="number"
            value={text(spec.hoursSinceLastIncident)}
            error={errors.hoursSinceLastIncident}
            readOnly={readOnly}
            onChange={(next) =>
              onChange(withKey(spec, 'hoursSinceLastIncident', numberInput(next)))
            }
          />
          <CheckboxField
            label="Break on match"
            checked={spec.breakOnMatch === true}
            disabled={readOnly}
            onChange={(on) => onChange(withKey(spec, 'breakOnMatch', on || undefined))}
          />
          <CheckboxField
            label="Assign the owner as commander"
            checked={spec.autoAssignOwner === true}
            disabled={readOnly}
            onChange={(on) => onChange(withKey(spec, 'autoAssignOwner', on || undefined))}
          />
        </div>
      </Section>
      <Section title="Filter">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <TextField
            label="Statuses"
            hint="Comma separated, default unhealthy"
            value={text(filter.status)}
            readOnly={readOnly}
            onChange={(next) => setFilter('status', next)}
          />
          <TextField
            label="Severities"
            hint="Comma separated"
            value={text(filter.severity)}
            readOnly={readOnly}
            onChange={(next) => setFilter('severity', next)}
          />
          <TextField
            label="Categories"
            hint="Comma separated"
            value={text(filter.category)}
            readOnly={readOnly}
            onChange={(next) => setFilter('category', next)}
          />
        </div>
      </Section>
      <Section title="Incident template">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <TextField
            label="Title"
            className="sm:col-span-3"
            hint="Placeholders: {{name}}, {{status}}, {{kind}}, {{rule}}"
            value={text(template.title)}
            readOnly={readOnly}
            onChange={(next) => setTemplate('title', next)}
          />
          <SelectField
            label="Type"
            value={text(template.type) || 'availability'}
            options={INCIDENT_TYPES}
            disabled={readOnly}
            onChange={(next) => setTemplate('type', next)}
          />
          <SelectField
            label="Severity"
            value={text(template.severity) || 'low'}
            options={INCIDENT_SEVERITIES}
            disabled={readOnly}
            onChange={(next) => setTemplate('severity', next)}
          />
        </div>
      </Section>
    </div>
  );
}

export const RESOURCE_FORMS: Partial<Record<ResourceFormKind, ComponentType<SpecFormProps>>> = {
  'health-check': HealthCheckForm,
  scraper: ScraperForm,
  topology: TopologyForm,
  'incident-rule': IncidentRuleForm,
};
