/**
 * Add or edit a notification rule (spec doc 3 §2.9, §3–§5): name, title, events (at least one,
 * grouped by what they are about), filter, recipients Person / Team / Others (custom services,
 * each through a stored notification connection; switching tabs clears the others on save),
 * repeat interval and wait for (durations with presets, at least a minute), template Default /
 * Custom Template, properties (a JSON object). Read-only unless the rule's source is UI or empty.
 * Create, update and delete with the spec's toasts.
 */
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../api/client';
import {
  NOTIFICATION_EVENTS,
  NOTIFICATION_TOASTS,
  connectionUrl,
  useDeleteRule,
  useNotificationConnections,
  useNotificationTeams,
  useSaveRule,
  type NotificationRule,
} from '../../../api/notifications';
import { usePeople } from '../../../api/teams';
import { useSession } from '../../../rbac/session-context';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Dialog } from '../../../ui/dialog';
import { SelectField, TextAreaField, TextInputField } from '../../../ui/form-field';
import { IconButton } from '../../../ui/icon-button';
import { InfoIcon, PlusIcon, TrashIcon } from '../../../ui/icons';
import { SegmentedToggle } from '../../../ui/segmented-toggle';
import { toast } from '../../../ui/toast';
import { DurationField } from './duration-field';
import {
  RULE_LIMITS,
  draftFromRule,
  emptyDraft,
  isRuleEditable,
  ruleWriteOf,
  validateRule,
  type RecipientKind,
  type RuleDraft,
  type RuleErrors,
  type TemplateMode,
} from './rule-form-model';

const EVENT_GROUPS = [
  { label: 'Check', prefix: 'check.' },
  { label: 'Component', prefix: 'component.' },
  { label: 'Catalog', prefix: 'config.' },
  { label: 'Playbook', prefix: 'playbook.' },
] as const;

const RECIPIENT_OPTIONS: readonly { value: RecipientKind; label: string }[] = [
  { value: 'person', label: 'Person' },
  { value: 'team', label: 'Team' },
  { value: 'others', label: 'Others' },
];
const TEMPLATE_OPTIONS: readonly { value: TemplateMode; label: string }[] = [
  { value: 'default', label: 'Default' },
  { value: 'custom', label: 'Custom Template' },
];

