import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_SETTLE_MS, SearchFilter } from './search-filter';

describe('SearchFilter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup(value = '') {
    const onChange = vi.fn();
    const onSettle = vi.fn();
    const view = render(
      <SearchFilter
        label="Search catalog"
        value={value}
        onChange={onChange}
        onSettle={onSettle}
        debounceMs={400}
      />,
    );
    const input = screen.getByRole('searchbox', { name: 'Search catalog' });
    const type = (text: string) => fireEvent.change(input, { target: { value: text } });
    return { onChange, onSettle, type, view };
  }

  it('tells onSettle of a paused draft before the debounce writes it', () => {
    const { onChange, onSettle, type } = setup();
    type('nginx');
    act(() => vi.advanceTimersByTime(SEARCH_SETTLE_MS - 1));
    expect(onSettle).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSettle).toHaveBeenCalledExactlyOnceWith('nginx');
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(400 - SEARCH_SETTLE_MS));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('nginx');
    // The written value is not read ahead a second time.
    expect(onSettle).toHaveBeenCalledTimes(1);
  });

  it('reads nothing ahead while typing goes on without a pause', () => {
    const { onChange, onSettle, type } = setup();
    for (const text of ['n', 'ng', 'ngi', 'ngin', 'nginx']) {
      type(text);
      act(() => vi.advanceTimersByTime(SEARCH_SETTLE_MS - 50));
    }
    expect(onSettle).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(SEARCH_SETTLE_MS));
    expect(onSettle).toHaveBeenCalledExactlyOnceWith('nginx');
    act(() => vi.advanceTimersByTime(400));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('nginx');
  });

  it('takes keys that come slowly for typing, not for pauses', () => {
    const { onChange, onSettle, type } = setup();
    // Keys coming slower and slower (a loaded machine): no gap is 1.5 times the one before it.
    const gaps = { l: SEARCH_SETTLE_MS - 10, la: 200, lat: 280, late: 0 };
    for (const [text, gap] of Object.entries(gaps)) {
      type(text);
      act(() => vi.advanceTimersByTime(gap));
    }
    expect(onSettle).not.toHaveBeenCalled();
    // A pause of 1.5 times the last gap would end after the debounce: the debounce alone writes.
    act(() => vi.advanceTimersByTime(400));
    expect(onSettle).not.toHaveBeenCalled();
    expect(onChange).toHaveBeenCalledExactlyOnceWith('late');
  });

  it('waits for a longer pause where the page asks for one', () => {
    const onSettle = vi.fn();
    render(
      <SearchFilter
        label="Search incidents"
        value=""
        onChange={vi.fn()}
        onSettle={onSettle}
        debounceMs={400}
        settleMs={300}
      />,
    );
    const input = screen.getByRole('searchbox', { name: 'Search incidents' });
    fireEvent.change(input, { target: { value: 'l' } });
    act(() => vi.advanceTimersByTime(150));
    fireEvent.change(input, { target: { value: 'la' } });
    act(() => vi.advanceTimersByTime(299));
    expect(onSettle).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSettle).toHaveBeenCalledExactlyOnceWith('la');
  });

  it('does not read ahead the value it already shows', () => {
    const { onSettle, type } = setup('api');
    type('apis');
    type('api');
    act(() => vi.advanceTimersByTime(1000));
    expect(onSettle).not.toHaveBeenCalled();
  });
});
