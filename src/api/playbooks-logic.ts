/**
 * The playbooks' pure rules (spec doc 3 §4, §5, §9; schema.md §9): run and step statuses, the
 * refresh intervals (a run every 2 s until completed, failed or cancelled; a step's log every 1 s
 * until it is completed or failed), the step list with the synthetic 'Initialization' step of a
 * failed run, the parameter kinds and their validation, and the values sent to `POST
 * /playbook/run` (strings, api.md §10.3).
 */
import type { PlaybookParameter } from './types';

/** Run statuses as stored (schema.md §9) plus the spec's `pending`. */
export const PLAYBOOK_RUN_STATUSES = [
  'scheduled',
  'pending_approval',
  'pending',
  'running',
  'waiting',
  'sleeping',
  'completed',
  'failed',
  'cancelled',
] as const;

/** A run stops refreshing in these statuses. */
export const TERMINAL_RUN_STATUSES: ReadonlySet<string> = new Set([
  'completed',
  'failed',
  'cancelled',
]);

/** "Run detail refreshes every 2 s until completed, failed or cancelled". */
export const RUN_REFRESH_MS = 2000;
/** "a step's log refreshes every 1 s until the step is completed or failed". */
export const STEP_REFRESH_MS = 1000;

/** Default page size of the runs list and of the resource panels (postgrest.md §8.7). */
export const PLAYBOOK_RUNS_PAGE_SIZE = 50;

/** The name of the synthetic first step of a failed run. */
export const INITIALIZATION_STEP = 'Initialization';
export const INITIALIZATION_STEP_ID = 'initialization';

export function isTerminalRun(status: string | null | undefined): boolean {
  return TERMINAL_RUN_STATUSES.has((status ?? '').toLowerCase());
}

/** TanStack `refetchInterval` of the run detail (and its steps). */
export function runRefreshInterval(status: string | null | undefined): number | false {
  return status === undefined || status === null || !isTerminalRun(status) ? RUN_REFRESH_MS : false;
}

/**
 * `refetchInterval` of a step's log: 1 s until the step is completed or failed. A skipped step is
 * never opened; a step of a finished run is read once more, not forever (a cancelled run can leave
 * a step that will never finish).
 */
export function stepRefreshInterval(
  stepStatus: string | null | undefined,
  runStatus?: string | null,
): number | false {
  const word = (stepStatus ?? '').toLowerCase();
  if (word === 'completed' || word === 'failed' || word === 'skipped') return false;
  if (runStatus && isTerminalRun(runStatus)) return false;
  return STEP_REFRESH_MS;
}

/** Human label of a status: `pending_approval` → 'Pending approval'. */
export function statusLabel(status: string | null | undefined): string {
  const word = (status ?? '').toLowerCase();
  if (!word) return 'Unknown';
  return (word.charAt(0).toUpperCase() + word.slice(1)).replace(/_/g, ' ');
}

export type RunStatusTone = 'success' | 'failure' | 'active' | 'waiting' | 'neutral';

export function runStatusTone(status: string | null | undefined): RunStatusTone {
  switch ((status ?? '').toLowerCase()) {
    case 'completed':
      return 'success';
    case 'failed':
      return 'failure';
    case 'running':
      return 'active';
    case 'pending':
    case 'pending_approval':
    case 'waiting':
    case 'scheduled':
    case 'sleeping':
      return 'waiting';
    default:
      return 'neutral';
  }
}

/** A step as the run detail lists it. */
export interface RunStep {
  id: string;
  name: string;
  status: string;
  start_time?: string | null;
  end_time?: string | null;
  scheduled_time?: string | null;
  /** The run's error, on the synthetic Initialization step. */
  error?: string | null;
  synthetic?: boolean;
}

/**
 * The step list: the actions in order, with 'Initialization' first when the run failed with an
 * error (spec doc 3 §4).
 */
export function runSteps(
  run: {
    status: string;
    error?: string | null;
    created_at?: string | null;
    start_time?: string | null;
    end_time?: string | null;
  },
  actions: readonly RunStep[],
): RunStep[] {
  const steps = [...actions];
  if (run.status === 'failed' && run.error) {
    steps.unshift({
      id: INITIALIZATION_STEP_ID,
      name: INITIALIZATION_STEP,
      status: 'failed',
      start_time: run.start_time ?? run.created_at ?? null,
      end_time: run.end_time ?? null,
      error: run.error,
      synthetic: true,
    });
  }
  return steps;
}

/**
 * "The last step is selected by default": the last one that can be opened (skipped steps are not
 * clickable and have no log), else the last.
 */
