import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PopoverBase } from './popover-base';

function setup(onOutsideKey = vi.fn()) {
  const user = userEvent.setup();
  const onOpenChange = vi.fn();
  render(
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- a test probe for propagation
    <div onKeyDown={(event) => onOutsideKey(event.key)}>
      <PopoverBase
        className="relative"
        button="Filters"
        panelProps={{ 'aria-label': 'Filter panel', role: 'dialog' }}
        onOpenChange={onOpenChange}
      >
        {(close) => (
          <>
            <input aria-label="Search" />
            <button type="button" onClick={close}>
              Apply
            </button>
          </>
        )}
      </PopoverBase>
      <button type="button">Elsewhere</button>
    </div>,
  );
  const trigger = screen.getByRole('button', { name: 'Filters' });
  return { user, trigger, onOpenChange };
}

describe('PopoverBase', () => {
  it('opens from its button, describes its state and focuses the first control', async () => {
    const { user, trigger, onOpenChange } = setup();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).not.toHaveAttribute('aria-controls');
    await user.click(trigger);
    const panel = screen.getByRole('dialog', { name: 'Filter panel' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', panel.id);
    expect(trigger).toHaveAttribute('data-open');
    expect(screen.getByLabelText('Search')).toHaveFocus();
    expect(onOpenChange).toHaveBeenLastCalledWith(true);
  });

  it('closes on Escape without letting the key reach what surrounds it, and refocuses the button', async () => {
    const outsideKey = vi.fn();
    const { user, trigger } = setup(outsideKey);
    await user.click(trigger);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(outsideKey).not.toHaveBeenCalledWith('Escape');
  });

  it('closes on a press outside and when focus moves out, leaving focus where it went', async () => {
    const { user, trigger } = setup();
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();

    await user.click(trigger);
    await user.tab(); // Search → Apply
    await user.tab(); // Apply → Elsewhere
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });

  it('closes through the close function and returns focus to the button', async () => {
    const { user, trigger } = setup();
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('stays open for presses inside and toggles from its button', async () => {
    const { user, trigger } = setup();
    await user.click(trigger);
    await user.click(screen.getByLabelText('Search'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(trigger);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
