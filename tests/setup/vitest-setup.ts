import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { loadDialogImpl } from '../../src/ui/dialog';
import { loadMenuImpl } from '../../src/ui/menu';

// The Headless UI halves of menus and dialogs load on first use in the console (issue 18): loaded
// before the tests here, so a test opens them at once as the page does after the first use.
await Promise.all([loadMenuImpl(), loadDialogImpl()]);

// findBy*/waitFor wait up to 5 s (the default is 1 s): on a loaded 2-core machine a lazy chunk or
// a query can take longer than a second to settle. Passing tests are not slowed down by it.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});

// The console project shares one jsdom between the files a worker runs (isolate: false). This file
// runs before each of them, so each starts from a clean slate: empty storage, the real globals and
// timers, no theme or attributes left on <html>.
vi.useRealTimers();
vi.unstubAllGlobals();
vi.restoreAllMocks();
localStorage.clear();
sessionStorage.clear();
document.documentElement.className = '';
document.documentElement.removeAttribute('style');
document.documentElement.removeAttribute('data-theme');
document.body.innerHTML = '';

// jsdom has no ResizeObserver; Headless UI menus and listboxes watch their anchor with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
