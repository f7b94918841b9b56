/**
 * Helpers shared by the widget browser tests (@web/test-runner, Chromium): assertions, polling,
 * shadow-root access, JSON answers for fixtures, and event recording. Plain functions, no test
 * framework imports, so each test file stays a self-describing script.
 */

/** What `/__vigil-test/config` says: proxying to a real server, or answering from fixtures. */
export interface TestServerConfig {
  mode: 'server' | 'fixture';
  server: string | null;
}

// Captured when this module is evaluated, before a test file replaces `window.fetch` with its
// fixture, so helpers always reach the test server.
const realFetch = window.fetch.bind(window);

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

export function assertEqual<T>(actual: T, expected: T, message: string): void {
  if (!Object.is(actual, expected)) {
    throw new Error(`${message}: expected ${String(expected)}, got ${String(actual)}`);
  }
}

/** Polls `probe` every 25 ms until it returns something other than null, undefined or false. */
export async function waitFor<T>(
  probe: () => T | null | undefined | false,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const start = performance.now();
  for (;;) {
    const value = probe();
    if (value !== null && value !== undefined && value !== false) return value;
    if (performance.now() - start > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** GET a JSON document from the test server (never through a test's fetch fixture). */
export async function getJson<T>(url: string): Promise<T> {
  const response = await realFetch(url, { headers: { accept: 'application/json' } });
  assert(response.ok, `${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** A JSON response, for fixtures that stand in for the API. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export function root(element: HTMLElement): ShadowRoot {
  assert(element.shadowRoot, 'the element has an open shadow root');
  return element.shadowRoot;
}

export function part(element: HTMLElement, name: string): HTMLElement | null {
  return root(element).querySelector<HTMLElement>(`[part~="${name}"]`);
}

/** Records the events of one name that reach the document, with their target at dispatch. */
export function recordEvents<T>(name: string) {
  const seen: { detail: T; event: CustomEvent<T>; target: EventTarget | null }[] = [];
  // The target is read during dispatch: afterwards it is cleared for targets in shadow trees.
  const listener = (event: Event) =>
    seen.push({
      detail: (event as CustomEvent<T>).detail,
      event: event as CustomEvent<T>,
      target: event.target,
    });
  document.addEventListener(name, listener);
  return { seen, stop: () => document.removeEventListener(name, listener) };
}
