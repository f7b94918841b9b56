import {
  act,
  fireEvent,
  render,
  renderHook,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
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

function selectorButton() {
  return screen.getByRole('button', { name: /auto-refresh/i });
}

/** The Headless UI listbox's button, once it has taken the stand-in's place. */
async function realButton(standIn: HTMLElement) {
  await waitFor(() => expect(selectorButton()).not.toBe(standIn));
  return selectorButton();
}

/** Brings the pointer over the selector, which mounts the listbox, then clicks its button. */
async function openList(user: ReturnType<typeof userEvent.setup>) {
  const standIn = selectorButton();
  if (!standIn.id.startsWith('headlessui-')) {
    fireEvent.pointerEnter(standIn);
    await realButton(standIn);
  }
  await user.click(selectorButton());
  return screen.findByRole('listbox');
}

/** The button is named by the label, then by itself (its text): so are both halves. */
function expectNamedByLabelAndItself(button: HTMLElement) {
  const [labelId, selfId] = button.getAttribute('aria-labelledby')?.split(' ') ?? [];
  expect(selfId).toBe(button.id);
  const label = document.getElementById(labelId ?? '');
  expect(label).toHaveTextContent('Auto-refresh');
  expect(label).toHaveAttribute('for', button.id);
  expect(button).toHaveAccessibleName(/^Auto-refresh/);
}

describe('RefreshSelector', () => {
  it('is a labelled control that starts off', () => {
    render(<RefreshSelector storageKey={KEY} />);
    expect(selectorButton()).toHaveTextContent('Off');
  });

  it('stands in with a plain button of the same name and text until approached', async () => {
    localStorage.setItem(KEY, '5m');
    render(<RefreshSelector storageKey={KEY} />);
    const standIn = selectorButton();
    expectNamedByLabelAndItself(standIn);
    expect(standIn).toHaveAttribute('title', 'Auto-refresh: 5m');
    expect(standIn).toHaveAttribute('aria-haspopup', 'listbox');
    expect(standIn).toHaveAttribute('aria-expanded', 'false');
    expect(standIn).toHaveTextContent('5m');
    // Nothing mounts the listbox before an approach.
    await act(() => new Promise((done) => setTimeout(done, 50)));
    expect(selectorButton()).toBe(standIn);

    fireEvent.pointerEnter(standIn);
    const real = await realButton(standIn);
    // Headless UI's button, with the same name, title and text; the list stays closed.
    expect(real.id).toMatch(/^headlessui-/);
    expectNamedByLabelAndItself(real);
    expect(real).toHaveAttribute('title', 'Auto-refresh: 5m');
    expect(real).toHaveAttribute('aria-haspopup', 'listbox');
    expect(real).toHaveAttribute('aria-expanded', 'false');
    expect(real).toHaveTextContent('5m');
    expect(real).not.toHaveFocus();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('opens on a press on the stand-in, once, and picks an option', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<RefreshSelector storageKey={KEY} onChange={onChange} />);
    const standIn = selectorButton();
    // A pointer resting on the button: its press comes with no hover before it.
    fireEvent.pointerDown(standIn, { pointerType: 'mouse', button: 0 });
    fireEvent.pointerUp(standIn, { pointerType: 'mouse', button: 0 });
    fireEvent.click(standIn);
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    // The handed-over click opened the list once (a second toggle would have closed it).
    await act(() => new Promise((done) => setTimeout(done, 50)));
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    expect(selectorButton()).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('option', { name: '60s' }));
    expect(onChange).toHaveBeenCalledWith('60s', 60_000);
    expect(localStorage.getItem(KEY)).toBe('60s');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(selectorButton()).toHaveTextContent('60s');
    expect(selectorButton()).toHaveFocus();
  });

  it('keeps the stand-in through a tap and opens once on its click', async () => {
    render(<RefreshSelector storageKey={KEY} />);
    const standIn = selectorButton();
    fireEvent.pointerDown(standIn, { pointerType: 'touch', button: 0 });
    await act(() => new Promise((done) => setTimeout(done, 50)));
    expect(selectorButton()).toBe(standIn);
    fireEvent.pointerUp(standIn, { pointerType: 'touch', button: 0 });
    fireEvent.click(standIn);
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await act(() => new Promise((done) => setTimeout(done, 50)));
    expect(screen.getByRole('listbox')).toBeInTheDocument();
  });

  it('opens on a click from code that came without a hover', async () => {
    render(<RefreshSelector storageKey={KEY} />);
    act(() => selectorButton().click());
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    expect(selectorButton()).toHaveAttribute('aria-expanded', 'true');
  });

  it('hands the focus to the real button, which opens with the keyboard', async () => {
    const user = userEvent.setup();
    render(<RefreshSelector storageKey={KEY} />);
    const standIn = selectorButton();
    await user.tab();
    const real = await realButton(standIn);
    expect(real).toHaveFocus();
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.keyboard(' ');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
  });

  it.each([' ', 'ArrowDown', 'ArrowUp'])('opens on %j pressed on the stand-in', async (key) => {
    render(<RefreshSelector storageKey={KEY} />);
    const standIn = selectorButton();
    standIn.focus();
    fireEvent.keyDown(standIn, { key });
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    // The selected option is the active one, as when the key is pressed on the real button.
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'Off' })).toHaveAttribute('data-focus'),
    );
  });

  it('leaves the list closed on Enter, on the stand-in as on the listbox button', async () => {
    const user = userEvent.setup();
    render(<RefreshSelector storageKey={KEY} />);
    const standIn = selectorButton();
    standIn.focus();
    const enter = fireEvent.keyDown(standIn, { key: 'Enter' });
    // Its click is prevented: Headless UI's listbox button opens on Space and the arrows only.
    expect(enter).toBe(false);
    const real = await realButton(standIn);
    expect(real).toHaveFocus();
    await user.keyboard('{Enter}');
    await act(() => new Promise((done) => setTimeout(done, 50)));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('stores the choice under the page key', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<RefreshSelector storageKey={KEY} onChange={onChange} />);
    await openList(user);
    await user.click(screen.getByRole('option', { name: '30s' }));
    expect(onChange).toHaveBeenCalledWith('30s', 30_000);
    expect(localStorage.getItem(KEY)).toBe('30s');
    expect(localStorage.getItem('vigil-other-page-refresh')).toBeNull();
    expect(selectorButton()).toHaveTextContent('30s');
  });

  it('disables 15s and 30s for a 1-hour range and 2m and 3m for 3 hours', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<RefreshSelector storageKey={KEY} rangeMs={15 * 60_000} />);
    await openList(user);
    expect(optionNames().filter((option) => option.disabled)).toEqual([]);
    await user.keyboard('{Escape}');

    rerender(<RefreshSelector storageKey={KEY} rangeMs={HOUR} />);
    await openList(user);
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
    await openList(user);
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
    selectorButton().focus();
    await user.keyboard('{ArrowDown}');
    const listbox = await screen.findByRole('listbox');
    expect(listbox).toBeInTheDocument();
    // From Off, the next enabled option is 60s (15s and 30s are disabled), then 5m.
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: '60s' })).toHaveAttribute('data-focus');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(localStorage.getItem(KEY)).toBe('5m');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(selectorButton()).toHaveFocus();
    expect(selectorButton()).toHaveTextContent('5m');
  });

  it('keeps a stored choice the range disables and applies the next longer one', () => {
    localStorage.setItem(KEY, '15s');
    const { rerender } = render(<RefreshSelector storageKey={KEY} rangeMs={HOUR} />);
    expect(selectorButton()).toHaveTextContent('60s');
    rerender(<RefreshSelector storageKey={KEY} rangeMs={5 * 60_000} />);
    expect(selectorButton()).toHaveTextContent('15s');
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
