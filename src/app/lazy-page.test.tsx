import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';

function Hello() {
  return <p>hello from the chunk</p>;
}

describe('lazyPage', () => {
  it('preloads the chunk once and renders from the same import', async () => {
    const load = vi.fn(() => Promise.resolve({ Hello }));
    const Page = lazyPage(load, 'Hello');
    expect(load).not.toHaveBeenCalled();
    Page.preload();
    Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByText('hello from the chunk')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders a preloaded page at once, without suspending', async () => {
    const load = vi.fn(() => Promise.resolve({ Hello }));
    const Page = lazyPage(load, 'Hello');
    Page.preload();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    // In the first commit: no fallback, and so none of React's delay before revealing content.
    expect(screen.getByText('hello from the chunk')).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
  });

  it('passes its props to the page', async () => {
    function Greeting({ who }: { who: string }) {
      return <p>hello {who}</p>;
    }
    const Page = lazyPage(() => Promise.resolve({ Greeting }), 'Greeting');
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page who="operator" />
      </Suspense>,
    );
    expect(await screen.findByText('hello operator')).toBeInTheDocument();
  });

  it('tries again on render after a failed preload', async () => {
    const load = vi
      .fn<() => Promise<{ Hello: typeof Hello }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ Hello });
    const Page = lazyPage(load, 'Hello');
    Page.preload();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByText('hello from the chunk')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
