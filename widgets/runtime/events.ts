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
  | 'render-failed';

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

/** Every event a widget dispatches, by name. */
export interface VigilEventMap {
  'vigil-error': VigilErrorDetail;
  'vigil-status-change': VigilStatusChangeDetail;
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
