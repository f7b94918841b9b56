import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
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
    // The real button takes over once the Headless UI half has loaded, with the focus.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Actions of api' })).toHaveAttribute('id'),
    );
    expect(screen.getByRole('button', { name: 'Actions of api' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Zoom In' })).toBeInTheDocument();
  });

  it('mounts the real menu when the pointer comes over the button', async () => {
    renderMenu();
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Actions of api' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Actions of api' })).toHaveAttribute('id'),
    );
    const button = screen.getByRole('button', { name: 'Actions of api' });
    await userEvent.click(button);
    expect(await screen.findByRole('menu')).toBeInTheDocument();
  });

  it('opens on a press that came with no pointer move before it, once', async () => {
    renderMenu();
    const standIn = screen.getByRole('button', { name: 'Actions of api' });
    // A pointer resting on the button: its press comes with no hover before it.
    fireEvent.pointerDown(standIn, { pointerType: 'mouse', button: 0 });
    fireEvent.pointerUp(standIn, { pointerType: 'mouse', button: 0 });
    fireEvent.click(standIn);
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await act(() => new Promise((done) => setTimeout(done, 50)));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions of api' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('keeps the stand-in through a tap and opens once on its click', async () => {
    renderMenu();
    const standIn = screen.getByRole('button', { name: 'Actions of api' });
    fireEvent.pointerDown(standIn, { pointerType: 'touch', button: 0 });
    // The Headless UI half is here, but the tap has not ended: the stand-in stays, so the tap's
    // click reaches it (the real button would take it for a second toggle).
    await act(() => new Promise((done) => setTimeout(done, 50)));
    expect(screen.getByRole('button', { name: 'Actions of api' })).toBe(standIn);
    fireEvent.pointerUp(standIn, { pointerType: 'touch', button: 0 });
    fireEvent.click(standIn);
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await act(() => new Promise((done) => setTimeout(done, 50)));
    expect(screen.getByRole('menu')).toBeInTheDocument();
  });

  it('mounts the real menu after a press that ended off the button', async () => {
    renderMenu();
    const standIn = screen.getByRole('button', { name: 'Actions of api' });
    fireEvent.pointerDown(standIn, { pointerType: 'mouse', button: 0 });
    // Released elsewhere: the click goes to the page, not to the button; nothing opens.
    fireEvent.pointerUp(document.body, { pointerType: 'mouse', button: 0 });
    fireEvent.click(document.body);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Actions of api' })).toHaveAttribute('id'),
    );
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it.each([
    ['ArrowDown', 'Zoom In'],
    ['Enter', 'Zoom In'],
    [' ', 'Zoom In'],
    ['ArrowUp', 'View Logs'],
  ])('opens on %j pressed on the stand-in, with its item active', async (key, active) => {
    renderMenu();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Actions of api' }), { key });
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: active })).toHaveAttribute('data-focus'),
    );
  });
});
