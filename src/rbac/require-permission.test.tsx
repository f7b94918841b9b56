import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RequirePermission, UNAUTHORIZED_MESSAGE } from './require-permission';
import { SessionProvider } from './session-context';

function renderAs(roles: string[]) {
  return render(
    <SessionProvider value={{ user: { id: 'u', name: 'U' }, roles }}>
      <RequirePermission resource="connections">
        <p>secret</p>
      </RequirePermission>
      <RequirePermission resource="agents" action="write" fallback={null}>
        <button type="button">Add agent</button>
      </RequirePermission>
    </SessionProvider>,
  );
}

describe('RequirePermission', () => {
  it('renders children with permission', () => {
    renderAs(['admin']);
    expect(screen.getByText('secret')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add agent' })).toBeInTheDocument();
  });
  it('renders the Unauthorized text or nothing without', () => {
    renderAs([]);
    expect(screen.getByText(UNAUTHORIZED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(UNAUTHORIZED_MESSAGE).toBe(
      'Unauthorized – You do not have permission to access this page',
    );
  });
});
