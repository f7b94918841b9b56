/**
 * The spec of an incident rule (`incident_rules.spec`, the IncidentRule schema served as
 * `/schemas/incident-rules.schema.json`), read into a checked shape. Unknown or malformed parts
 * are not fatal: they are listed as problems (the engine logs them once per rule version) and
 * fall back to their defaults, so a typo in one rule never stops the others.
 *
 * Fields and their meaning here (docs/incident-server.md):
 * - `filter.status` (default `["unhealthy"]`): the statuses of the subject that make it match;
 *   `filter.severity` / `filter.category`: the check's severity / category; `filter.age`: how
 *   long the subject has been in that status at least (a duration text such as "5m", or a number
 *   of nanoseconds like Go's time.Duration).
 * - `components` (ResourceSelector[]): with selectors the rule watches the components they
 *   select; without, it watches checks.
 * - `template` {title, description, type, status, severity, created_by, commander_id,
 *   communicator_id}: the incident created.
 * - `autoResolve` / `autoClose` {timeout}: once the subject of an incident the rule opened has
 *   recovered (its status no longer one the filter names) for `timeout` (default 0), the incident
 *   is resolved / closed; `true` means at once.
 * - `autoAssignOwner`, `priority`, `breakOnMatch`, `hoursSinceLastIncident`,
 *   `hoursOfOperation`, `responders` (email, jira, servicenow, aws, ams; Vigil also takes
 *   `person: [{id | email | name}]`).
 */
import {
  INCIDENT_SEVERITIES,
  INCIDENT_STATUSES,
  INCIDENT_TYPES,
  NEW_INCIDENT_DEFAULTS,
} from '../../../src/api/incident-model';

export interface ComponentSelector {
  id?: string;
  name?: string;
  namespace?: string;
  agent?: string;
  types?: string[];
  statuses?: string[];
  labelSelector?: string;
  fieldSelector?: string;
}

export interface RuleTemplate {
  title?: string;
  description?: string;
  type: string;
  severity: string;
  status: string;
  createdBy?: string;
  commanderId?: string;
  communicatorId?: string;
}

/** A responder the rule adds to each incident it creates. */
export interface RuleResponder {
  type: string;
  properties: Record<string, unknown>;
  /** For `person` responders: how the person is named (an id, an e-mail or a name). */
  person?: string;
}

export interface HoursOfOperation {
  /** Minutes after midnight UTC. */
  start: number;
  end: number;
  negate: boolean;
}

/** `autoResolve` / `autoClose`: after how long a recovered subject settles its incident. */
export interface AutoSettle {
  timeoutMs: number;
}

export interface IncidentRuleSpec {
  priority: number;
  breakOnMatch: boolean;
  filter: { status: string[]; severity: string[]; category: string[]; ageMs: number };
  components: ComponentSelector[];
  template: RuleTemplate;
  autoAssignOwner: boolean;
  /** Undefined when the rule does not say (see rules.ts for the defaults by subject kind). */
  hoursSinceLastIncident: number | undefined;
  hoursOfOperation: HoursOfOperation[];
  responders: RuleResponder[];
  /** Undefined when the rule does not resolve / close its incidents by itself. */
  autoResolve: AutoSettle | undefined;
  autoClose: AutoSettle | undefined;
}

export interface ParsedRule {
  spec: IncidentRuleSpec;
  problems: string[];
}

/** Responder keys of the schema → Vigil's responder types (spec doc 2 §3). */
const RESPONDER_KEYS: Record<string, string> = {
  email: 'email',
  jira: 'jira',
  servicenow: 'service_now',
  aws: 'aws_support',
  ams: 'aws_ams_services_request',
};
/** Keys of the schema Vigil has no responder type for (Slack, Teams, GitHub, GCP): ignored. */
const UNSUPPORTED_RESPONDERS = new Set(['gcp', 'slack', 'teams', 'teamsUser', 'github']);

