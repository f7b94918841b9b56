import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Tabs, type TabItem } from './tabs';

const ITEMS: TabItem[] = [
  { id: 'overview', label: 'Overview' },
  { id: 'checks', label: 'Checks', count: 12 },
  { id: 'spec', label: 'Spec' },
];

/** Tabs whose selection lives in state, as a page keeps it in the URL. */
function Harness({
  initial = 'overview',
  onChange,
}: {
  initial?: string;
  onChange?: (id: string) => void;
}) {
  const [selected, setSelected] = useState(initial);
  return (
    <Tabs
      items={ITEMS}
      selectedId={selected}
      onChange={(id) => {
        onChange?.(id);
        setSelected(id);
      }}
      label="Check views"
    >
      <p>Content of {selected}</p>
    </Tabs>
  );
}

function tab(name: string | RegExp) {
  return screen.getByRole('tab', { name });
}

describe('Tabs', () => {
  it('is a named tab list with the selected tab focusable and its panel labelled by it', () => {
    render(<Harness initial="checks" />);
    expect(screen.getByRole('tablist', { name: 'Check views' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Overview',
      'Checks12',
      'Spec',
    ]);
    const checks = tab(/Checks/);
    expect(checks.id).not.toBe('');
    expect(checks).toHaveAttribute('aria-selected', 'true');
    expect(checks).toHaveAttribute('tabindex', '0');
    for (const other of [tab('Overview'), tab('Spec')]) {
      expect(other).toHaveAttribute('aria-selected', 'false');
      expect(other).toHaveAttribute('tabindex', '-1');
    }
    // One panel, the selected tab's: it names itself after the tab, which points to it.
    const panels = screen.getAllByRole('tabpanel');
    expect(panels).toHaveLength(1);
    const [panel] = panels;
    expect(panel).toHaveAttribute('aria-labelledby', checks.id);
    expect(panel).toHaveAccessibleName(/^Checks/);
    expect(panel).toHaveAttribute('tabindex', '0');
    expect(checks).toHaveAttribute('aria-controls', panel?.id);
    expect(panel).toHaveTextContent('Content of checks');
    // The count pill is inside the tab.
    expect(checks.querySelector('span')).toHaveTextContent('12');
  });

  it('falls back to the first tab for an unknown id', () => {
    render(<Tabs items={ITEMS} selectedId="nope" onChange={() => undefined} label="Views" />);
    expect(tab('Overview')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Overview');
  });

  it('selects a tab on click and renders only its panel', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(tab('Spec'));
    expect(onChange).toHaveBeenCalledWith('spec');
    expect(tab('Spec')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Content of spec');
    expect(screen.queryByText('Content of overview')).toBeNull();
    // A click on the selected tab changes nothing.
    await userEvent.click(tab('Spec'));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('moves focus and selection with the arrow keys, wrapping at both ends', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.tab();
    expect(tab('Overview')).toHaveFocus();

    await userEvent.keyboard('{ArrowRight}');
    expect(tab(/Checks/)).toHaveFocus();
    expect(tab(/Checks/)).toHaveAttribute('aria-selected', 'true');
    expect(tab(/Checks/)).toHaveAttribute('tabindex', '0');
    expect(tab('Overview')).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Content of checks');

    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    // Past the last tab: back to the first.
    expect(tab('Overview')).toHaveFocus();
    expect(tab('Overview')).toHaveAttribute('aria-selected', 'true');

    await userEvent.keyboard('{ArrowLeft}');
    // Before the first tab: the last.
    expect(tab('Spec')).toHaveFocus();
    expect(tab('Spec')).toHaveAttribute('aria-selected', 'true');
    expect(onChange.mock.calls.map(([id]) => id)).toEqual(['checks', 'spec', 'overview', 'spec']);
  });

  it('goes to the first tab with Home and the last with End', async () => {
    render(<Harness initial="checks" />);
    tab(/Checks/).focus();
    await userEvent.keyboard('{End}');
    expect(tab('Spec')).toHaveFocus();
    expect(tab('Spec')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Home}');
    expect(tab('Overview')).toHaveFocus();
    expect(tab('Overview')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Content of overview');
  });

  it('leaves the tab list with Tab, to the panel', async () => {
    render(<Harness />);
    await userEvent.tab();
    expect(tab('Overview')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });
});
