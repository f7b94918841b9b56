/**
 * TypeScript declarations of the Vigil widgets for host pages (shipped as
 * `dist/widgets/vigil-elements.d.ts`; the contract is widgets/README.md). Self-contained: add the
 * file to a project (copy it, or `/// <reference path="./vigil-elements.d.ts" />`) and
 * `document.querySelector('vigil-check-detail')` is a `VigilCheckDetailElement`, and
 * `addEventListener('vigil-…', …)` receives a typed `CustomEvent`.
 *
 * The detail types mirror widgets/runtime/events.ts and widgets/runtime/api-registry.ts
 * (widgets/vigil-elements.test.ts keeps them equal).
 */

/** What a token provider is asked for. */
export interface VigilTokenRequest {
  /** True after a 401 with the previous token: return a fresh token; the request is retried once. */
  forceRefresh: boolean;
}

/** The `tokenProvider` property: a bearer token, or nothing for cookie / open access. */
export type VigilTokenProvider = (
  request: VigilTokenRequest,
) => string | null | undefined | Promise<string | null | undefined>;

/** `code` of `vigil-error`. */
export type VigilErrorCode =
  'invalid-attribute' | 'unauthorized' | 'request-failed' | 'render-failed' | 'not-found';

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

/** Health states the widgets report. */
export type VigilHealthStatus = 'healthy' | 'unhealthy' | 'unknown';

/** `detail` of `vigil-status-change` from `<vigil-health-summary>`. */
export interface VigilStatusChangeDetail {
  widget: string;
  status: 'healthy' | 'unhealthy' | 'unknown';
  previousStatus: 'healthy' | 'unhealthy' | 'unknown' | undefined;
  passing: number;
  failing: number;
  total: number;
}

/** `detail` of `vigil-status-change` from `<vigil-check-detail>`. */
export interface VigilCheckStatusChangeDetail {
  widget: string;
  checkId: string;
  /** The check's name. */
  name: string;
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

/** `detail` of `vigil-status-change` from `<vigil-incident-summary>`. */
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

/** `detail` of `vigil-status-change` from `<vigil-topology-card>`. */
export interface VigilComponentStatusChangeDetail {
  widget: string;
  componentId: string;
  /** The component's name. */
  name: string;
  /** Its `health`, else `status`: unhealthy, warning, healthy (also `info`) or unknown. */
  status: VigilComponentHealth;
  previousStatus: VigilComponentHealth | undefined;
}

/** `detail` of `vigil-time-range-change` from `<vigil-time-range-picker>`. */
export interface VigilTimeRangeChangeDetail {
  /** The range in the console's URL format (`15m`, `next-1h`, `yesterday`, `<from>_<to>`). */
  value: string;
  /** Its start now, ISO 8601 UTC. */
  from: string;
  /** Its end now, ISO 8601 UTC (inclusive). */
  to: string;
}

/** `detail` of `vigil-navigate` (cancelable): a link into the console is followed. */
export interface VigilNavigateDetail {
  widget: string;
  /** The absolute console URL the link points to. */
  url: string;
  /** The check the link opens. */
  checkId?: string;
  /** The incident the link opens (its uuid). */
  incidentId?: string;
  /** The topology component the link opens. */
  componentId?: string;
}

/** The `vigil-…` events by name, as the listeners receive them. */
export interface VigilWidgetEventMap {
  'vigil-error': CustomEvent<VigilErrorDetail>;
  'vigil-status-change': CustomEvent<
    | VigilStatusChangeDetail
    | VigilCheckStatusChangeDetail
    | VigilIncidentStatusChangeDetail
    | VigilComponentStatusChangeDetail
  >;
  'vigil-time-range-change': CustomEvent<VigilTimeRangeChangeDetail>;
  'vigil-navigate': CustomEvent<VigilNavigateDetail>;
}

/** What every Vigil element has: the token provider, and typed `vigil-…` listeners. */
export interface VigilWidgetElement<
  Events extends Partial<VigilWidgetEventMap> = VigilWidgetEventMap,
> extends HTMLElement {
  /**
   * For hosts with their own authentication: called before each API request; after a 401 once
   * more with `{ forceRefresh: true }` and the request is retried once.
   */
  tokenProvider: VigilTokenProvider | undefined;
  addEventListener<K extends keyof Events & string>(
    type: K,
    listener: (this: this, event: Events[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (this: this, event: HTMLElementEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof Events & string>(
    type: K,
    listener: (this: this, event: Events[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (this: this, event: HTMLElementEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void;
}

/** `<vigil-health-summary>`: live passing / failing / total counts of the health checks. */
export type VigilHealthSummaryElement = VigilWidgetElement<{
  'vigil-error': CustomEvent<VigilErrorDetail>;
  'vigil-status-change': CustomEvent<VigilStatusChangeDetail>;
}>;

/** `<vigil-time-range-picker>`: the console's time-range picker; `value` is its state. */
export type VigilTimeRangePickerElement = VigilWidgetElement<{
  'vigil-error': CustomEvent<VigilErrorDetail>;
  'vigil-time-range-change': CustomEvent<VigilTimeRangeChangeDetail>;
}>;

/** `<vigil-check-detail>`: tiles, Health Overview chart and history of one check. */
export type VigilCheckDetailElement = VigilWidgetElement<{
  'vigil-error': CustomEvent<VigilErrorDetail>;
  'vigil-status-change': CustomEvent<VigilCheckStatusChangeDetail>;
  'vigil-navigate': CustomEvent<VigilNavigateDetail>;
}>;

/** `<vigil-incident-summary>`: incidents of a component or config, counted by severity. */
export type VigilIncidentSummaryElement = VigilWidgetElement<{
  'vigil-error': CustomEvent<VigilErrorDetail>;
  'vigil-status-change': CustomEvent<VigilIncidentStatusChangeDetail>;
  'vigil-navigate': CustomEvent<VigilNavigateDetail>;
}>;

/** `<vigil-topology-card>`: one topology component's card. */
export type VigilTopologyCardElement = VigilWidgetElement<{
  'vigil-error': CustomEvent<VigilErrorDetail>;
  'vigil-status-change': CustomEvent<VigilComponentStatusChangeDetail>;
  'vigil-navigate': CustomEvent<VigilNavigateDetail>;
}>;

declare global {
  interface HTMLElementTagNameMap {
    'vigil-health-summary': VigilHealthSummaryElement;
    'vigil-time-range-picker': VigilTimeRangePickerElement;
    'vigil-check-detail': VigilCheckDetailElement;
    'vigil-incident-summary': VigilIncidentSummaryElement;
    'vigil-topology-card': VigilTopologyCardElement;
  }
  // The events bubble and are composed: containers and the document hear them too. Merging into
  // the DOM's interfaces is only possible with (empty) interface declarations.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface HTMLElementEventMap extends VigilWidgetEventMap {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface DocumentEventMap extends VigilWidgetEventMap {}
}
