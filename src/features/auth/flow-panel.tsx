/**
 * A flow's card body on every identity page: the console's own message (expired, CSRF, a failure
 * to load), the flow's messages, then the forms, or a spinner while it loads, or Try again when
 * it could not start. Focus goes to the first error after a 400.
 */
import { useRef, type ReactNode } from 'react';
import type { KratosFlow, KratosUiText } from '../../api/types';
import { Button } from '../../ui/button';
import { FlowLoading } from './auth-card';
import { useFocusFirstError } from './flow-form';
import { FlowMessages } from './flow-nodes';
import type { FlowState } from './use-flow';

/** The messages to show above a flow: the console's failure and notice, then the flow's own. */
export function flowMessages(state: FlowState): KratosUiText[] {
  return [
    ...(state.failure ? [{ id: 0, type: 'error', text: state.failure }] : []),
    ...(state.notice ? [state.notice] : []),
    ...(state.flow?.ui.messages ?? []),
  ];
}

export function FlowPanel({
  state,
  loadingLabel,
  showMessages = true,
  children,
}: {
  state: FlowState;
  loadingLabel: string;
  /** False when the page places the flow's messages itself (settings sections). */
  showMessages?: boolean;
  children: (flow: KratosFlow) => ReactNode;
}) {
  const container = useRef<HTMLDivElement>(null);
  useFocusFirstError(container, state.focusToken);
  const messages = showMessages
    ? flowMessages(state)
    : state.failure
      ? [{ id: 0, type: 'error', text: state.failure }]
      : [];
  return (
    <div ref={container} className="flex flex-col gap-4">
      <FlowMessages messages={messages} />
      {state.flow ? (
        children(state.flow)
      ) : state.failure && state.final ? null : state.failure ? (
        <Button variant="secondary" className="w-full" onClick={() => void state.restart()}>
          Try again
        </Button>
      ) : (
        <FlowLoading label={loadingLabel} />
      )}
    </div>
  );
}
