import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../api/client';
import {
  backendVersionSource,
  consoleBuildSource,
  createVersionWatcher,
  extractBuildId,
  type VersionSource,
} from './version-watcher';

/** A source answering from a list; `undefined` entries fail. */
function source(name: string, values: (string | undefined)[]): VersionSource & { reads: number } {
  const result = {
    name,
    reads: 0,
    read: async () => {
      result.reads += 1;
      const value = values.length > 1 ? values.shift() : values[0];
      if (value === undefined) throw new Error('unreachable');
      return value;
    },
  };
  return result;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('createVersionWatcher', () => {
  it('reloads once a new version has been read twice in a row', async () => {
    const backend = source('backend', ['1.0.0', '1.0.0', '1.1.0', '1.1.0']);
    const reload = vi.fn();
    const watcher = createVersionWatcher({ sources: [backend], intervalMs: 60_000, reload });
    watcher.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(backend.reads).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reload).not.toHaveBeenCalled();
    // The change is seen, then confirmed 10 s later.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reload).toHaveBeenCalledTimes(1);
    // And it stops polling.
    const reads = backend.reads;
    await vi.advanceTimersByTimeAsync(600_000);
    expect(backend.reads).toBe(reads);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload on a value seen only once (a rollout in progress)', async () => {
    const build = source('console', ['a', 'b', 'a']);
    const reload = vi.fn();
    const watcher = createVersionWatcher({ sources: [build], intervalMs: 30_000, reload });
    watcher.start();
    await vi.advanceTimersByTimeAsync(30_000 + 10_000 + 30_000 * 5);
    expect(reload).not.toHaveBeenCalled();
    watcher.stop();
  });

  it('skips a source that fails and keeps its baseline', async () => {
    const backend = source('backend', [undefined, '2.0.0', undefined, '2.0.0', '2.1.0']);
    const build = source('console', ['x']);
    const reload = vi.fn();
    const watcher = createVersionWatcher({
      sources: [backend, build],
      intervalMs: 60_000,
      reload,
    });
    watcher.start();
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000 + 10_000);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads when the console build changes', async () => {
    const build = source('console', ['/assets/index-aaa.js', '/assets/index-bbb.js']);
    const reload = vi.fn();
    createVersionWatcher({ sources: [build], intervalMs: 5_000, reload }).start();
    await vi.advanceTimersByTimeAsync(5_000 + 5_000);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('stops polling when stopped', async () => {
    const backend = source('backend', ['1']);
    const watcher = createVersionWatcher({
      sources: [backend],
      intervalMs: 60_000,
      reload: vi.fn(),
    });
    watcher.start();
    await vi.advanceTimersByTimeAsync(0);
    watcher.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(backend.reads).toBe(1);
  });
});

describe('version sources', () => {
  it('takes the build id from the script and stylesheet names of index.html', () => {
    const html = `<!doctype html><html><head>
      <link rel="icon" href="/favicon.svg" />
      <script type="module" crossorigin src="/assets/index-Bx12.js"></script>
      <link rel="stylesheet" crossorigin href="/assets/index-Cq9.css">
      </head><body><div id="root"></div></body></html>`;
    expect(extractBuildId(html)).toBe('/assets/index-Bx12.js /assets/index-Cq9.css /favicon.svg');
    expect(extractBuildId('<html><body>maintenance</body></html>')).toBeUndefined();
  });

  it('reads the backend version and the console build through the API client', async () => {
    const requests: string[] = [];
    const fetch = async (input: RequestInfo | URL) => {
      const url = String(input);
      requests.push(url);
      if (url === '/api/canary/about') {
        return new Response(JSON.stringify({ Version: '1.2.3', Timestamp: 'now' }), {
          headers: { 'content-type': 'application/json' },
        });
      }
      return new Response('<script type="module" src="/assets/index-1.js"></script>', {
        headers: { 'content-type': 'text/html' },
      });
    };
    const api = createApiClient({ baseUrl: '/api', fetch });
    const statics = createApiClient({ baseUrl: '', fetch });
    expect(await backendVersionSource(api).read()).toBe('1.2.3');
    expect(await consoleBuildSource(statics).read()).toBe('/assets/index-1.js');
    expect(requests).toEqual(['/api/canary/about', '/index.html']);
  });
});
