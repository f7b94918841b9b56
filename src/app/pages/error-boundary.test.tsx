import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary';
import { GENERIC_ERROR_MESSAGE } from './generic-error-screen';

function Boom({ fail }: { fail: boolean }): React.ReactNode {
  if (fail) throw new Error('kaput');
  return <p>fine</p>;
}

function Counter() {
  const [count] = useState(() => Math.random());
  return <p data-testid="instance">{count}</p>;
}

describe('ErrorBoundary', () => {
  it('shows the generic error, and clears it when the reset key changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(
      <ErrorBoundary inline resetKey="/a">
        <Boom fail />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(GENERIC_ERROR_MESSAGE);
    expect(screen.getByRole('alert')).toHaveTextContent('kaput');
    rerender(
      <ErrorBoundary inline resetKey="/b">
        <Boom fail={false} />
      </ErrorBoundary>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('fine')).toBeInTheDocument();
  });

  it('keeps its children mounted when the reset key changes without an error', () => {
    const { rerender } = render(
      <ErrorBoundary inline resetKey="/a">
        <Counter />
      </ErrorBoundary>,
    );
    const before = screen.getByTestId('instance');
    const value = before.textContent;
    rerender(
      <ErrorBoundary inline resetKey="/b">
        <Counter />
      </ErrorBoundary>,
    );
    expect(screen.getByTestId('instance')).toBe(before);
    expect(screen.getByTestId('instance').textContent).toBe(value);
  });
});
