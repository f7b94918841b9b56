import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DiffView } from './diff-view';

const DIFF = [
  '--- a/Deployment/api',
  '+++ b/Deployment/api',
  '@@ -8,3 +8,3 @@ spec:',
  '   replicas: 2',
  '-  image: api:1.0',
  '+  image: api:1.1',
  '   port: 80',
].join('\n');

describe('DiffView', () => {
  it('shows the hunk header, line numbers and signed lines in the unified layout', () => {
    render(<DiffView diff={DIFF} label="Diff of api" />);
    const region = screen.getByRole('region', { name: 'Diff of api (unified)' });
    expect(within(region).getByText('@@ -8,3 +8,3 @@ spec:')).toBeInTheDocument();
    const removed = within(region)
      .getByText(/image: api:1\.0/)
      .closest('tr')!;
    expect(removed).toHaveTextContent('9-Removed');
    const added = within(region)
      .getByText(/image: api:1\.1/)
      .closest('tr')!;
    expect(added).toHaveTextContent('9+Added');
    expect(screen.getByRole('button', { name: 'Unified' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('switches to side by side and pairs the changed lines on one row', async () => {
    render(<DiffView diff={DIFF} label="Diff of api" />);
    await userEvent.click(screen.getByRole('button', { name: 'Side by side' }));
    const region = screen.getByRole('region', { name: 'Diff of api (side by side)' });
    const row = within(region)
      .getByText(/image: api:1\.0/)
      .closest('tr')!;
    expect(row).toHaveTextContent('image: api:1.1');
    expect(screen.getByRole('button', { name: 'Side by side' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('honours defaultMode', () => {
    render(<DiffView diff={DIFF} label="d" defaultMode="split" />);
    expect(screen.getByRole('region', { name: 'd (side by side)' })).toBeInTheDocument();
  });

  it('says so when the diff is empty or not a diff', () => {
    const { rerender } = render(<DiffView diff="" label="d" />);
    expect(screen.getByText('No differences to show.')).toBeInTheDocument();
    rerender(<DiffView diff="random words" label="d" />);
    expect(screen.getByText('This diff cannot be displayed.')).toBeInTheDocument();
  });
});
