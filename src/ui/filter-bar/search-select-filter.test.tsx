import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SearchSelectFilter } from './search-select-filter';

const OPTIONS = [
  { value: 'c1', label: 'Payment gateway', description: 'Service' },
  { value: 'c2', label: 'Ledger', description: 'Database' },
  { value: 'c3', label: 'payments', description: 'KubernetesNamespace' },
];

describe('SearchSelectFilter', () => {
  it('names its choice, narrows by label or description, picks and returns focus', async () => {
    const onChange = vi.fn();
    render(
      <SearchSelectFilter label="Component" value="c2" options={OPTIONS} onChange={onChange} />,
    );
    const button = screen.getByRole('button', { name: 'Component: Ledger' });
    await userEvent.click(button);
    const find = screen.getByRole('searchbox', { name: 'Find component' });
    expect(find).toHaveFocus();
    expect(screen.getByRole('button', { name: /^Ledger/ })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.type(find, 'pay');
    expect(screen.queryByRole('button', { name: /^Ledger/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'All' })).toBeNull();
    await userEvent.clear(find);
    await userEvent.type(find, 'database');
    expect(screen.getByRole('button', { name: /^Ledger/ })).toBeInTheDocument();
    await userEvent.clear(find);
    await userEvent.type(find, 'pay');
    // Arrow keys walk the options; Enter on one picks it.
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith('c3');
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(button).toHaveFocus();
  });

  it("offers 'All' ('') and Enter in the find box picks the first match", async () => {
    const onChange = vi.fn();
    render(<SearchSelectFilter label="Owner" value="" options={OPTIONS} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Owner: All' }));
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.type(screen.getByRole('searchbox'), 'ledg{Enter}');
    expect(onChange).toHaveBeenCalledWith('c2');
    await userEvent.click(screen.getByRole('button', { name: 'Owner: All' }));
    await userEvent.type(screen.getByRole('searchbox'), 'nothing like it');
    expect(screen.getByText('No options found')).toBeInTheDocument();
  });
});