const SPEC_KEYS = new Set([
  'name',
  'components',
  'template',
  'filter',
  'autoAssignOwner',
  'priority',
  'breakOnMatch',
  'hoursOfOperation',
  'hoursSinceLastIncident',
  'autoClose',
  'autoResolve',
  'responders',
]);
const FILTER_KEYS = new Set(['status', 'severity', 'category', 'age']);
const SELECTOR_KEYS = new Set([
  'id',
  'name',
  'namespace',
  'agent',
  'types',
  'statuses',
  'labelSelector',
  'fieldSelector',
]);
const TEMPLATE_KEYS = new Set([
  'title',
  'description',
  'type',
  'status',
  'severity',
  'created_by',
  'commander_id',
  'communicator_id',
]);

const MAX_TEXT = 2000;
const UNITS_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/** A Go-style duration text ("90s", "1h30m", "2d") in ms; undefined when it is not one. */
export function parseDurationMs(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > 64) return undefined;
  if (trimmed === '0') return 0;
  const pattern = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h|d)/gy;
  let total = 0;
  let consumed = 0;
  for (let match = pattern.exec(trimmed); match; match = pattern.exec(trimmed)) {
    total += Number(match[1]) * (UNITS_MS[match[2] ?? ''] ?? 0);
    consumed = pattern.lastIndex;
  }
  return consumed === trimmed.length ? total : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== ''
    ? value.trim().slice(0, MAX_TEXT)
    : undefined;
}

function unknownKeys(
  value: Record<string, unknown>,
  known: ReadonlySet<string>,
  where: string,
  problems: string[],
): void {
  for (const key of Object.keys(value)) {
    if (!known.has(key)) problems.push(`${where}: unknown field "${key}" (ignored)`);
  }
}

function stringList(value: unknown, where: string, problems: string[]): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return value.map((item) => item.trim()).filter((item) => item !== '');
  }
  problems.push(`${where} must be a list of strings (ignored)`);
  return [];
}

function oneOf(
  value: unknown,
  allowed: readonly string[],
  fallback: string,
  where: string,
  problems: string[],
): string {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value === 'string') {
    const match = allowed.find((item) => item.toLowerCase() === value.trim().toLowerCase());
    if (match) return match;
  }
  problems.push(
    `${where} ${JSON.stringify(value)} is not one of ${allowed.join(', ')} (using ${fallback})`,
  );
  return fallback;
}

function clockMinutes(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!match) return undefined;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours <= 24 && minutes < 60 ? hours * 60 + minutes : undefined;
}

function parseFilter(value: unknown, problems: string[]): IncidentRuleSpec['filter'] {
  const filter = { status: ['unhealthy'], severity: [] as string[], category: [] as string[] };
  let ageMs = 0;
  if (value === undefined || value === null) return { ...filter, ageMs };
  if (!isRecord(value)) {
    problems.push('filter must be an object (ignored)');
    return { ...filter, ageMs };
  }
  unknownKeys(value, FILTER_KEYS, 'filter', problems);
  const status = stringList(value.status, 'filter.status', problems);
  if (status.length > 0) filter.status = status.map((item) => item.toLowerCase());
  filter.severity = stringList(value.severity, 'filter.severity', problems).map((item) =>
    item.toLowerCase(),
  );
  filter.category = stringList(value.category, 'filter.category', problems).map((item) =>
    item.toLowerCase(),
  );
  if (typeof value.age === 'number' && Number.isFinite(value.age) && value.age >= 0) {
    ageMs = value.age / 1e6; // Go's time.Duration: nanoseconds
  } else if (typeof value.age === 'string') {
    const parsed = parseDurationMs(value.age);
    if (parsed === undefined)
      problems.push(`filter.age "${value.age}" is not a duration (ignored)`);
    else ageMs = parsed;
  } else if (value.age !== undefined && value.age !== null) {
    problems.push('filter.age must be a duration (ignored)');
  }
  return { ...filter, ageMs };
}

