import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialOf, NoOrganizationScreen, OrganizationPicker } from './organization-picker';
import { PROVISIONING_TITLE, ProvisioningWaitScreen } from './provisioning-wait-screen';

afterEach(() => vi.useRealTimers());

describe('OrganizationPicker', () => {
  it('lists the organisations, marks the current one and one being set up, and picks', async () => {
    const onPick = vi.fn();
    const onSignOut = vi.fn();
    render(
      <OrganizationPicker
        organizations={[
          { id: 'a', name: 'Alpha', backendUrl: 'https://alpha/api' },
          { id: 'b', name: 'Beta' },
        ]}
        currentId="a"
        onPick={onPick}
        onSignOut={onSignOut}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Choose an organization' })).toBeTruthy();
    const alpha = screen.getByRole('button', { name: /Alpha/ });
    expect(alpha.getAttribute('aria-current')).toBe('true');
    const beta = screen.getByRole('button', { name: /Beta/ });
    expect(beta.textContent).toContain('Being set up');
    await userEvent.click(beta);
    expect(onPick).toHaveBeenCalledWith({ id: 'b', name: 'Beta' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });

  it('says so when there is no organisation', () => {
    render(<NoOrganizationScreen onSignOut={() => undefined} />);
    expect(screen.getByRole('alert').textContent).toMatch(/not a member of any organization/);
  });
});

describe('ProvisioningWaitScreen', () => {
  it('checks again on its own and on "Check now", and reports each try', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onCheck = vi.fn().mockResolvedValue(false);
    render(
      <ProvisioningWaitScreen
        organizationName="Beta"
        onCheck={onCheck}
        intervalMs={5000}
        onSignOut={() => undefined}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: PROVISIONING_TITLE })).toBeTruthy();
    expect(screen.getByText('Beta')).toBeTruthy();
    expect(screen.getByText(/every 5 seconds/)).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(onCheck).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toMatch(/Not ready yet \(checked 1 time\)/);
    await act(async () => {
      screen.getByRole('button', { name: 'Check now' }).click();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(onCheck).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('status').textContent).toMatch(/checked 2 times/);
    // No switch offered with a single organisation.
    expect(screen.queryByRole('button', { name: 'Switch organization' })).toBeNull();
  });

  it('a failing check is just another try', async () => {
    const onCheck = vi.fn().mockRejectedValue(new Error('down'));
    const onSwitch = vi.fn();
    render(
      <ProvisioningWaitScreen
        organizationName="Beta"
        onCheck={onCheck}
        onSwitch={onSwitch}
        onSignOut={() => undefined}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Check now' }));
    expect(await screen.findByText(/checked 1 time/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Switch organization' }));
    expect(onSwitch).toHaveBeenCalledOnce();
  });
});

describe('initialOf', () => {
  it.each([
    ['Alpha Ops', 'A'],
    ['  émile', 'É'],
    ['42 North', '4'],
    ['---', '?'],
  ])('%j → %s', (name, initial) => {
    expect(initialOf(name)).toBe(initial);
  });
});
