/**
 * A playbook's spec (`playbooks.spec`, the document of `playbook-spec.schema.json`) read into a
 * checked shape. {@link parsePlaybookSpec} checks the spec against the schema the spec editor uses
 * and then what a schema cannot say: action names are unique, every action has exactly one type
 * that Vigil's runner can run, durations parse, parameter names are unique. Problems come back as
 * readable lines (`actions[1].http.url: is required`).
 */
import { parseDuration } from '../catalog/datemath';
import { checkSchema, playbookSpecSchema } from './schema-check';

/** The parameter types of spec doc 3 §3 plus the two formats MC also accepts as types. */
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
  'bytes',
  'millicores',
] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

/** Action types the runner executes; the others of the schema are refused with a clear error. */
export const RUNNABLE_ACTIONS = ['http', 'sql', 'notification', 'logs', 'exec'] as const;
export type ActionType = (typeof RUNNABLE_ACTIONS)[number];
const OTHER_ACTIONS = ['pod', 'gitops', 'github', 'azureDevopsPipeline'] as const;

/** Defaults (docs/playbooks.md). */
export const DEFAULT_ACTION_TIMEOUT_MS = 5 * 60_000;
export const DEFAULT_RETRY_DELAY_MS = 10_000;
export const MAX_DELAY_MS = 24 * 3_600_000;

export interface Selector {
  id?: string;
  name?: string;
  namespace?: string;
  agent?: string;
  types?: string[];
  statuses?: string[];
  labelSelector?: string;
  fieldSelector?: string;
}

export interface ParameterProperties {
  size?: string;
  language?: string;
  jsonSchemaUrl?: string;
  options?: { label?: string; value?: string }[];
  filter?: Record<string, unknown>;
  multiline?: boolean | string;
  maxLength?: number;
  minLength?: number;
  regex?: string;
  format?: string;
  min?: number;
  max?: number;
}

export interface Parameter {
  name: string;
  label?: string;
  description?: string;
  type?: ParameterType;
  default?: unknown;
  required?: boolean;
  icon?: string;
  properties?: ParameterProperties;
}

export interface EnvVar {
  name: string;
  value?: string;
}

export interface RetrySpec {
  limit: number;
  duration?: string;
  exponent?: { multiplier?: number };
}

export interface ActionSpec {
  name: string;
  if?: string;
  delay?: string;
  timeout?: string;
  retry?: RetrySpec;
  http?: {
    url: string;
    connection?: string;
    method?: string;
    headers?: Record<string, string> | { name: string; value?: string }[];
    body?: string;
    insecureTLS?: boolean;
  };
  sql?: { query: string; connection?: string; url?: string; driver?: string };
  notification?: {
    connection?: string;
    url?: string;
    title?: string;
    message: string;
    properties?: Record<string, string>;
  };
  logs?: {
    stream?: string;
    query?: string;
    labels?: Record<string, string>;
    since?: string;
    limit?: number;
  };
  exec?: { script: string; env?: EnvVar[]; connections?: unknown; checkout?: unknown };
}

export interface Approval {
  type?: 'any' | 'all';
  approvers?: { people?: string[]; teams?: string[] };
}

export interface PlaybookSpec {
  title?: string;
  description?: string;
  icon?: string;
  category?: string;
  timeout?: string;
  checks?: Selector[];
  configs?: Selector[];
  components?: Selector[];
  parameters?: Parameter[];
  approval?: Approval;
  env?: EnvVar[];
  actions: ActionSpec[];
}

export type SpecResult = { ok: true; spec: PlaybookSpec } | { ok: false; problems: string[] };

/** The spec's type of an action (the one runnable key it has). */
export function actionType(action: ActionSpec): ActionType | undefined {
  return RUNNABLE_ACTIONS.find((type) => action[type] !== undefined);
}

/** Whether a spec requires approval (it names at least one approver). */
export function needsApproval(spec: PlaybookSpec): boolean {
  const approvers = spec.approval?.approvers;
  return (approvers?.people?.length ?? 0) + (approvers?.teams?.length ?? 0) > 0;
}

function durationProblem(text: string | undefined, where: string): string | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  return parseDuration(text) === undefined ? `${where}: "${text}" is not a duration` : undefined;
}

/** Check a spec (a parsed JSON value) and read it into {@link PlaybookSpec}. */
export function parsePlaybookSpec(value: unknown): SpecResult {
  const problems = checkSchema(playbookSpecSchema(), value);
  if (problems.length > 0) return { ok: false, problems };
  const spec = value as PlaybookSpec;
  const names = new Set<string>();
  spec.actions.forEach((action, index) => {
    const where = `actions[${index}]`;
    if (names.has(action.name)) problems.push(`${where}.name: "${action.name}" is used twice`);
    names.add(action.name);
    const runnable = RUNNABLE_ACTIONS.filter((type) => action[type] !== undefined);
    const other = OTHER_ACTIONS.filter(
      (type) => (action as unknown as Record<string, unknown>)[type] !== undefined,
    );
    if (other.length > 0) {
      problems.push(`${where}: ${other[0]} actions are not supported by Vigil's playbook runner`);
    } else if (runnable.length === 0) {
      problems.push(`${where}: needs one of ${RUNNABLE_ACTIONS.join(', ')}`);
    } else if (runnable.length > 1) {
      problems.push(`${where}: has both ${runnable[0]} and ${runnable[1]}; one action, one type`);
    }
    for (const [text, key] of [
      [action.delay, 'delay'],
      [action.timeout, 'timeout'],
      [action.retry?.duration, 'retry.duration'],
    ] as const) {
      const problem = durationProblem(text, `${where}.${key}`);
      if (problem) problems.push(problem);
    }
    const delay = action.delay ? (parseDuration(action.delay) ?? 0) : 0;
    if (delay > MAX_DELAY_MS) problems.push(`${where}.delay: at most 24h`);
    if (action.if !== undefined && !/^\s*(success|failure|always)\(\)\s*$/.test(action.if)) {
      problems.push(`${where}.if: must be success(), failure() or always()`);
    }
  });
  const timeout = durationProblem(spec.timeout, 'timeout');
  if (timeout) problems.push(timeout);
  const parameters = new Set<string>();
  for (const [index, parameter] of (spec.parameters ?? []).entries()) {
    if (parameters.has(parameter.name)) {
      problems.push(`parameters[${index}].name: "${parameter.name}" is used twice`);
    }
    parameters.add(parameter.name);
    const regex = parameter.properties?.regex;
    if (regex !== undefined) {
      try {
        new RegExp(regex, 'u');
      } catch {
        problems.push(`parameters[${index}].properties.regex: not a valid regular expression`);
      }
    }
  }
  return problems.length > 0 ? { ok: false, problems: problems.slice(0, 5) } : { ok: true, spec };
}

/** Milliseconds of a duration text, or the fallback when absent or empty. */
export function durationMs(text: string | undefined, fallback: number): number {
  if (text === undefined || text.trim() === '') return fallback;
  return parseDuration(text) ?? fallback;
}