function parseSelectors(value: unknown, problems: string[]): ComponentSelector[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    problems.push('components must be a list of selectors (ignored)');
    return [];
  }
  const selectors: ComponentSelector[] = [];
  value.forEach((item, index) => {
    const where = `components[${index}]`;
    if (!isRecord(item)) {
      problems.push(`${where} must be an object (ignored)`);
      return;
    }
    unknownKeys(item, SELECTOR_KEYS, where, problems);
    const selector: ComponentSelector = {};
    for (const key of [
      'id',
      'name',
      'namespace',
      'agent',
      'labelSelector',
      'fieldSelector',
    ] as const) {
      const entry = text(item[key]);
      if (entry !== undefined) selector[key] = entry;
    }
    const types = stringList(item.types, `${where}.types`, problems);
    if (types.length > 0) selector.types = types;
    const statuses = stringList(item.statuses, `${where}.statuses`, problems);
    if (statuses.length > 0) selector.statuses = statuses.map((status) => status.toLowerCase());
    if (Object.keys(selector).length === 0) {
      problems.push(`${where} selects nothing (ignored)`);
      return;
    }
    selectors.push(selector);
  });
  return selectors;
}

/** A Go time.Duration in JSON: a duration text or a number of nanoseconds. */
function durationMs(value: unknown, where: string, problems: string[]): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value / 1e6;
  if (typeof value === 'string') {
    const parsed = parseDurationMs(value);
    if (parsed !== undefined) return parsed;
  }
  problems.push(`${where} ${JSON.stringify(value)} is not a duration (ignored)`);
  return undefined;
}

const AUTO_KEYS = new Set(['timeout']);

function parseAuto(
  value: unknown,
  where: 'autoResolve' | 'autoClose',
  problems: string[],
): AutoSettle | undefined {
  if (value === undefined || value === null || value === false) return undefined;
  if (value === true) return { timeoutMs: 0 };
  if (!isRecord(value)) {
    problems.push(`${where} must be an object with a timeout (ignored)`);
    return undefined;
  }
  unknownKeys(value, AUTO_KEYS, where, problems);
  if (value.timeout === undefined || value.timeout === null) return { timeoutMs: 0 };
  const timeoutMs = durationMs(value.timeout, `${where}.timeout`, problems);
  return timeoutMs === undefined ? undefined : { timeoutMs };
}

function parseTemplate(value: unknown, problems: string[]): RuleTemplate {
  const template: RuleTemplate = { ...NEW_INCIDENT_DEFAULTS };
  if (value === undefined || value === null) return template;
  if (!isRecord(value)) {
    problems.push('template must be an object (ignored)');
    return template;
  }
  unknownKeys(value, TEMPLATE_KEYS, 'template', problems);
  template.type = oneOf(value.type, INCIDENT_TYPES, template.type, 'template.type', problems);
  template.severity = oneOf(
    value.severity,
    INCIDENT_SEVERITIES,
    template.severity,
    'template.severity',
    problems,
  );
  template.status = oneOf(
    value.status,
    INCIDENT_STATUSES,
    template.status,
    'template.status',
    problems,
  );
  const title = text(value.title);
  if (title !== undefined) template.title = title;
  const description = text(value.description);
  if (description !== undefined) template.description = description;
  const createdBy = text(value.created_by);
  if (createdBy !== undefined) template.createdBy = createdBy;
  const commander = text(value.commander_id);
  if (commander !== undefined) template.commanderId = commander;
  const communicator = text(value.communicator_id);
  if (communicator !== undefined) template.communicatorId = communicator;
  return template;
}

function parseResponders(value: unknown, problems: string[]): RuleResponder[] {
  if (value === undefined || value === null) return [];
  if (!isRecord(value)) {
    problems.push('responders must be an object (ignored)');
    return [];
  }
  const responders: RuleResponder[] = [];
  for (const [key, list] of Object.entries(value)) {
    if (UNSUPPORTED_RESPONDERS.has(key)) {
      problems.push(`responders.${key}: Vigil has no ${key} responder (ignored)`);
      continue;
    }
    const type = key === 'person' ? 'person' : RESPONDER_KEYS[key];
    if (!type) {
      problems.push(`responders: unknown responder "${key}" (ignored)`);
      continue;
    }
    if (!Array.isArray(list)) {
      problems.push(`responders.${key} must be a list (ignored)`);
      continue;
    }
    list.slice(0, 20).forEach((entry, index) => {
      if (!isRecord(entry)) {
        problems.push(`responders.${key}[${index}] must be an object (ignored)`);
        return;
      }
      if (type === 'person') {
        const person = text(entry.id) ?? text(entry.email) ?? text(entry.name);
        if (person === undefined) {
          problems.push(`responders.person[${index}] needs an id, email or name (ignored)`);
          return;
        }
        responders.push({ type, properties: { responderType: 'person' }, person });
        return;
      }
      const properties: Record<string, unknown> = { responderType: type };
      for (const [field, fieldValue] of Object.entries(entry)) {
        if (typeof fieldValue === 'string') properties[field] = fieldValue.slice(0, MAX_TEXT);
        else if (Array.isArray(fieldValue)) properties[field] = fieldValue.slice(0, 50);
      }
      responders.push({ type, properties });
    });
  }
  return responders;
}

