import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TriStateFilter } from './tri-state-filter';

const OPTIONS = [
  { id: 'env=prod', label: 'env: prod', group: 'env' },
  { id: 'env=dev', label: 'env: dev', group: 'env' },
  { id: 'team=web', label: 'team: web', group: 'team' },
];

describe('TriStateFilter', () => {
  it('draws its button with the active count before the panel code is needed', () => {
    render(
      <TriStateFilter
        label="Labels"
        options={OPTIONS}
        value={{ 'env=prod': 1 }}
        onChange={vi.fn()}
      />,
    );
    const button = screen.getByRole('button', { name: /Labels/ });
    expect(button).toHaveTextContent('1');
    expect(screen.getByLabelText('1 active filter')).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('opens its panel (loaded on demand): find, toggle and clear', async () => {
    const onChange = vi.fn();
    render(
      <TriStateFilter
        label="Labels"
        options={OPTIONS}
        value={{ 'env=prod': 1 }}
        onChange={onChange}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: /Labels/ }));
    const find = await screen.findByRole('searchbox', { name: 'Find labels' });
    expect(screen.getByRole('region', { name: 'env' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Exclude team: web' }));
    expect(onChange).toHaveBeenLastCalledWith({ 'env=prod': 1, 'team=web': -1 });
    await userEvent.type(find, 'dev');
    expect(screen.queryByRole('button', { name: 'Include team: web' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Include env: dev' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onChange).toHaveBeenLastCalledWith({});
  });
});