export function defaultStepId(steps: readonly RunStep[]): string | undefined {
  return (steps.findLast((step) => isStepClickable(step)) ?? steps.at(-1))?.id;
}

export function isStepClickable(step: Pick<RunStep, 'status'>): boolean {
  return step.status !== 'skipped';
}

/** Duration in ms between start and end (or now while running). */
export function elapsedMs(
  item: { start_time?: string | null; end_time?: string | null; status?: string | null },
  now: number = Date.now(),
): number | undefined {
  const start = item.start_time ? Date.parse(item.start_time) : NaN;
  if (!Number.isFinite(start)) return undefined;
  const end = item.end_time
    ? Date.parse(item.end_time)
    : item.status === 'running'
      ? now
      : Number.NaN;
  return Number.isFinite(end) && end >= start ? end - start : undefined;
}

// ---- parameters ----

/** The nine parameter kinds (spec doc 3 §3); an unknown or absent type is text. */
export const PARAMETER_TYPES = [
  'code',
  'checkbox',
  'list',
  'team',
  'people',
  'component',
  'config',
  'check',
  'text',
] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

export function parameterType(parameter: Pick<PlaybookParameter, 'type'>): ParameterType {
  const type = parameter.type ?? 'text';
  // The contract's `bytes` and `millicores` types are text with that format.
  return (PARAMETER_TYPES as readonly string[]).includes(type) ? (type as ParameterType) : 'text';
}

export const REQUIRED_MESSAGE = 'This field is required';
export const NUMBER_MESSAGE = 'This field must be a number';

/** Text parameter properties (spec doc 3 §3, §5). */
export interface TextProperties {
  multiline?: boolean;
  minLength?: number;
  maxLength?: number;
  regex?: string;
  format?: string;
  min?: number;
  max?: number;
}

function numberProp(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Number(value);
  }
  return undefined;
}

export function textProperties(parameter: PlaybookParameter): TextProperties {
  const props = parameter.properties ?? {};
  const format =
    typeof props.format === 'string' && props.format
      ? props.format
      : parameter.type === 'bytes' || parameter.type === 'millicores'
        ? parameter.type
        : undefined;
  return {
    multiline: props.multiline === true || props.multiline === 'true',
    minLength: numberProp(props.minLength),
    maxLength: numberProp(props.maxLength),
    regex: typeof props.regex === 'string' && props.regex ? props.regex : undefined,
    format,
    min: numberProp(props.min),
    max: numberProp(props.max),
  };
}

/** Kubernetes quantities: `512Mi`, `1G`, `1.5Gi`, `1024`. */
const BYTES = /^\d+(\.\d+)?(k|Ki|M|Mi|G|Gi|T|Ti|P|Pi|E|Ei|K|KB|MB|GB|TB)?$/;
/** CPU: `500m` or cores `1`, `0.5`. */
const MILLICORES = /^(\d+m|\d+(\.\d+)?)$/;
/** DNS-1123 subdomain: lowercase alphanumerics, '-' and '.', starting and ending alphanumeric. */
const DNS1123 = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

export const FORMAT_MESSAGES: Record<string, string> = {
  bytes: 'Must be a size such as 512Mi or 1Gi',
  millicores: 'Must be CPU such as 500m or 1.5',
  dns1123:
    'Must be lowercase letters, digits, hyphens and dots, starting and ending with a letter or digit',
};

/** The options of a list parameter: `[{label, value}]` (strings are their own label). */
export function listOptions(parameter: PlaybookParameter): { value: string; label: string }[] {
  const raw = parameter.properties?.options;
  if (!Array.isArray(raw)) return [];
  const options: { value: string; label: string }[] = [];
  for (const item of raw) {
    if (typeof item === 'string') options.push({ value: item, label: item });
    else if (item && typeof item === 'object') {
      const record = item as Record<string, unknown>;
      const value = record.value ?? record.label;
      if (value === undefined || value === null) continue;
      options.push({ value: String(value), label: String(record.label ?? value) });
    }
  }
  return options;
}

/**
 * The error of one value, or undefined when it is fine. Values are strings (checkbox 'true' /
 * 'false'). Empty optional values are fine.
 */
