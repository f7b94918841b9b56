/**
 * Browser tests of `<vigil-health-summary>` (@web/test-runner, Chromium). They load the BUILT
 * bundle, as host pages do, and talk to the API through the test server: the real reference server
 * when VIGIL_TEST_SERVER is set (proxied), otherwise a fixture (see web-test-runner.config.mjs).
 * Each test uses its own api-base prefix, so shared caches and request counts stay separate.
 */
import { emulateMedia } from '@web/test-runner-commands';
import {
  assert,
  assertEqual,
  part,
  root,
  waitFor,
  type TestServerConfig,
} from '../test-support/browser-test';

const TAG = 'vigil-health-summary';
const BUNDLE = '/dist/widgets/vigil-health-summary.js';
const LIGHT_HEALTHY = 'rgb(21, 128, 61)'; // --vigil-color-status-healthy, light
const DARK_HEALTHY = 'rgb(74, 222, 128)'; // --vigil-color-status-healthy, dark

interface WireCheck {
  id: string;
  name: string;
  namespace?: string;
  status?: string;
  labels?: Record<string, string> | null;
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  assert(response.ok, `${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The checks as the API returns them, fetched directly (under a prefix no widget uses). */
async function fetchChecks(prefix: string): Promise<WireCheck[]> {
  const body = await getJson<{ checks_summary?: WireCheck[] }>(`/${prefix}/api/canary/api/summary`);
  return body.checks_summary ?? [];
}

function expectedCounts(checks: readonly WireCheck[]) {
  const passing = checks.filter((check) => check.status === 'healthy').length;
  return { passing, failing: checks.length - passing, total: checks.length };
}

function mount(attributes: Record<string, string>, setup?: (element: HTMLElement) => void) {
  const element = document.createElement(TAG);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  setup?.(element);
  document.body.append(element);
  return element;
}

function count(element: HTMLElement, kind: 'passing' | 'failing' | 'total'): number | undefined {
  const text = root(element).querySelector(`[data-count="${kind}"]`)?.textContent;
  return text === undefined || text === null ? undefined : Number(text);
}

async function waitForCounts(element: HTMLElement) {
  await waitFor(() => count(element, 'total') !== undefined, 'the counts to render');
  return {
    passing: count(element, 'passing'),
    failing: count(element, 'failing'),
    total: count(element, 'total'),
  };
}

function recordEvents<T>(name: string): T[] {
  const seen: T[] = [];
  document.addEventListener(name, (event) => seen.push((event as CustomEvent<T>).detail));
  return seen;
}

let config: TestServerConfig;
const pageErrors: unknown[] = [];
window.addEventListener('error', (event) => pageErrors.push(event.error ?? event.message));
window.addEventListener('unhandledrejection', (event) => pageErrors.push(event.reason));

describe('<vigil-health-summary>', () => {
  before(async () => {
    config = await getJson<TestServerConfig>('/__vigil-test/config');
    const loaded: unknown = await import(BUNDLE);
    assert(loaded, 'the bundle loaded');
  });

  afterEach(() => {
    document.body.replaceChildren();
  });

  it('registers once, even when a second copy of the bundle runs', async () => {
    const defined = customElements.get(TAG);
    assert(defined, `${TAG} is defined`);
    const copy = `${BUNDLE}?copy=2`;
    const second = (await import(copy)) as { VigilHealthSummaryElement: unknown };
    assertEqual(second.VigilHealthSummaryElement, defined, 'the second copy reuses the class');
    assertEqual(customElements.get(TAG), defined, 'the registry is unchanged');
  });

  it('renders live counts from the API inside its shadow root', async () => {
    const statusEvents = recordEvents<{ status: string; total: number }>('vigil-status-change');
    const checks = await fetchChecks('expect-live');
    const expected = expectedCounts(checks);
    const element = mount({ 'api-base': '/live/api' });

    const shown = await waitForCounts(element);
    assertEqual(element.children.length, 0, 'nothing is rendered in the light DOM');
    assertEqual(shown.total, expected.total, 'total');
    assertEqual((shown.passing ?? 0) + (shown.failing ?? 0), shown.total, 'passing + failing');
    if (config.mode === 'fixture') {
      assertEqual(shown.passing, 5, 'passing (fixture)');
      assertEqual(shown.failing, 2, 'failing (fixture)');
    } else {
      // A running server executes checks; statuses may flip between the two reads.
      assert(
        Math.abs((shown.failing ?? 0) - expected.failing) <= 2,
        `failing ${shown.failing} close to ${expected.failing}`,
      );
    }
    const items = root(element).querySelectorAll('[part~="failing-item"]');
    assertEqual(items.length, shown.failing, 'one list item per failing check');
    for (const item of items) {
      const id = item.getAttribute('data-check-id');
      const wire = checks.find((candidate) => candidate.id === id);
      if (wire) assert(item.textContent?.includes(wire.name), `the item shows ${wire.name}`);
    }
    assert(part(element, 'title')?.textContent?.includes('Health'), 'the title is shown');
    // Effects run after the render is painted, so the event may follow the DOM by a frame.
    await waitFor(
      () => statusEvents.some((detail) => detail.total === shown.total),
      'vigil-status-change to reach the document with the counts',
    );
  });

  it('reads its attributes: namespace, labels, no-title, console-url, and their changes', async () => {
    const checks = await fetchChecks('expect-attrs');
    assert(checks.length > 0, 'the API has checks');
    const namespace = checks.find((check) => check.namespace)?.namespace;
    assert(namespace, 'some check has a namespace');
    const inNamespace = checks.filter((check) => check.namespace === namespace);

    const element = mount({
      'api-base': '/attrs/api',
      namespace,
      'no-title': '',
      'console-url': 'https://console.example/vigil/',
      refresh: '0',
    });
    const shown = await waitForCounts(element);
    assertEqual(shown.total, inNamespace.length, `total in namespace ${namespace}`);
    assertEqual(part(element, 'title'), null, 'no-title hides the heading');
    const link = root(element).querySelector<HTMLAnchorElement>('[part~="check-link"]');
    const firstFailing = inNamespace.find((check) => check.status !== 'healthy');
    if (firstFailing && config.mode === 'fixture') {
      assert(link, 'failing names are links');
      assert(
        link.href.startsWith('https://console.example/vigil/health?checkId='),
        `link ${link.href}`,
      );
    }

    // Labels: pick one label of one check.
    const labelled = checks.find((check) => check.labels && Object.keys(check.labels).length > 0);
    if (labelled?.labels) {
      const [key, value] = Object.entries(labelled.labels)[0] ?? [];
      assert(key !== undefined && value !== undefined, 'a label');
      const withLabel = checks.filter((check) => check.labels?.[key] === value);
      element.removeAttribute('namespace');
      element.setAttribute('labels', JSON.stringify({ [key]: value }));
      await waitFor(
        () => count(element, 'total') === withLabel.length,
        `total for ${key}=${value}`,
      );
      element.removeAttribute('labels');
    } else {
      element.removeAttribute('namespace');
    }
    // Removing the filters shows everything again (r2wc alone would ignore a removal).
    await waitFor(() => count(element, 'total') === checks.length, 'the unfiltered total');
    element.removeAttribute('no-title');
    await waitFor(() => part(element, 'title'), 'the heading to come back');
  });

  it('applies the design tokens inside the shadow root, overridable by the host', async () => {
    const element = mount({ 'api-base': '/style/api', refresh: '0' });
    await waitForCounts(element);
    const passing = part(element, 'count-passing');
    assert(passing, 'the passing count part');
    assertEqual(getComputedStyle(passing).color, LIGHT_HEALTHY, 'token colour');
    assert(root(element).adoptedStyleSheets.length > 0, 'styles are adopted stylesheets');
    assertEqual(root(element).querySelector('style'), null, 'no <style> element (strict CSP)');

    element.style.setProperty('--vigil-color-status-healthy', 'rgb(1, 2, 3)');
    assertEqual(getComputedStyle(passing).color, 'rgb(1, 2, 3)', 'host override');
    element.style.removeProperty('--vigil-color-status-healthy');

    element.setAttribute('theme', 'dark');
    assertEqual(getComputedStyle(passing).color, DARK_HEALTHY, 'theme="dark"');

    element.setAttribute('theme', 'auto');
    await emulateMedia({ colorScheme: 'dark' });
    assertEqual(getComputedStyle(passing).color, DARK_HEALTHY, 'theme="auto", dark system');
    await emulateMedia({ colorScheme: 'light' });
    assertEqual(getComputedStyle(passing).color, LIGHT_HEALTHY, 'theme="auto", light system');
  });

  it('shares one request between two widgets on the same api-base', async () => {
    const first = mount({ 'api-base': '/shared/api', refresh: '0' });
    const second = mount({ 'api-base': '/shared/api', layout: 'compact', refresh: '0' });
    const a = await waitForCounts(first);
    const b = await waitForCounts(second);
    assertEqual(a.total, b.total, 'both show the same data');
    assertEqual(
      root(second).querySelector('[part~="failing-list"]'),
      null,
      'layout="compact" has no list',
    );
    const requests = await getJson<Record<string, number>>('/__vigil-test/requests');
    assertEqual(requests['/shared/api/canary/api/summary'], 1, 'summary requests');
  });

  it('shows a clear message and dispatches vigil-error for an invalid attribute', async () => {
    const errors = recordEvents<{ code: string; attribute?: string; blocking?: boolean }>(
      'vigil-error',
    );
    const before = pageErrors.length;
    const element = mount({ 'api-base': '/bad/api', labels: '{not json' });
    const message = await waitFor(() => part(element, 'message'), 'the error message');
    assertEqual(message.getAttribute('role'), 'alert', 'the message is an alert');
    assert(
      message.textContent?.includes('labels'),
      `message names the attribute: ${message.textContent}`,
    );
    await waitFor(() => errors.length > 0, 'vigil-error');
    assertEqual(errors[0]?.code, 'invalid-attribute', 'error code');
    assertEqual(errors[0]?.attribute, 'labels', 'error attribute');
    assertEqual(errors[0]?.blocking, true, 'blocking');
    assertEqual(pageErrors.length, before, 'nothing was thrown');
    const requests = await getJson<Record<string, number>>('/__vigil-test/requests');
    assertEqual(requests['/bad/api/canary/api/summary'], undefined, 'no request while blocked');

    // A non-blocking problem falls back to the default and still reports.
    element.setAttribute('labels', '{}');
    element.setAttribute('refresh', 'soon');
    await waitForCounts(element);
    await waitFor(
      () => errors.find((detail) => detail.attribute === 'refresh' && detail.blocking === false),
      'a non-blocking vigil-error for refresh',
    );
  });

  it('asks the token provider again once after a 401', async () => {
    const calls: boolean[] = [];
    const element = mount({ 'api-base': '/auth-test-1/api', refresh: '0' }, (el) => {
      Object.assign(el, {
        tokenProvider: async ({ forceRefresh }: { forceRefresh: boolean }) => {
          calls.push(forceRefresh);
          return forceRefresh ? 'good-token' : 'stale-token';
        },
      });
    });
    const shown = await waitForCounts(element);
    assertEqual(shown.total, 7, 'data after the refreshed token');
    assertEqual(calls.join(','), 'false,true', 'provider calls (forceRefresh)');
  });

  it('does not fetch before it is connected (no token sent to the default api-base)', async () => {
    const calls: boolean[] = [];
    const element = document.createElement(TAG);
    Object.assign(element, {
      tokenProvider: ({ forceRefresh }: { forceRefresh: boolean }) => {
        calls.push(forceRefresh);
        return 'good-token';
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    assertEqual(calls.length, 0, 'no request while detached');
    element.setAttribute('api-base', '/auth-test-3/api');
    element.setAttribute('refresh', '0');
    document.body.append(element);
    const shown = await waitForCounts(element);
    assertEqual(shown.total, 7, 'data once connected');
    const requests = await getJson<Record<string, number>>('/__vigil-test/requests');
    assertEqual(requests['/api/canary/api/summary'], undefined, 'nothing sent to /api');
  });

  it('shows a sign-in message without credentials', async () => {
    const errors = recordEvents<{ code: string; status?: number }>('vigil-error');
    const element = mount({ 'api-base': '/auth-test-2/api', refresh: '0' });
    const message = await waitFor(() => part(element, 'message'), 'the message');
    await waitFor(() => message.textContent?.includes('Sign in'), 'the sign-in text');
    await waitFor(() => errors.find((detail) => detail.code === 'unauthorized'), 'vigil-error');
  });
});
