import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CodeView } from './code-view';
import { formatLineRanges } from './line-selection';

const JSON_TEXT = JSON.stringify(
  { kind: 'Deployment', spec: { replicas: 2, ports: [80, 443] }, ready: true },
  null,
  2,
);

function Harness({ initial = '' }: { initial?: string }) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(
    new Set(initial ? initial.split(',').map(Number) : []),
  );
  return (
    <>
      <CodeView
        content={JSON_TEXT}
        language="json"
        label="Config"
        selected={selected}
        onSelectedChange={setSelected}
      />
      <output data-testid="selection">{formatLineRanges(selected)}</output>
    </>
  );
}

const selection = () => screen.getByTestId('selection').textContent;

describe('CodeView', () => {
  it('colours tokens and numbers every line', () => {
    render(<Harness />);
    expect(screen.getAllByRole('button', { name: /^Line \d+$/ })).toHaveLength(
      JSON_TEXT.split('\n').length,
    );
    expect(screen.getByText('"kind"')).toHaveClass('text-link');
    expect(screen.getByText('"Deployment"')).toHaveClass('text-healthy');
    expect(screen.getByText('443')).toHaveClass('text-warning');
    expect(screen.getByText('true')).toHaveClass('text-unhealthy');
  });

  it('selects with click, shift-click and ctrl-click', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Line 3' }));
    expect(selection()).toBe('3');
    expect(screen.getByRole('button', { name: 'Line 3' })).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('button', { name: 'Line 5' }));
    await user.keyboard('{/Shift}');
    expect(selection()).toBe('3-5');
    await user.keyboard('{Control>}');
    await user.click(screen.getByRole('button', { name: 'Line 8' }));
    await user.click(screen.getByRole('button', { name: 'Line 4' }));
    await user.keyboard('{/Control}');
    expect(selection()).toBe('3,5,8');
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(selection()).toBe('');
  });

  it('folds and unfolds blocks with the toggle, and collapses all', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const fold = screen.getByRole('button', { name: 'Fold lines 3–9' });
    expect(fold).toHaveAttribute('aria-expanded', 'true');
    await user.click(fold);
    expect(screen.queryByRole('button', { name: 'Line 4' })).not.toBeInTheDocument();
    expect(screen.getByText('… 6 lines')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unfold lines 3–9' }));
    expect(screen.getByRole('button', { name: 'Line 4' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(screen.getByRole('button', { name: 'Line 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Line 4' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(screen.getByRole('button', { name: 'Line 4' })).toBeInTheDocument();
  });

  it('is one tab stop moved with the arrow keys; Enter selects, Shift+Enter extends', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const first = screen.getByRole('button', { name: 'Line 1' });
    expect(first).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('button', { name: 'Line 2' })).toHaveAttribute('tabindex', '-1');
    first.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Line 3' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(selection()).toBe('3');
    await user.keyboard('{ArrowDown}{Shift>}{Enter}{/Shift}');
    expect(selection()).toBe('3-4');
    // Right moves to the fold toggle of a foldable line, Left folds it.
    await user.keyboard('{ArrowUp}{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Fold lines 3–9' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('button', { name: 'Unfold lines 3–9' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Line 4' })).toBeInTheDocument();
  });

  it('shows a selection from the URL', () => {
    render(<Harness initial="2,3" />);
    expect(screen.getByRole('button', { name: 'Line 2' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('2 selected')).toBeInTheDocument();
  });

  it('renders only part of very long content', () => {
    const big = JSON.stringify(
      Array.from({ length: 3500 }, (_, i) => ({ id: i })),
      null,
      2,
    );
    render(<CodeView content={big} language="json" label="Big" />);
    const count = big.split('\n').length;
    expect(count).toBeGreaterThan(10_000);
    expect(screen.getByText(`${count.toLocaleString()} lines`)).toBeInTheDocument();
    // jsdom has no layout: the virtualised list renders at most its overscan.
    expect(screen.queryAllByText(/"id"/).length).toBeLessThan(100);
    fireEvent.scroll(screen.getByRole('group', { name: 'Big' }));
  });
});
