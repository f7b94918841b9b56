/** Catches rendering errors, logs them and shows the generic error screen (spec doc 1 §2, §8). */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AlertCircleIcon } from '../../ui/icon-base';
import { EmptyState } from '../../ui/empty-state';
import { Button } from '../../ui/button';
import { GENERIC_ERROR_MESSAGE } from './generic-error-screen';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** Render inside the layout (a panel) rather than full screen. */
  inline?: boolean;
  /** Changing it (e.g. the location) clears a caught error, without drawing the children anew. */
  resetKey?: string;
}

interface ErrorBoundaryState {
  error: Error | null;
  resetKey?: string;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unhandled interface error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div
        role="alert"
        className={this.props.inline ? 'py-8' : 'flex min-h-full items-center justify-center'}
      >
        <EmptyState
          icon={<AlertCircleIcon size={22} />}
          title={GENERIC_ERROR_MESSAGE}
          description={this.state.error.message}
          actions={
            <Button variant="secondary" onClick={() => this.setState({ error: null })}>
              Try again
            </Button>
          }
        />
      </div>
    );
  }
}
