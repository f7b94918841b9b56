/**
 * The notification rule form's model (spec doc 3 §3, §4, §5): a draft from a stored rule, the
 * validation ("Notification events: at least one required", 'Duration must be greater than 1
 * minute', properties a JSON object), the body written to `notifications` (recipients that are
 * not chosen sent as null, repeat interval as duration text, wait-for in nanoseconds) and the
 * editing rule ("editable only when source is UI or empty").
 */
import type {
  CustomService,
  NotificationRule,
  NotificationRuleWrite,
} from '../../../api/notifications';
import {
  durationError,
  formatNanos,
  normalizeDurationText,
  parseDuration,
} from '../../../api/notifications-duration';

export type RecipientKind = 'person' | 'team' | 'others';
export type TemplateMode = 'default' | 'custom';

export interface ServiceDraft {
  name: string;
  connection: string;
}

export interface RuleDraft {
  name: string;
  title: string;
  events: string[];
  filter: string;
  recipient: RecipientKind;
  personId: string;
  teamId: string;
  services: ServiceDraft[];
  repeatInterval: string;
  waitFor: string;
  templateMode: TemplateMode;
  template: string;
  properties: string;
}

export type RuleErrors = Partial<Record<keyof RuleDraft | 'recipients', string>>;

export const EVENTS_REQUIRED = 'Please select at least one event';
export const NAME_INVALID = 'Use letters, digits, dots, dashes and underscores';
export const RECIPIENT_REQUIRED = 'Choose who receives this notification';
export const PROPERTIES_INVALID = 'Properties must be a JSON object';
export const SERVICE_CONNECTION_REQUIRED = 'Choose a connection for each service';

/** Size limits on free text (the server stores text; these keep a form from sending megabytes). */
export const RULE_LIMITS = { name: 200, title: 500, filter: 4000, template: 20_000 } as const;

export function emptyDraft(): RuleDraft {
  return {
    name: '',
    title: '',
    events: [],
    filter: '',
    recipient: 'person',
    personId: '',
    teamId: '',
    services: [],
    repeatInterval: '',
    waitFor: '',
    templateMode: 'default',
    template: '',
    properties: '',
  };
}

/** "The notification form is editable only when source is UI or empty." */
export function isRuleEditable(source: string | null | undefined): boolean {
  return !source || source === 'UI';
}

function recipientOf(rule: NotificationRule): RecipientKind {
  if (rule.person_id) return 'person';
  if (rule.team_id) return 'team';
  if (rule.custom_services && rule.custom_services.length > 0) return 'others';
  return 'person';
}

export function draftFromRule(rule: NotificationRule): RuleDraft {
  const properties =
    rule.properties && Object.keys(rule.properties).length > 0
      ? JSON.stringify(rule.properties, null, 2)
      : '';
  return {
    name: rule.name ?? '',
    title: rule.title ?? '',
    events: [...(rule.events ?? [])],
    filter: rule.filter ?? '',
    recipient: recipientOf(rule),
    personId: rule.person_id ?? '',
    teamId: rule.team_id ?? '',
    services: (rule.custom_services ?? []).map((service: CustomService) => ({
      name: service.name ?? '',
      connection: service.connection ?? service.url ?? '',
    })),
    repeatInterval: normalizeDurationText(rule.repeat_interval),
    waitFor: formatNanos(rule.wait_for),
    templateMode: rule.template ? 'custom' : 'default',
    template: rule.template ?? '',
    properties,
  };
}

function parseProperties(text: string): Record<string, string> | null | undefined {
  if (text.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const result: Record<string, string> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    result[key] = typeof item === 'string' ? item : JSON.stringify(item);
  }
  return result;
}

const NAME_PATTERN = /^[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?$/;

export function validateRule(draft: RuleDraft): RuleErrors {
  const errors: RuleErrors = {};
  const name = draft.name.trim();
  if (name === '') errors.name = 'This field is required';
  else if (name.length > RULE_LIMITS.name || !NAME_PATTERN.test(name)) errors.name = NAME_INVALID;
  if (draft.title.length > RULE_LIMITS.title)
    errors.title = `At most ${RULE_LIMITS.title} characters`;
  if (draft.events.length === 0) errors.events = EVENTS_REQUIRED;
  if (draft.filter.length > RULE_LIMITS.filter) {
    errors.filter = `At most ${RULE_LIMITS.filter} characters`;
  }
  if (draft.recipient === 'person' && !draft.personId) errors.recipients = RECIPIENT_REQUIRED;
  if (draft.recipient === 'team' && !draft.teamId) errors.recipients = RECIPIENT_REQUIRED;
  if (draft.recipient === 'others') {
    if (draft.services.length === 0) errors.recipients = RECIPIENT_REQUIRED;
    else if (draft.services.some((service) => !service.connection)) {
      errors.recipients = SERVICE_CONNECTION_REQUIRED;
    }
  }
  const repeat = durationError(draft.repeatInterval);
  if (repeat) errors.repeatInterval = repeat;
  const wait = durationError(draft.waitFor);
  if (wait) errors.waitFor = wait;
  if (draft.templateMode === 'custom' && draft.template.length > RULE_LIMITS.template) {
    errors.template = `At most ${RULE_LIMITS.template} characters`;
  }
  if (parseProperties(draft.properties) === undefined) errors.properties = PROPERTIES_INVALID;
  return errors;
}

/** The columns written; only the chosen recipient tab's field is set, the others are null. */
export function ruleWriteOf(draft: RuleDraft): NotificationRuleWrite {
  const repeat = parseDuration(draft.repeatInterval);
  const wait = parseDuration(draft.waitFor);
  const services = draft.services
    .filter((service) => service.connection)
    .map((service) => ({
      ...(service.name.trim() ? { name: service.name.trim() } : {}),
      connection: service.connection,
    }));
  return {
    name: draft.name.trim(),
    title: draft.title.trim() || null,
    events: [...draft.events],
    filter: draft.filter.trim() || null,
    person_id: draft.recipient === 'person' ? draft.personId || null : null,
    team_id: draft.recipient === 'team' ? draft.teamId || null : null,
    custom_services: draft.recipient === 'others' && services.length > 0 ? services : null,
    repeat_interval: repeat === undefined ? null : formatNanos(repeat),
    wait_for: wait === undefined ? null : wait,
    template: draft.templateMode === 'custom' ? draft.template || null : null,
    properties: parseProperties(draft.properties) ?? null,
  };
}
