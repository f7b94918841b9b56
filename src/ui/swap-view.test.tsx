import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SwapView } from './swap-view';

afterEach(() => {
  vi.useRealTimers();
});

function Grid({ name, onUnmount }: { name: string; onUnmount?: () => void }) {
  useEffect(() => () => onUnmount?.(), [onUnmount]);
  return <ul aria-label={`${name} cards`}>{name}</ul>;
}

describe('SwapView', () => {
  it('keeps the old view hidden and inert until the new one has been painted, then removes it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
    const unmounted = vi.fn();
    const { rerender, container } = render(
      <SwapView viewKey="a">
        <Grid name="A" onUnmount={unmounted} />
      </SwapView>,
    );
    const first = screen.getByRole('list', { name: 'A cards' });

    rerender(
      <SwapView viewKey="b">
        <Grid name="B" />
      </SwapView>,
    );
    // The new view is there at once; the old one is the same element, out of the way.
    expect(screen.getByRole('list', { name: 'B cards' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'A cards' })).toBeNull();
    const retired = container.querySelector('[data-retired]');
    expect(retired).toHaveAttribute('aria-hidden', 'true');
    expect(retired).toHaveAttribute('inert');
    expect(retired?.contains(first)).toBe(true);
    expect(unmounted).not.toHaveBeenCalled();

    // After the next frame and one more task, it is gone.
    await act(async () => {
      vi.advanceTimersToNextFrame();
      vi.runOnlyPendingTimers();
    });
    expect(container.querySelector('[data-retired]')).toBeNull();
    expect(first.isConnected).toBe(false);
    expect(unmounted).toHaveBeenCalledTimes(1);
  });

  it('keeps the view mounted while its key stays the same', () => {
    const unmounted = vi.fn();
    const { rerender } = render(
      <SwapView viewKey="a">
        <Grid name="A" onUnmount={unmounted} />
      </SwapView>,
    );
    const list = screen.getByRole('list', { name: 'A cards' });
    rerender(
      <SwapView viewKey="a">
        <Grid name="A" onUnmount={unmounted} />
      </SwapView>,
    );
    expect(screen.getByRole('list', { name: 'A cards' })).toBe(list);
    expect(unmounted).not.toHaveBeenCalled();
  });

  it('drops an older retired view at once when the key changes twice in a row', () => {
    const { rerender, container } = render(
      <SwapView viewKey="a">
        <Grid name="A" />
      </SwapView>,
    );
    rerender(
      <SwapView viewKey="b">
        <Grid name="B" />
      </SwapView>,
    );
    rerender(
      <SwapView viewKey="c">
        <Grid name="C" />
      </SwapView>,
    );
    const retired = container.querySelectorAll('[data-retired]');
    expect(retired).toHaveLength(1);
    expect(retired[0]?.textContent).toBe('B');
    expect(screen.getByRole('list', { name: 'C cards' })).toBeInTheDocument();
  });
});
