import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PREVIEW_MAX_OPTIONS, SelectFilter } from './select-filter';

const STATUSES = ['open', 'investigating', 'mitigated', 'resolved', 'closed'].map((value) => ({
  value,
  label: value,
}));

describe('SelectFilter read-ahead', () => {
  it('tells onPreview of every other choice once when approached', () => {
    const onPreview = vi.fn();
    const { rerender } = render(
      <SelectFilter
        label="Status"
        value="open"
        options={STATUSES}
        onChange={() => undefined}
        onPreview={onPreview}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Status' });
    fireEvent.pointerDown(select);
    fireEvent.focus(select);
    expect(onPreview.mock.calls.map(([value]) => value)).toEqual([
      '',
      'investigating',
      'mitigated',
      'resolved',
      'closed',
    ]);
    // Another value: the choices around it are read ahead again on the next approach.
    rerender(
      <SelectFilter
        label="Status"
        value="closed"
        options={STATUSES}
        onChange={() => undefined}
        onPreview={onPreview}
      />,
    );
    onPreview.mockClear();
    fireEvent.focus(select);
    expect(onPreview).toHaveBeenCalledTimes(5);
    expect(onPreview).not.toHaveBeenCalledWith('closed');
  });

  it('reads nothing ahead for a long list', () => {
    const onPreview = vi.fn();
    const options = Array.from({ length: PREVIEW_MAX_OPTIONS }, (_, index) => ({
      value: `v${index}`,
      label: `V${index}`,
    }));
    render(
      <SelectFilter
        label="Type"
        value=""
        options={options}
        onChange={() => undefined}
        onPreview={onPreview}
      />,
    );
    fireEvent.focus(screen.getByRole('combobox', { name: 'Type' }));
    expect(onPreview).not.toHaveBeenCalled();
  });
});
