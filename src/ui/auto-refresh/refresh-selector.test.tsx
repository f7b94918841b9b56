import { act, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RefreshSelector } from './refresh-selector';
import { readRefreshOption, useRefreshInterval } from './use-refresh-interval';

const KEY = 'vigil-test-refresh';
const HOUR = 3_600_000;

beforeAll(() => {
  // jsdom lacks ResizeObserver; Headless UI's listbox measures its button with it.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

beforeEach(() => {
  localStorage.clear();
});

function optionNames() {
  return within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((option) => ({
      name: option.textContent,
      disabled: option.getAttribute('aria-disabled') === 'true',
    }));
}

describe('RefreshSelector', () => {
  it('is a labelled control that starts off', () => {
    render(<RefreshSelector storageKey={KEY} />);
    expect(screen.getByRole('button', { name: /auto-refresh/i })).toHaveTextContent('Off');
  });

  it('stores the choice under the page key', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<RefreshSelector storageKey={KEY} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: /auto-refresh/i }));
    await user.click(screen.getByRole('option', { name: '30s' }));
    expect(onChange).toHaveBeenCalledWith('30s', 30_000);
    expect(localStorage.getItem(KEY)).toBe('30s');
    expect(localStorage.getItem('vigil-other-page-refresh')).toBeNull();
    expect(screen.getByRole('button', { name: /auto-refresh/i })).toHaveTextContent('30s');
  });

  it('disables 15s and 30s for a 1-hour range and 2m and 3m for 3 hours', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<RefreshSelector storageKey={KEY} rangeMs={15 * 60_000} />);
    await user.click(screen.getByRole('button', { name: /auto-refresh/i }));
    expect(optionNames().filter((option) => option.disabled)).toEqual([]);
    await user.keyboard('{Escape}');

    rerender(<RefreshSelector storageKey={KEY} rangeMs={HOUR} />);
    await user.click(screen.getByRole('button', { name: /auto-refresh/i }));
    expect(
      optionNames()
        .filter((option) => option.disabled)
        .map((option) => option.name),
    ).toEqual([
      '15sNot available for time ranges of 1 hour or more',
      '30sNot available for time ranges of 1 hour or more',
    ]);
    await user.keyboard('{Escape}');

    rerender(<RefreshSelector storageKey={KEY} rangeMs={3 * HOUR} />);
    await user.click(screen.getByRole('button', { name: /auto-refresh/i }));
    expect(optionNames().filter((option) => option.disabled)).toHaveLength(4);
    expect(screen.getByRole('option', { name: /^2m/ })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: /^60s/ })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('is keyboard operable and skips disabled options', async () => {
    const user = userEvent.setup();
    render(<RefreshSelector storageKey={KEY} rangeMs={3 * HOUR} />);
    const button = screen.getByRole('button', { name: /auto-refresh/i });
    button.focus();
    await user.keyboard('{ArrowDown}');
    const listbox = screen.getByRole('listbox');
    expect(listbox).toBeInTheDocument();
    // From Off, the next enabled option is 60s (15s and 30s are disabled), then 5m.
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: '60s' })).toHaveAttribute('data-focus');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(localStorage.getItem(KEY)).toBe('5m');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveTextContent('5m');
  });

  it('keeps a stored choice the range disables and applies the next longer one', () => {
    localStorage.setItem(KEY, '15s');
    const { rerender } = render(<RefreshSelector storageKey={KEY} rangeMs={HOUR} />);
    expect(screen.getByRole('button', { name: /auto-refresh/i })).toHaveTextContent('60s');
    rerender(<RefreshSelector storageKey={KEY} rangeMs={5 * 60_000} />);
    expect(screen.getByRole('button', { name: /auto-refresh/i })).toHaveTextContent('15s');
    expect(localStorage.getItem(KEY)).toBe('15s');
  });
});

describe('useRefreshInterval', () => {
  it('reads a bad stored value as off', () => {
    localStorage.setItem(KEY, '7s');
    expect(readRefreshOption(KEY)).toBe('none');
    const { result } = renderHook(() => useRefreshInterval(KEY));
    expect(result.current.intervalMs).toBeNull();
  });

  it('shares the choice between the selector and the page using the same key', () => {
    const { result } = renderHook(() => useRefreshInterval(KEY, 3 * HOUR));
    const other = renderHook(() => useRefreshInterval(KEY));
    act(() => result.current.setOption('2m'));
    expect(other.result.current.option).toBe('2m');
    expect(other.result.current.intervalMs).toBe(120_000);
    // For the 3-hour range, 2m is disabled: 5m applies.
    expect(result.current.effectiveOption).toBe('5m');
    expect(result.current.intervalMs).toBe(300_000);
  });

  it('follows changes made in another tab', () => {
    const { result } = renderHook(() => useRefreshInterval(KEY));
    act(() => {
      localStorage.setItem(KEY, '10m');
      window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: '10m' }));
    });
    expect(result.current.option).toBe('10m');
  });
});
