import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Menu, MenuItemButton } from './menu';

function renderMenu(onPick = vi.fn()) {
  render(
    <Menu trigger="⋮" triggerLabel="Actions of api">
      <MenuItemButton onClick={onPick}>Zoom In</MenuItemButton>
      <MenuItemButton onClick={onPick}>View Logs</MenuItemButton>
    </Menu>,
  );
  return onPick;
}

describe('Menu', () => {
  it('stands in with a plain button of the same name until approached', () => {
    renderMenu();
    const button = screen.getByRole('button', { name: 'Actions of api' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    // No Headless UI menu yet: its button carries an id of its own.
    expect(button).not.toHaveAttribute('id');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens on a click that came without a hover, and picks an item', async () => {
    const onPick = renderMenu();
    // A programmatic click: no pointer came over the button first.
    act(() => screen.getByRole('button', { name: 'Actions of api' }).click());
    const menu = await screen.findByRole('menu');
    expect(menu).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'View Logs' }));
    expect(onPick).toHaveBeenCalledTimes(1);
  });

  it('hands the focus to the real button and opens with the keyboard', async () => {
    renderMenu();
    await userEvent.tab();
    const button = screen.getByRole('button', { name: 'Actions of api' });
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('id');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Zoom In' })).toBeInTheDocument();
  });

  it('mounts the real menu when the pointer comes over the button', async () => {
    renderMenu();
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Actions of api' }));
    const button = screen.getByRole('button', { name: 'Actions of api' });
    expect(button).toHaveAttribute('id');
    await userEvent.click(button);
    expect(await screen.findByRole('menu')).toBeInTheDocument();
  });

  it('opens on a press that came with no pointer move before it', async () => {
    renderMenu();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Actions of api' }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
  });
});