export function validateParameter(parameter: PlaybookParameter, value: string): string | undefined {
  const type = parameterType(parameter);
  if (type === 'checkbox') return undefined;
  const empty = value.trim() === '';
  if (empty) return parameter.required ? REQUIRED_MESSAGE : undefined;
  if (type === 'list') {
    const options = listOptions(parameter);
    if (options.length > 0 && !options.some((option) => option.value === value)) {
      return 'Choose one of the options';
    }
    return undefined;
  }
  if (type !== 'text') return undefined;
  const props = textProperties(parameter);
  if (props.minLength !== undefined && value.length < props.minLength) {
    return `Must be at least ${props.minLength} characters`;
  }
  if (props.maxLength !== undefined && value.length > props.maxLength) {
    return `Must be at most ${props.maxLength} characters`;
  }
  if (props.regex) {
    let pattern: RegExp | undefined;
    try {
      pattern = new RegExp(`^(?:${props.regex})$`);
    } catch {
      pattern = undefined;
    }
    if (pattern && !pattern.test(value)) return `Must match ${props.regex}`;
  }
  const format = props.format;
  if (format === 'bytes' && !BYTES.test(value.trim())) return FORMAT_MESSAGES.bytes;
  if (format === 'millicores' && !MILLICORES.test(value.trim())) return FORMAT_MESSAGES.millicores;
  if (format === 'dns1123' && !DNS1123.test(value)) return FORMAT_MESSAGES.dns1123;
  if (props.min !== undefined || props.max !== undefined) {
    const number = Number(value.trim());
    if (!Number.isFinite(number)) return NUMBER_MESSAGE;
    if (props.min !== undefined && number < props.min) return `Must be at least ${props.min}`;
    if (props.max !== undefined && number > props.max) return `Must be at most ${props.max}`;
  }
  return undefined;
}

/** Every parameter's error (none when the form is valid). */
export function validateParameters(
  parameters: readonly PlaybookParameter[],
  values: Readonly<Record<string, string>>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const parameter of parameters) {
    const error = validateParameter(parameter, values[parameter.name] ?? '');
    if (error) errors[parameter.name] = error;
  }
  return errors;
}

/** A parameter's default as the form's starting string. */
export function defaultValue(parameter: PlaybookParameter): string {
  const value = parameter.default;
  if (parameterType(parameter) === 'checkbox') {
    return value === true || String(value).toLowerCase() === 'true' ? 'true' : 'false';
  }
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function initialValues(parameters: readonly PlaybookParameter[]): Record<string, string> {
  return Object.fromEntries(parameters.map((p) => [p.name, defaultValue(p)]));
}

/**
 * The `params` of the run request: every value as a string; empty optional values are left out
 * so the server applies their (templated) defaults.
 */
export function runParams(
  parameters: readonly PlaybookParameter[],
  values: Readonly<Record<string, string>>,
): Record<string, string> {
  const params: Record<string, string> = {};
  for (const parameter of parameters) {
    const value = values[parameter.name] ?? defaultValue(parameter);
    if (value === '' && !parameter.required) continue;
    params[parameter.name] = value;
  }
  return params;
}

/** A run's parameters (jsonb) as sendable strings, for Re-run. */
export function rerunParams(parameters: unknown): Record<string, string> {
  if (!parameters || typeof parameters !== 'object' || Array.isArray(parameters)) return {};
  return Object.fromEntries(
    Object.entries(parameters as Record<string, unknown>).map(([key, value]) => [
      key,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]),
  );
}

/** Playbook cards grouped by category ('Other' when none), groups and cards by title. */
export function groupByCategory<T extends { category?: string | null; title?: string | null }>(
  playbooks: readonly T[],
): { category: string; playbooks: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const playbook of playbooks) {
    const category = playbook.category?.trim() || 'Other';
    const list = groups.get(category) ?? [];
    list.push(playbook);
    groups.set(category, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === 'Other' ? 1 : b === 'Other' ? -1 : a.localeCompare(b)))
    .map(([category, list]) => ({
      category,
      playbooks: list.sort((a, b) => (a.title ?? '').localeCompare(b.title ?? '')),
    }));
}

/** `name` derived from the title for `POST /playbooks` (postgrest.md §8.7). */
export function playbookNameFromTitle(title: string): string {
  return (
    title
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 63) || 'playbook'
  );
}

/** Whether the user is a listed approver: e-mail or name in `people`, or a member of a team. */
export function isListedApprover(
  approval: unknown,
  user: { email?: string | null; name?: string | null } | null,
  teamNames: readonly string[],
): boolean {
  if (!user || !approval || typeof approval !== 'object') return false;
  const approvers = (approval as { approvers?: { people?: unknown; teams?: unknown } }).approvers;
  const people = Array.isArray(approvers?.people) ? approvers.people.map(String) : [];
  const teams = Array.isArray(approvers?.teams) ? approvers.teams.map(String) : [];
  const mine = [user.email, user.name].filter(Boolean).map((v) => String(v).toLowerCase());
  if (people.some((person) => mine.includes(person.toLowerCase()))) return true;
  const myTeams = new Set(teamNames.map((name) => name.toLowerCase()));
  return teams.some((team) => myTeams.has(team.toLowerCase()));
}
