import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LINK_INTENT_DWELL_MS, useLinkIntent } from './use-link-intent';

afterEach(() => {
  vi.useRealTimers();
});

function Link({ onIntent }: { onIntent?: () => void }) {
  const intent = useLinkIntent(onIntent);
  return (
    <a href="/topology/1" {...intent}>
      api
    </a>
  );
}

describe('useLinkIntent', () => {
  it('calls back once the mouse has rested on the link, not when it only passes over', () => {
    vi.useFakeTimers();
    const onIntent = vi.fn();
    render(<Link onIntent={onIntent} />);
    const link = screen.getByRole('link', { name: 'api' });

    fireEvent.pointerEnter(link, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(LINK_INTENT_DWELL_MS - 10));
    fireEvent.pointerLeave(link, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(LINK_INTENT_DWELL_MS));
    expect(onIntent).not.toHaveBeenCalled();

    fireEvent.pointerEnter(link, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(LINK_INTENT_DWELL_MS));
    expect(onIntent).toHaveBeenCalledTimes(1);
  });

  it('calls back at once on a press or on keyboard focus, and not for a touch passing by', () => {
    vi.useFakeTimers();
    const onIntent = vi.fn();
    render(<Link onIntent={onIntent} />);
    const link = screen.getByRole('link', { name: 'api' });

    fireEvent.pointerEnter(link, { pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(LINK_INTENT_DWELL_MS * 2));
    expect(onIntent).not.toHaveBeenCalled();

    fireEvent.pointerDown(link, { pointerType: 'touch' });
    expect(onIntent).toHaveBeenCalledTimes(1);
    fireEvent.focus(link);
    expect(onIntent).toHaveBeenCalledTimes(2);
  });

  it('adds no handlers without a callback', () => {
    const { result } = renderHook(() => useLinkIntent(undefined));
    expect(result.current).toEqual({});
  });
});
