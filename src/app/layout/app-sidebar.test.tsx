import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { useSidebarStore } from '../use-sidebar-store';
import { AppSidebar } from './app-sidebar';

describe('AppSidebar', () => {
  beforeEach(() => useSidebarStore.setState({ collapsed: false }));

  it('shows the main entries and the Settings submenu to an admin', async () => {
    renderWithProviders(<AppSidebar />, { route: '/health', session: { roles: ['admin'] } });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const label of ['Dashboard', 'Health', 'Incidents', 'Catalog', 'Logs', 'Playbooks']) {
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Health' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const settings = within(nav).getByRole('button', { name: 'Settings' });
    expect(settings).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(settings);
    expect(settings).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Connections' })).toHaveAttribute(
      'href',
      '/settings/connections',
    );
    expect(within(nav).getByRole('link', { name: 'Users' })).toBeInTheDocument();
  });

  it('hides Settings from a viewer', () => {
    renderWithProviders(<AppSidebar />, { session: { roles: ['viewer'] } });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Health' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('hides entries of disabled features', () => {
    renderWithProviders(<AppSidebar />, { disabledFeatures: ['logs', 'playbooks'] });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Logs' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Playbooks' })).not.toBeInTheDocument();
  });

  it('collapses and persists the flag', async () => {
    renderWithProviders(<AppSidebar />);
    await userEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(useSidebarStore.getState().collapsed).toBe(true);
    expect(JSON.parse(localStorage.getItem('vigil-sidebar') ?? '{}')).toMatchObject({
      state: { collapsed: true },
    });
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
  });

  it('collapses on an outside click below 1024 px', () => {
    window.innerWidth = 800;
    renderWithProviders(
      <div>
        <AppSidebar />
        <p>outside</p>
      </div>,
    );
    // It starts collapsed on a narrow window; opened again, an outside click closes it.
    expect(useSidebarStore.getState().collapsed).toBe(true);
    act(() => useSidebarStore.setState({ collapsed: false }));
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(useSidebarStore.getState().collapsed).toBe(true);
    window.innerWidth = 1366;
  });
});
