import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { nextTriState, TriStateToggle } from './tri-state-toggle';

describe('TriStateToggle', () => {
  it('resets when the active state is clicked', () => {
    expect(nextTriState(0, 1)).toBe(1);
    expect(nextTriState(1, 1)).toBe(0);
    expect(nextTriState(1, -1)).toBe(-1);
    expect(nextTriState(-1, -1)).toBe(0);
  });

  it('exposes pressed buttons with names', async () => {
    const onChange = vi.fn();
    render(<TriStateToggle value={1} onChange={onChange} label="env: prod" />);
    const include = screen.getByRole('button', { name: 'Include env: prod' });
    expect(include).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(include);
    expect(onChange).toHaveBeenCalledWith(0);
    await userEvent.click(screen.getByRole('button', { name: 'Exclude env: prod' }));
    expect(onChange).toHaveBeenLastCalledWith(-1);
  });
});
