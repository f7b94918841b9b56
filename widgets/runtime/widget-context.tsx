/** What the runtime gives a widget component besides its parsed attributes. */
import { createContext, useContext } from 'react';
import type { ApiContext } from './api-registry';
import type { AttributeProblem } from './attributes';
import type { VigilEventMap, VigilEventName } from './events';

export interface WidgetRuntime {
  /** The custom element's tag name. */
  tag: string;
  /** The custom element itself (events are dispatched on it). */
  host: HTMLElement;
  /** The shared API and Query clients of the widget's `api-base`. */
  api: ApiContext;
  /** Dispatch a `vigil-…` event on the host (bubbles, composed). */
  emit<N extends VigilEventName>(name: N, detail: VigilEventMap[N]): boolean;
  /**
   * The attribute problems of the current values (already reported with `vigil-error`). Blocking
   * ones never reach the component; a widget may show the others, e.g. next to a control.
   */
  problems: readonly AttributeProblem[];
}

export const WidgetRuntimeContext = createContext<WidgetRuntime | undefined>(undefined);

/** The runtime of the widget being rendered. Only valid inside a component given to defineWidget. */
export function useWidgetRuntime(): WidgetRuntime {
  const runtime = useContext(WidgetRuntimeContext);
  if (!runtime) throw new Error('useWidgetRuntime() is only available inside a Vigil widget.');
  return runtime;
}
