/** Attributes of `<vigil-incident-summary>` (see widgets/README.md). */
import type { IncidentSubject } from '../../src/api/incidents';
import {
  INCIDENT_SEVERITIES,
  INCIDENT_STATUSES,
  INCIDENT_TYPES,
} from '../../src/entities/incident-summary/summarize-incidents';
import {
  booleanAttribute,
  enumAttribute,
  numberAttribute,
  urlAttribute,
  type AttributeSpec,
} from '../runtime/attributes';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXAMPLE_UUID = '0c9a55da-ed3a-45dd-9413-633861c17855';

/**
 * A component or config id: optional on its own (the widget needs exactly one of the two, see
 * {@link incidentSubjectOf}), and a malformed one blocks, since it decides which data is shown.
 */
export function subjectIdAttribute(
  what: 'component' | 'config',
): AttributeSpec<string | undefined> {
  return {
    blocking: true,
    parse: (raw) => {
      const value = raw?.trim();
      if (!value) return { value: undefined };
      if (!UUID.test(value)) {
        return {
          value: undefined,
          problem: `"${raw}" is not a ${what} id (a uuid such as ${EXAMPLE_UUID}).`,
        };
      }
      return { value: value.toLowerCase() };
    },
  };
}

/**
 * One of a fixed set of filter values, case-insensitive (the API is sent lower-cased values), or
 * `all` for no filter. An unknown value blocks: falling back would silently show other incidents.
 */
export function incidentFilterAttribute(
  values: readonly string[],
  defaultValue: string,
  aliases: Readonly<Record<string, string>> = {},
): AttributeSpec<string> {
  const canonical = new Map<string, string>([['all', 'all']]);
  for (const value of values) canonical.set(value.toLowerCase(), value);
  for (const [alias, value] of Object.entries(aliases)) canonical.set(alias, value);
  return {
    blocking: true,
    parse: (raw) => {
      const value = raw?.trim();
      if (!value) return { value: defaultValue };
      const match = canonical.get(value.toLowerCase());
      if (match) return { value: match };
      return {
        value: defaultValue,
        problem: `"${raw}" is not one of ${[...values, 'all'].join(', ')}.`,
      };
    },
  };
}

/** A problem that involves both subject attributes (reported like an attribute problem). */
export interface SubjectProblem {
  attribute: 'component-id' | 'config-id';
  message: string;
}

/** Exactly one of `component-id` and `config-id`: the subject, or what is wrong. */
export function incidentSubjectOf(
  componentId: string | undefined,
  configId: string | undefined,
):
  | { subject: IncidentSubject; problem?: undefined }
  | { subject?: undefined; problem: SubjectProblem } {
  if (componentId && configId) {
    return {
      problem: {
        attribute: 'config-id',
        message:
          'Attributes component-id and config-id are both set: set only one, the component or the config whose incidents to show.',
      },
    };
  }
  if (componentId) return { subject: { kind: 'component', id: componentId } };
  if (configId) return { subject: { kind: 'config', id: configId } };
  return {
    problem: {
      attribute: 'component-id',
      message:
        'Attribute component-id or config-id is required: the id of the topology component or config item whose incidents to show.',
    },
  };
}

export const incidentSummaryAttributes = {
  /** The topology component whose incidents to show (a uuid; this or config-id). */
  componentId: subjectIdAttribute('component'),
  /** The config item whose incidents to show (a uuid; this or component-id). */
  configId: subjectIdAttribute('config'),
  /** Incident status to count: new, open (default), investigating, mitigated, resolved, closed, all. */
  status: incidentFilterAttribute(INCIDENT_STATUSES, 'open'),
  /** Only incidents of this type (availability, cost, technicalDebt…); default all. */
  type: incidentFilterAttribute(INCIDENT_TYPES, 'all', { technical_debt: 'technicalDebt' }),
  /** Only incidents of exactly this severity (critical, blocker, high, medium, low, info); all. */
  severity: incidentFilterAttribute(INCIDENT_SEVERITIES, 'all'),
  /** Incidents listed at most (1–100, default 10); the counts include every incident. */
  limit: numberAttribute({ defaultValue: 10, min: 1, max: 100 }),
  /** `counts` (severity tiles above the list, default) or `list` (the list under count badges). */
  layout: enumAttribute(['counts', 'list'], 'counts'),
  /** Console base URL; incident titles link to `{console-url}/incidents/{id}`. */
  consoleUrl: urlAttribute({ blocking: false }),
  /** Hide the heading. */
  noTitle: booleanAttribute(),
  /** Hide the counts by severity. */
  noCounts: booleanAttribute(),
  /** Hide the list of incidents. */
  noList: booleanAttribute(),
};
