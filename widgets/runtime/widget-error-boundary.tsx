/** Catches render errors of one widget so a broken widget shows a message instead of vanishing. */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { WidgetMessage } from './widget-message';

export interface WidgetErrorBoundaryProps {
  /** Shown in the message, e.g. "Health summary". */
  widgetLabel: string;
  /** Called once per caught error (the runtime dispatches `vigil-error`). */
  onError: (error: unknown) => void;
  children: ReactNode;
}

interface WidgetErrorBoundaryState {
  error: unknown;
  hasError: boolean;
}

/**
 * React error boundary of the widget runtime. Class component because React offers no hook for
 * error boundaries.
 */
export class WidgetErrorBoundary extends Component<
  WidgetErrorBoundaryProps,
  WidgetErrorBoundaryState
> {
  override state: WidgetErrorBoundaryState = { error: undefined, hasError: false };

  static getDerivedStateFromError(error: unknown): WidgetErrorBoundaryState {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    this.props.onError(error);
  }

  private readonly reset = (): void => {
    this.setState({ error: undefined, hasError: false });
  };

  override render(): ReactNode {
    if (!this.state.hasError) return this.props.children;
    const message =
      this.state.error instanceof Error ? this.state.error.message : String(this.state.error);
    return (
      <WidgetMessage
        tone="error"
        title={`${this.props.widgetLabel} could not be displayed.`}
        action={
          <button type="button" className="vigil-button" onClick={this.reset}>
            Try again
          </button>
        }
      >
        {message}
      </WidgetMessage>
    );
  }
}