function parseHours(value: unknown, problems: string[]): HoursOfOperation[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    problems.push('hoursOfOperation must be a list (ignored)');
    return [];
  }
  const hours: HoursOfOperation[] = [];
  value.forEach((item, index) => {
    const start = isRecord(item) ? clockMinutes(item.start) : undefined;
    const end = isRecord(item) ? clockMinutes(item.end) : undefined;
    if (!isRecord(item) || start === undefined || end === undefined) {
      problems.push(`hoursOfOperation[${index}] needs start and end as HH:MM (ignored)`);
      return;
    }
    hours.push({ start, end, negate: item.negate === true });
  });
  return hours;
}

/** Read a rule's spec; never throws. */
export function parseRuleSpec(raw: unknown): ParsedRule {
  const problems: string[] = [];
  const value = isRecord(raw) ? raw : {};
  if (!isRecord(raw)) problems.push('spec must be an object');
  unknownKeys(value, SPEC_KEYS, 'spec', problems);
  const priority =
    typeof value.priority === 'number' && Number.isFinite(value.priority)
      ? value.priority
      : Number.POSITIVE_INFINITY;
  let hoursSinceLastIncident: number | undefined;
  if (
    typeof value.hoursSinceLastIncident === 'number' &&
    Number.isFinite(value.hoursSinceLastIncident) &&
    value.hoursSinceLastIncident >= 0
  ) {
    hoursSinceLastIncident = value.hoursSinceLastIncident;
  } else if (value.hoursSinceLastIncident !== undefined) {
    problems.push('hoursSinceLastIncident must be a number of hours (ignored)');
  }
  return {
    spec: {
      priority,
      breakOnMatch: value.breakOnMatch === true,
      filter: parseFilter(value.filter, problems),
      components: parseSelectors(value.components, problems),
      template: parseTemplate(value.template, problems),
      autoAssignOwner: value.autoAssignOwner === true,
      hoursSinceLastIncident,
      hoursOfOperation: parseHours(value.hoursOfOperation, problems),
      responders: parseResponders(value.responders, problems),
      autoResolve: parseAuto(value.autoResolve, 'autoResolve', problems),
      autoClose: parseAuto(value.autoClose, 'autoClose', problems),
    },
    problems,
  };
}

/** Whether `now` falls in the rule's hours of operation (always, when it names none). */
export function withinHours(hours: readonly HoursOfOperation[], now: Date): boolean {
  if (hours.length === 0) return true;
  const minute = now.getUTCHours() * 60 + now.getUTCMinutes();
  return hours.some((window) => {
    const inside =
      window.start <= window.end
        ? minute >= window.start && minute < window.end
        : minute >= window.start || minute < window.end;
    return window.negate ? !inside : inside;
  });
}

/** `k=v,k!=v,k,!k` over a label map (Kubernetes' equality-based label selectors). */
export function matchesLabelSelector(
  selector: string,
  labels: Record<string, unknown> | null | undefined,
): boolean {
  const map = labels ?? {};
  return selector
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .every((part) => {
      const unequal = /^([^!=\s]+)\s*!=\s*(.*)$/.exec(part);
      if (unequal) return String(map[unequal[1] ?? ''] ?? '') !== (unequal[2] ?? '').trim();
      const equal = /^([^!=\s]+)\s*==?\s*(.*)$/.exec(part);
      if (equal) {
        const actual = map[equal[1] ?? ''];
        return actual !== undefined && String(actual) === (equal[2] ?? '').trim();
      }
      if (part.startsWith('!')) return !(part.slice(1) in map);
      return part in map;
    });
}
