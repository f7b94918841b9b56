import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Switch } from './switch';

function Harness({ disabled, onChange }: { disabled?: boolean; onChange?: (on: boolean) => void }) {
  const [checked, setChecked] = useState(false);
  return (
    <Switch
      checked={checked}
      onChange={(next) => {
        onChange?.(next);
        setChecked(next);
      }}
      label="Hide Passing"
      disabled={disabled}
    />
  );
}

describe('Switch', () => {
  it('is a switch named by its label, off until clicked', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const toggle = screen.getByRole('switch', { name: 'Hide Passing' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAttribute('type', 'button');
    await userEvent.click(toggle);
    expect(onChange).toHaveBeenLastCalledWith(true);
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(toggle);
    expect(onChange).toHaveBeenLastCalledWith(false);
    expect(toggle).not.toBeChecked();
  });

  it('toggles when its label is clicked', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByText('Hide Passing'));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('switch', { name: 'Hide Passing' })).toBeChecked();
  });

  it('toggles with Space once focused', async () => {
    render(<Harness />);
    await userEvent.tab();
    const toggle = screen.getByRole('switch', { name: 'Hide Passing' });
    expect(toggle).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(toggle).toBeChecked();
    await userEvent.keyboard(' ');
    expect(toggle).not.toBeChecked();
  });

  it('does nothing while disabled, from itself, its label or the keyboard', async () => {
    const onChange = vi.fn();
    render(<Harness disabled onChange={onChange} />);
    const toggle = screen.getByRole('switch', { name: 'Hide Passing' });
    expect(toggle).toBeDisabled();
    await userEvent.click(toggle);
    await userEvent.click(screen.getByText('Hide Passing'));
    await userEvent.tab();
    expect(toggle).not.toHaveFocus();
    await userEvent.keyboard(' ');
    expect(onChange).not.toHaveBeenCalled();
    expect(toggle).not.toBeChecked();
  });
});