function EventsField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: readonly string[];
  onChange: (events: string[]) => void;
  error: string | undefined;
  disabled: boolean;
}) {
  const toggle = (event: string, on: boolean) =>
    onChange(
      on
        ? NOTIFICATION_EVENTS.filter((item) => item === event || value.includes(item))
        : value.filter((item) => item !== event),
    );
  return (
    <fieldset aria-describedby={error ? 'rule-events-error' : undefined}>
      <legend className="mb-1 text-sm font-medium text-fg">
        Events
        <span aria-hidden="true" className="ml-0.5 text-danger">
          *
        </span>
      </legend>
      <div className="grid gap-x-4 gap-y-2 rounded-md border border-border p-3 sm:grid-cols-2">
        {EVENT_GROUPS.map((group) => (
          <div key={group.prefix} className="flex flex-col gap-1">
            <span className="text-xs font-semibold tracking-wide text-fg-muted uppercase">
              {group.label}
            </span>
            {NOTIFICATION_EVENTS.filter((event) => event.startsWith(group.prefix)).map((event) => (
              <label key={event} className="inline-flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={value.includes(event)}
                  disabled={disabled}
                  onChange={(change) => toggle(event, change.target.checked)}
                />
                <span className="font-mono text-xs">{event}</span>
              </label>
            ))}
          </div>
        ))}
      </div>
      {error ? (
        <p id="rule-events-error" role="alert" className="mt-1 text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function Recipients({
  draft,
  set,
  error,
  disabled,
}: {
  draft: RuleDraft;
  set: (patch: Partial<RuleDraft>) => void;
  error: string | undefined;
  disabled: boolean;
}) {
  const people = usePeople(draft.recipient === 'person');
  const teams = useNotificationTeams(draft.recipient === 'team');
  const connections = useNotificationConnections(draft.recipient === 'others');
  const connectionOptions = (connections.data ?? []).map((connection) => ({
    value: connectionUrl(connection),
    label: `${connection.name} (${connection.type})`,
  }));
  // A stored connection the list does not hold (another namespace, deleted) stays choosable.
  for (const service of draft.services) {
    if (service.connection && !connectionOptions.some((o) => o.value === service.connection)) {
      connectionOptions.push({ value: service.connection, label: service.connection });
    }
  }
  const setService = (index: number, patch: Partial<RuleDraft['services'][number]>) =>
    set({
      services: draft.services.map((service, i) =>
        i === index ? { ...service, ...patch } : service,
      ),
    });
  return (
    <fieldset className="flex flex-col gap-3" disabled={disabled}>
      <legend className="sr-only">Recipients</legend>
      <SegmentedToggle
        label="Recipients"
        showLabel
        value={draft.recipient}
        options={RECIPIENT_OPTIONS}
        onChange={(recipient) => set({ recipient })}
      />
      {draft.recipient === 'person' ? (
        <SelectField
          label="Person"
          required
          value={draft.personId}
          placeholder={people.isPending ? 'Loading…' : 'Select a person'}
          options={(people.data ?? []).map((person) => ({
            value: person.id,
            label: person.email
              ? `${person.name ?? person.id} (${person.email})`
              : (person.name ?? person.id),
          }))}
          onChange={(personId) => set({ personId })}
          error={error}
        />
      ) : null}
      {draft.recipient === 'team' ? (
        <SelectField
          label="Team"
          required
          value={draft.teamId}
          placeholder={teams.isPending ? 'Loading…' : 'Select a team'}
          options={(teams.data ?? []).map((team) => ({
            value: team.id,
            label: team.name ?? team.id,
          }))}
          onChange={(teamId) => set({ teamId })}
          error={error}
        />
      ) : null}
      {draft.recipient === 'others' ? (
        <div className="flex flex-col gap-2">
          {draft.services.map((service, index) => (
            <div
              key={index}
              className="grid grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_auto] items-end gap-2"
            >
              <TextInputField
                label={`Service ${index + 1} name`}
                value={service.name}
                maxLength={100}
                placeholder="e.g. on-call webhook"
                onChange={(name) => setService(index, { name })}
              />
              <SelectField
                label={`Service ${index + 1} connection`}
                required
                value={service.connection}
                placeholder={connections.isPending ? 'Loading…' : 'Select a connection'}
                options={connectionOptions}
                onChange={(connection) => setService(index, { connection })}
              />
              <IconButton
                label={`Remove service ${index + 1}`}
                icon={<TrashIcon size={15} />}
                onClick={() => set({ services: draft.services.filter((_, i) => i !== index) })}
              />
            </div>
          ))}
          {connections.isSuccess && connections.data.length === 0 ? (
            <p className="text-sm text-fg-muted">
              No notification connections yet: add one (Slack, a generic webhook, e-mail…) under
              Settings → Connections.
            </p>
          ) : null}
          <div>
            <Button
              size="sm"
              icon={<PlusIcon size={14} />}
              onClick={() => set({ services: [...draft.services, { name: '', connection: '' }] })}
            >
              Add service
            </Button>
          </div>
          {error ? (
            <p role="alert" className="text-xs font-medium text-danger">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}

export interface RuleFormDialogProps {
  /** The rule being edited; undefined to add one. */
  rule?: NotificationRule;
  canWrite: boolean;
  onClose: () => void;
}

export function RuleFormDialog({ rule, canWrite, onClose }: RuleFormDialogProps) {
  const { user } = useSession();
  const [draft, setDraft] = useState<RuleDraft>(() => (rule ? draftFromRule(rule) : emptyDraft()));
  const [errors, setErrors] = useState<RuleErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const save = useSaveRule();
  const remove = useDeleteRule();
  const editable = canWrite && isRuleEditable(rule?.source);
  const readOnlyReason = !canWrite
    ? 'You can read this rule; changing it needs write access to notifications.'
    : rule && !isRuleEditable(rule.source)
      ? `This rule comes from ${rule.source}: change it there.`
      : undefined;

  const set = (patch: Partial<RuleDraft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (submitted) setErrors(validateRule(next));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!editable) return;
    setSubmitted(true);
    const found = validateRule(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { id: rule?.id, rule: ruleWriteOf(draft), createdBy: user?.id },
      {
        onSuccess: () => {
          toast.success(rule ? NOTIFICATION_TOASTS.ruleUpdated : NOTIFICATION_TOASTS.ruleAdded);
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  const onDelete = () => {
    if (!rule) return;
    remove.mutate(rule.id, {
      onSuccess: () => {
        toast.success(NOTIFICATION_TOASTS.deleted(rule.name));
        setConfirmDelete(false);
        onClose();
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  const formId = 'notification-rule-form';
  return (
    <>
      <Dialog
        open
        onClose={onClose}
        size="lg"
        title={rule ? `Edit ${rule.name}` : 'Add Notification'}
        description={readOnlyReason}
        footer={
          <>
            {rule && editable ? (
              <Button
                variant="danger"
                className="mr-auto"
                icon={<TrashIcon size={15} />}
                onClick={() => setConfirmDelete(true)}
              >
                Delete
              </Button>
            ) : null}
            <Button onClick={onClose}>{editable ? 'Cancel' : 'Close'}</Button>
            {editable ? (
              <Button variant="primary" type="submit" form={formId} isLoading={save.isPending}>
                {rule
                  ? save.isPending
                    ? 'Updating'
                    : 'Update'
                  : save.isPending
                    ? 'Saving'
                    : 'Save'}
              </Button>
            ) : null}
          </>
        }
      >
        <form id={formId} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <fieldset disabled={!editable} className="flex flex-col gap-4">
            <legend className="sr-only">Rule</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <TextInputField
                label="Name"
                required
                value={draft.name}
                maxLength={RULE_LIMITS.name}
                onChange={(name) => set({ name })}
                error={errors.name}
                readOnly={Boolean(rule)}
              />
              <TextInputField
                label="Title"
                value={draft.title}
                maxLength={RULE_LIMITS.title}
                placeholder="Default title for the event"
                onChange={(title) => set({ title })}
                error={errors.title}
              />
            </div>
            <EventsField
              value={draft.events}
              onChange={(events) => set({ events })}
              error={errors.events}
              disabled={!editable}
            />
            <TextInputField
              label="Filter"
              value={draft.filter}
              maxLength={RULE_LIMITS.filter}
              placeholder="check.type == 'http'"
              hint="A CEL expression over the event; empty matches every event."
              spellCheck={false}
              onChange={(filter) => set({ filter })}
              error={errors.filter}
            />
          </fieldset>
          <Recipients draft={draft} set={set} error={errors.recipients} disabled={!editable} />
          <fieldset disabled={!editable} className="flex flex-col gap-4">
            <legend className="sr-only">Delivery</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <DurationField
                label="Repeat Interval"
                value={draft.repeatInterval}
                onChange={(repeatInterval) => set({ repeatInterval })}
                error={errors.repeatInterval}
                hint="Send again for the same resource only after this long."
              />
              <DurationField
                label="Wait For"
                value={draft.waitFor}
                onChange={(waitFor) => set({ waitFor })}
                error={errors.waitFor}
                hint="Send only if the event still holds after this long."
              />
            </div>
            <div className="flex flex-col gap-2">
              <SegmentedToggle
                label="Template"
                showLabel
                value={draft.templateMode}
                options={TEMPLATE_OPTIONS}
                onChange={(templateMode) =>
                  set(
                    templateMode === 'default' ? { templateMode, template: '' } : { templateMode },
                  )
                }
              />
              {draft.templateMode === 'custom' ? (
                <TextAreaField
                  label="Custom Template"
                  value={draft.template}
                  rows={5}
                  maxLength={RULE_LIMITS.template}
                  spellCheck={false}
                  className="font-mono"
                  placeholder="{{.check.name}} is {{.status}}"
                  onChange={(template) => set({ template })}
                  error={errors.template}
                />
              ) : null}
            </div>
            <TextAreaField
              label="Properties"
              value={draft.properties}
              rows={3}
              spellCheck={false}
              className="font-mono"
              placeholder='{"key": "value"}'
              hint="A JSON object of extra settings for the services."
              onChange={(properties) => set({ properties })}
              error={errors.properties}
            />
          </fieldset>
          {rule?.error ? (
            <p className="flex items-start gap-2 rounded-md border border-border bg-unhealthy-soft p-3 text-sm text-unhealthy">
              <InfoIcon size={16} className="mt-0.5 shrink-0" />
              <span>{rule.error}</span>
            </p>
          ) : null}
        </form>
      </Dialog>
      <ConfirmDialog
        open={confirmDelete}
        title={`Delete ${rule?.name ?? 'rule'}?`}
        description="The rule stops sending notifications."
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setConfirmDelete(false)}
      />
    </>
  );
}
