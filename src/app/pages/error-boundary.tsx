/** Catches rendering errors, logs them and shows the generic error screen (spec doc 1 §2, §8). */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AlertCircleIcon } from '../../ui/icons';
import { EmptyState } from '../../ui/empty-state';
import { Button } from '../../ui/button';
import { GENERIC_ERROR_MESSAGE } from './generic-error-screen';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** Render inside the layout (a panel) rather than full screen. */
  inline?: boolean;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
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
