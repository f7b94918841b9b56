import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent } from './lazy-component';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazyComponent', () => {
  it('loads on first render, renders nothing meanwhile, and loads once', async () => {
    let resolve: (component: typeof Greeting) => void = () => undefined;
    const load = vi.fn(
      () =>
        new Promise<typeof Greeting>((done) => {
          resolve = done;
        }),
    );
    const Lazy = lazyComponent(load);
    expect(load).not.toHaveBeenCalled();
    const { container, unmount } = render(<Lazy name="Ada" />);
    expect(load).toHaveBeenCalledTimes(1);
    expect(container).toBeEmptyDOMElement();
    resolve(Greeting);
    expect(await screen.findByText('Hello Ada')).toBeVisible();
    unmount();
    render(<Lazy name="Grace" />);
    // Already loaded: drawn at once, with no second load.
    expect(screen.getByText('Hello Grace')).toBeVisible();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('preload() fetches ahead, and a failed load is tried again', async () => {
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(Greeting);
    const Lazy = lazyComponent(load);
    Lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    await Promise.resolve();
    render(<Lazy name="Linus" />);
    expect(await screen.findByText('Hello Linus')).toBeVisible();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('once preloaded, renders in the same render, without suspending', async () => {
    const Lazy = lazyComponent(() => Promise.resolve(Greeting));
    Lazy.preload();
    await new Promise((resolve) => setTimeout(resolve, 0));
    render(<Lazy name="Barbara" />);
    // No findBy: a suspended first render would show nothing here.
    expect(screen.getByText('Hello Barbara')).toBeVisible();
  });
});
