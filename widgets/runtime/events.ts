/**
 * Events Vigil widgets dispatch on their host element. All are `CustomEvent`s named `vigil-…` with
 * `bubbles: true` and `composed: true`, so a page can listen on the element, on a container or on
 * `document`, across any shadow roots the widget is nested in.
 */

/** Why a widget reports an error. */
export type VigilErrorCode =
  /** An attribute value is invalid (see `attribute`). */
  | 'invalid-attribute'
  /** The API answered 401 even after asking the token provider again. */
  | 'unauthorized'
  /** A request failed (HTTP status in `status`, 0 for network failures). */
  | 'request-failed'
  /** The widget threw while rendering; the error boundary shows a message instead. */
  | 'render-failed'
  /** What the attributes name does not exist (e.g. no check with that `check-id`). */
  | 'not-found';

/** `detail` of `vigil-error`. */
export interface VigilErrorDetail {
  code: VigilErrorCode;
  message: string;
  /** The widget's tag name. */
  widget: string;
  /** For `invalid-attribute`: the attribute name. */
  attribute?: string;
  /** For `invalid-attribute`: whether the widget is blocked (true) or used the default (false). */
  blocking?: boolean;
  /** For request failures: the HTTP status (0 for transport failures). */
  status?: number;
}

/** `detail` of `vigil-status-change`: the overall state the widget shows changed. */
export interface VigilStatusChangeDetail {
  widget: string;
  status: 'healthy' | 'unhealthy' | 'unknown';
  previousStatus: 'healthy' | 'unhealthy' | 'unknown' | undefined;
  passing: number;
  failing: number;
  total: number;
}

/** Health states a widget reports: `unknown` = no checks, or a check without a status yet. */
export type VigilHealthStatus = 'healthy' | 'unhealthy' | 'unknown';

/**
 * `detail` of `vigil-status-change` from `<vigil-check-detail>`: the check's status changed
 * (`previousStatus` is undefined on the first data).
 */
export interface VigilCheckStatusChangeDetail {
  widget: string;
  checkId: string;
  /** The check's name. */
  name: string;
  /** `healthy`, `unhealthy` (any other status the API reports) or `unknown` (none yet). */
  status: VigilHealthStatus;
  previousStatus: VigilHealthStatus | undefined;
}

/** Open-incident counts by severity (`<vigil-incident-summary>`; low is counted with medium). */
export interface VigilIncidentCounts {
  /** Critical and blocker. */
  critical: number;
  high: number;
  /** Medium and low. */
  medium: number;
  info: number;
  /** Any other or missing severity. */
  other: number;
}

/**
 * `detail` of `vigil-status-change` from `<vigil-incident-summary>`: the incident counts changed
 * (on the first data too, when the `previous…` fields are undefined).
 */
export interface VigilIncidentStatusChangeDetail {
  widget: string;
  /** The component whose incidents are counted (or `configId`). */
  componentId?: string;
  configId?: string;
  /** `unhealthy` while any incident is counted, `healthy` when none is. */
  status: VigilHealthStatus;
  previousStatus: VigilHealthStatus | undefined;
  /** Incidents counted (of the `status` attribute, `open` by default). */
  total: number;
  previousTotal: number | undefined;
  counts: VigilIncidentCounts;
  previousCounts: VigilIncidentCounts | undefined;
}

/** A topology component's health as `<vigil-topology-card>` shows it. */
export type VigilComponentHealth = 'healthy' | 'unhealthy' | 'warning' | 'unknown';

/**
 * `detail` of `vigil-status-change` from `<vigil-topology-card>`: the component's health changed
 * (`previousStatus` is undefined on the first data).
 */
export interface VigilComponentStatusChangeDetail {
  widget: string;
  componentId: string;
  /** The component's name. */
  name: string;
  /** Its `health`, else `status`: unhealthy, warning, healthy (also `info`) or unknown. */
  status: VigilComponentHealth;
  previousStatus: VigilComponentHealth | undefined;
}

/** `detail` of `vigil-time-range-change` (`<vigil-time-range-picker>`): the user picked a range. */
export interface VigilTimeRangeChangeDetail {
  /** The range in the URL format of the console (`15m`, `next-1h`, `yesterday`, `<from>_<to>`). */
  value: string;
  /** Its start now, ISO 8601 UTC. */
  from: string;
  /** Its end now, ISO 8601 UTC (inclusive: calendar ranges end at `…59.999`). */
  to: string;
}

/**
 * `detail` of `vigil-navigate`: the user follows a link into the Vigil console. Cancelable:
 * `preventDefault()` keeps the page where it is (e.g. to route inside a single-page host).
 */
export interface VigilNavigateDetail {
  widget: string;
  /** The absolute console URL the link points to. */
  url: string;
  /** The check the link opens, when it opens one. */
  checkId?: string;
  /** The incident the link opens (its uuid), when it opens one. */
  incidentId?: string;
  /** The topology component the link opens, when it opens one. */
  componentId?: string;
}

/** Every event a widget dispatches, by name. */
export interface VigilEventMap {
  'vigil-error': VigilErrorDetail;
  'vigil-status-change':
    | VigilStatusChangeDetail
    | VigilCheckStatusChangeDetail
    | VigilIncidentStatusChangeDetail
    | VigilComponentStatusChangeDetail;
  'vigil-time-range-change': VigilTimeRangeChangeDetail;
  'vigil-navigate': VigilNavigateDetail;
}

export type VigilEventName = keyof VigilEventMap;

/**
 * Dispatch a `vigil-…` event on a widget's host element (bubbling and composed).
 * @returns false when a listener called `preventDefault()` (events are cancelable).
 */
export function dispatchWidgetEvent<N extends VigilEventName>(
  host: EventTarget,
  name: N,
  detail: VigilEventMap[N],
): boolean {
  return host.dispatchEvent(
    new CustomEvent<VigilEventMap[N]>(name, {
      detail,
      bubbles: true,
      composed: true,
      cancelable: true,
    }),
  );
}
