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
