/**
 * Browser tests of `<vigil-check-detail>` (@web/test-runner, Chromium). They load the BUILT
 * bundle, as host pages do (see web-test-runner.config.mjs), with one api-base prefix per test.
 *
 * Data: with VIGIL_TEST_SERVER the requests go to the real reference server through the test
 * server's proxy — when that proxy forwards query strings, which the check endpoints need
 * (`/db/checks?id=eq.…`, `/canary/api/graph?check=…`). The test probes for it; otherwise, and for
 * prefixes starting with `cd-fx-` (a status flipped on demand, a failing graph), the page answers
 * the check endpoints itself from a fixture in the shape of the API contract (api.md §3.2,
 * postgrest.md §8.1), recording each request.
 */
import { emulateMedia } from '@web/test-runner-commands';
import {
  assert,
  assertEqual,
  getJson,
  json,
  part,
  recordEvents,
  root,
  waitFor,
  type TestServerConfig,
} from '../test-support/browser-test';

const TAG = 'vigil-check-detail';
const BUNDLE = '/dist/widgets/vigil-check-detail.js';
const LIGHT_HEALTHY = 'rgb(21, 128, 61)'; // --vigil-color-status-healthy, light
const DARK_HEALTHY = 'rgb(74, 222, 128)'; // --vigil-color-status-healthy, dark
const LIGHT_MUTED = 'rgb(75, 85, 99)'; // --vigil-color-text-muted, light

interface WireCheck {
  id: string;
  name: string;
  namespace?: string | null;
  type?: string;
  status?: string | null;
  severity?: string | null;
  last_runtime?: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// The in-page fixture

const now = Date.now();
const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

function fixtureCheck(id: string, name: string, status: string, severity: string) {
  return {
    id,
    canary_id: `canary-${id}`,
    agent_id: '00000000-0000-0000-0000-000000000000',
    type: 'http',
    name,
    namespace: 'payments',
    description: null,
    icon: null,
    spec: { url: `https://${name}.example.com/health` },
    labels: { team: 'payments' },
    severity,
    status,
    last_runtime: ago(1),
    last_transition_time: ago(90),
    next_runtime: new Date(now + 60_000).toISOString(),
    created_at: ago(60 * 24 * 30),
    updated_at: ago(1),
    deleted_at: null,
    canaries: { id: `canary-${id}`, name: 'payments-checks', source: 'UI' },
    agents: null,
    components: [],
    configs: [],
  };
}

type FixtureCheck = ReturnType<typeof fixtureCheck>;

const fixture = {
  checks: new Map<string, FixtureCheck>([
    ['fx-payments-api', fixtureCheck('fx-payments-api', 'payments-api', 'healthy', 'critical')],
    ['fx-checkout-web', fixtureCheck('fx-checkout-web', 'checkout-web', 'unhealthy', 'high')],
    ['fx-flip', fixtureCheck('fx-flip', 'ledger-db', 'healthy', 'medium')],
  ]),
  failGraphFor: new Set<string>(),
  requests: [] as { prefix: string; path: string; query: URLSearchParams; auth?: string }[],
};

function graphFor(check: FixtureCheck) {
  const failing = check.status !== 'healthy';
  const points = Array.from({ length: 12 }, (_, index) => ({
    time: ago(60 - index * 5),
    status: !(failing && index % 4 === 3),
    duration: 100 + index * 10,
    passed: 5,
    failed: failing && index % 4 === 3 ? 1 : 0,
  }));
  return {
    duration: 4,
    runnerName: 'local',
    status: points,
    latency: { p95: 180, p97: 200, p99: 240, rolling1h: 0 },
    uptime: { passed: 58, failed: 2 },
  };
}

function statusesFor(check: FixtureCheck) {
  return Array.from({ length: 3 }, (_, index) => ({
    check_id: check.id,
    time: ago(index * 5 + 1),
    duration: 120 + index,
    status: check.status === 'healthy' || index > 0,
    message: `HTTP 200 in ${120 + index}ms`,
    error: check.status === 'healthy' || index > 0 ? null : 'connection refused',
    invalid: false,
  }));
}

function answer(prefix: string, path: string, query: URLSearchParams): Response {
  const eq = (name: string) => query.get(name)?.replace(/^eq\./, '');
  if (path === '/db/checks') {
    const check = fixture.checks.get(eq('id') ?? '');
    return json(check ? [check] : []);
  }
  if (path === '/canary/api/graph') {
    const check = fixture.checks.get(query.get('check') ?? '');
    if (fixture.failGraphFor.has(prefix)) return json({ error: 'graph store unavailable' }, 500);
    return check ? json(graphFor(check)) : json({ error: 'check not found' }, 404);
  }
  if (path === '/db/check_statuses') {
    const check = fixture.checks.get(eq('check_id') ?? '');
    const rows = check ? statusesFor(check) : [];
    return json(rows, 200, { 'content-range': `0-${Math.max(rows.length - 1, 0)}/${rows.length}` });
  }
  return json({ error: `no fixture for ${path}` }, 404);
}

let live = false;
const realFetch = window.fetch.bind(window);
const API_PATH = /^\/(cd-[\w-]+)\/api(\/.*)$/;

window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const url = new URL(href, location.href);
  const match = API_PATH.exec(url.pathname);
  const [, prefix = '', path = ''] = match ?? [];
  if (!match || (live && !prefix.startsWith('cd-fx-'))) return realFetch(input, init);
  const headers = (init?.headers ?? {}) as Record<string, string>;
  fixture.requests.push({ prefix, path, query: url.searchParams, auth: headers.Authorization });
  await sleep(20); // an answer is never synchronous
  return answer(prefix, path, url.searchParams);
};

/** Requests one prefix sent for an API path (fixture: recorded here; live: the test server). */
async function requestCount(prefix: string, path: string): Promise<number> {
  if (!live || prefix.startsWith('cd-fx-')) {
    return fixture.requests.filter((r) => r.prefix === prefix && r.path === path).length;
  }
  const counts = await getJson<Record<string, number>>('/__vigil-test/requests');
  return counts[`/${prefix}/api${path}`] ?? 0;
}

// ---------------------------------------------------------------------------------------------
// The element

function mount(attributes: Record<string, string>, parent: ParentNode = document.body) {
  const element = document.createElement(TAG);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  parent.append(element);
  return element;
}

function stat(element: HTMLElement, id: string): string | undefined {
  return root(element)
    .querySelector(`[data-stat="${id}"] [part~="stat-value"]`)
    ?.textContent?.trim();
}

async function waitForCheck(element: HTMLElement, name: string) {
  await waitFor(() => part(element, 'title')?.textContent?.includes(name), `the check ${name}`);
}

function historyRows(element: HTMLElement): number {
  return root(element).querySelectorAll('[part~="history"] tbody tr').length;
}

function chartRequested(): boolean {
  return performance.getEntriesByType('resource').some((entry) => /theme-chart/.test(entry.name));
}

let config: TestServerConfig;
/** A check of the data source in use (the real server's, or the fixture's). */
let subject: WireCheck;
const pageErrors: unknown[] = [];
window.addEventListener('error', (event) => pageErrors.push(event.error ?? event.message));
window.addEventListener('unhandledrejection', (event) => pageErrors.push(event.reason));

describe('<vigil-check-detail>', () => {
  before(async () => {
    config = await getJson<TestServerConfig>('/__vigil-test/config');
    if (config.mode === 'server') {
      // Does the test server forward query strings? An unknown id must give no row.
      const probe = await realFetch(
        '/cd-probe/api/db/checks?id=eq.00000000-0000-0000-0000-00000000dead&select=id',
      );
      const rows = probe.ok ? ((await probe.json()) as unknown[]) : undefined;
      live = Array.isArray(rows) && rows.length === 0;
    }
    if (live) {
      const summary = await getJson<{ checks_summary?: WireCheck[] }>(
        '/cd-expect/api/canary/api/summary',
      );
      const first = summary.checks_summary?.[0];
      assert(first, 'the server has checks');
      subject = first;
    } else {
      const check = fixture.checks.get('fx-payments-api');
      assert(check, 'fixture check');
      subject = check;
    }
    console.log(`check data from ${live ? 'the reference server' : 'the in-page fixture'}`);
    const loaded: unknown = await import(BUNDLE);
    assert(loaded, 'the bundle loaded');
  });

  afterEach(async () => {
    document.body.replaceChildren();
    await emulateMedia({ colorScheme: 'light' });
  });

  it('registers once, even when a second copy of the bundle runs', async () => {
    const defined = customElements.get(TAG);
    assert(defined, `${TAG} is defined`);
    const second = (await import(`${BUNDLE}?copy=2`)) as { VigilCheckDetailElement: unknown };
    assertEqual(second.VigilCheckDetailElement, defined, 'the second copy reuses the class');
    assertEqual(customElements.get(TAG), defined, 'the registry is unchanged');
    assertEqual(chartRequested(), false, 'loading the element does not load the chart');
  });

  it('renders the check, its tiles, chart and history inside its shadow root', async () => {
    const element = mount({ 'api-base': '/cd-live/api', 'check-id': subject.id, refresh: '0' });
    await waitForCheck(element, subject.name);
    assertEqual(element.children.length, 0, 'nothing is rendered in the light DOM');
    if (subject.namespace) {
      assertEqual(part(element, 'check-namespace')?.textContent, subject.namespace, 'namespace');
    }
    const statusWord = subject.status ?? 'unknown';
    assert(
      part(element, 'status')?.textContent?.includes(statusWord),
      `the status is written out (${statusWord}), not shown by colour alone`,
    );
    if (subject.severity) {
      assertEqual(stat(element, 'severity')?.toLowerCase(), subject.severity, 'severity tile');
    }
    await waitFor(() => stat(element, 'uptime')?.endsWith('%'), 'the uptime tile');
    assert(/^\d+ms|^\d/.test(stat(element, 'latency-p95') ?? ''), 'the latency tile has a value');
    if (!live) {
      assertEqual(stat(element, 'uptime'), '96.7%', 'uptime from the graph (58 of 60)');
      assertEqual(stat(element, 'latency-p99'), '240ms', 'p99 latency');
      assertEqual(stat(element, 'time-range'), '1h', 'default range for a check run 1 min ago');
    }

    const chart = await waitFor(() => part(element, 'chart'), 'the chart section');
    await waitFor(
      () => chart.querySelector('[role="img"] svg') || chart.textContent?.includes('No runs'),
      'the chart (or its empty state) to render',
      20_000,
    );
    if (chart.querySelector('[role="img"]')) {
      assert(chartRequested(), 'the chart code was loaded on demand');
      assert(
        chart.querySelector('figcaption')?.textContent?.includes('time buckets'),
        'the chart has a text alternative',
      );
    }
    if (!live) assert(chart.querySelector('[role="img"] svg'), 'the fixture has runs to draw');

    const table = await waitFor(
      () => root(element).querySelector('table[aria-label="Status history"]'),
      'the history table',
    );
    if (!live) await waitFor(() => historyRows(element) === 3, 'three runs');
    assert(table.closest('[part~="history"]'), 'the history part');
    assertEqual(root(element).querySelector('style'), null, 'no <style> element (strict CSP)');
  });

  it('reads its attributes: time-range, no-chart, no-history, console-url, embed-token', async () => {
    const prefix = 'cd-attrs';
    const element = mount({
      'api-base': `/${prefix}/api`,
      'check-id': subject.id,
      'time-range': '6h',
      'no-chart': '',
      'no-history': '',
      'console-url': 'https://console.example/vigil/',
      refresh: '0',
    });
    await waitForCheck(element, subject.name);
    await waitFor(() => stat(element, 'uptime')?.endsWith('%'), 'the tiles');
    assertEqual(stat(element, 'time-range'), '6h', 'time-range in the tile');
    assertEqual(part(element, 'chart'), null, 'no-chart hides the chart');
    assertEqual(part(element, 'history-section'), null, 'no-history hides the history');
    await sleep(200);
    assertEqual(await requestCount(prefix, '/db/check_statuses'), 0, 'no history request');
    const link = part(element, 'check-link') as HTMLAnchorElement | null;
    assert(link, 'the check name is a link with console-url');
    assertEqual(
      link.href,
      `https://console.example/vigil/health?checkId=${encodeURIComponent(subject.id)}&timeRange=6h`,
      'console link',
    );
    if (!live) {
      const graph = fixture.requests.filter(
        (r) => r.prefix === prefix && r.path === '/canary/api/graph',
      );
      assertEqual(graph.at(-1)?.query.get('start'), '6h', 'graph start from time-range');
      assertEqual(graph.at(-1)?.query.get('check'), subject.id, 'graph of the check');
    }

    // Changes, including removals, apply live.
    element.setAttribute('time-range', '2d');
    await waitFor(() => stat(element, 'time-range') === '2d', 'the new range');
    element.removeAttribute('no-history');
    await waitFor(() => part(element, 'history-section'), 'the history to appear');
    element.removeAttribute('no-chart');
    await waitFor(() => part(element, 'chart'), 'the chart to appear');
    element.removeAttribute('console-url');
    await waitFor(() => part(element, 'check-name'), 'a plain name without console-url');

    if (!live) {
      element.setAttribute('check-id', 'fx-checkout-web');
      await waitForCheck(element, 'checkout-web');
      assertEqual(stat(element, 'severity')?.toLowerCase(), 'high', 'the other check');

      const token = mount({
        'api-base': '/cd-token/api',
        'check-id': 'fx-payments-api',
        'embed-token': 'embed-abc',
        'no-chart': '',
        'no-history': '',
      });
      await waitForCheck(token, 'payments-api');
      const sent = fixture.requests.filter((r) => r.prefix === 'cd-token');
      assert(sent.length > 0, 'requests were sent');
      assert(
        sent.every((r) => r.auth === 'Bearer embed-abc'),
        'embed-token is sent as a bearer token',
      );
    }
  });

  it('refreshes every refresh seconds, and not at all with refresh="0"', async () => {
    const prefix = live ? 'cd-refresh' : 'cd-fx-refresh';
    const polling = mount({
      'api-base': `/${prefix}/api`,
      'check-id': subject.id,
      refresh: '1',
      'no-chart': '',
    });
    const still = mount({
      'api-base': `/${prefix}-off/api`,
      'check-id': subject.id,
      refresh: '0',
      'no-chart': '',
    });
    await waitForCheck(polling, subject.name);
    await waitForCheck(still, subject.name);
    await sleep(2_300);
    assert((await requestCount(prefix, '/db/checks')) >= 2, 'the check is polled');
    assert((await requestCount(prefix, '/canary/api/graph')) >= 2, 'the graph is polled');
    assertEqual(await requestCount(`${prefix}-off`, '/db/checks'), 1, 'no polling with 0');
  });

  it('applies the design tokens inside the shadow root, overridable by the host', async () => {
    const element = mount({
      'api-base': '/cd-fx-style/api',
      'check-id': 'fx-payments-api',
      refresh: '0',
      'no-chart': '',
    });
    await waitForCheck(element, 'payments-api');
    const icon = root(element).querySelector<SVGElement>('[part~="status"] svg');
    assert(icon, 'the status icon');
    const label = root(element).querySelector<HTMLElement>('[part~="stat-label"]');
    assert(label, 'a tile label');
    assertEqual(getComputedStyle(icon).color, LIGHT_HEALTHY, 'healthy token colour');
    assertEqual(getComputedStyle(label).color, LIGHT_MUTED, 'muted token colour');
    const tile = root(element).querySelector<HTMLElement>('[part~="stat"]');
    assert(tile, 'a tile');
    assertEqual(getComputedStyle(tile).borderTopStyle, 'solid', 'tiles have their border');

    element.style.setProperty('--vigil-color-status-healthy', 'rgb(1, 2, 3)');
    element.style.setProperty('--vigil-color-text-muted', 'rgb(4, 5, 6)');
    assertEqual(getComputedStyle(icon).color, 'rgb(1, 2, 3)', 'host override of the status');
    assertEqual(getComputedStyle(label).color, 'rgb(4, 5, 6)', 'host override of the labels');
    element.style.removeProperty('--vigil-color-status-healthy');
    element.style.removeProperty('--vigil-color-text-muted');

    element.setAttribute('theme', 'dark');
    assertEqual(getComputedStyle(icon).color, DARK_HEALTHY, 'theme="dark"');
    element.setAttribute('theme', 'auto');
    await emulateMedia({ colorScheme: 'dark' });
    assertEqual(getComputedStyle(icon).color, DARK_HEALTHY, 'theme="auto", dark system');
    await emulateMedia({ colorScheme: 'light' });
    assertEqual(getComputedStyle(icon).color, LIGHT_HEALTHY, 'theme="auto", light system');
  });

  it('dispatches vigil-status-change across the shadow boundary when the status changes', async () => {
    const changes = recordEvents<{
      widget: string;
      checkId: string;
      status: string;
      previousStatus?: string;
    }>('vigil-status-change');
    const flip = fixture.checks.get('fx-flip');
    assert(flip, 'fixture check');
    flip.status = 'healthy';
    const host = document.createElement('div');
    host.attachShadow({ mode: 'open' });
    document.body.append(host);
    assert(host.shadowRoot, 'a shadow root of the page');
    // Nested in another shadow root: composed events still reach the document.
    const element = mount(
      { 'api-base': '/cd-fx-status/api', 'check-id': 'fx-flip', refresh: '1', 'no-chart': '' },
      host.shadowRoot,
    );
    const first = await waitFor(() => changes.seen[0], 'the first vigil-status-change');
    assertEqual(first.detail.status, 'healthy', 'first status');
    assertEqual(first.detail.previousStatus, undefined, 'no previous status on the first data');
    assertEqual(first.detail.checkId, 'fx-flip', 'checkId');
    assertEqual(first.detail.widget, TAG, 'widget');
    assertEqual(first.event.composed && first.event.bubbles, true, 'bubbles and composed');
    assertEqual(first.target, host, 'retargeted to the outer shadow host');

    await sleep(1_500);
    assertEqual(changes.seen.length, 1, 'no event while the status stays the same');
    flip.status = 'unhealthy';
    const second = await waitFor(() => changes.seen[1], 'the status change after a refresh');
    assertEqual(second.detail.status, 'unhealthy', 'new status');
    assertEqual(second.detail.previousStatus, 'healthy', 'previous status');
    await waitFor(
      () => part(element, 'status')?.textContent?.includes('unhealthy'),
      'the status shown to change',
    );
    flip.status = 'healthy';
    changes.stop();
  });

  it('dispatches a cancelable vigil-navigate when the console link is followed', async () => {
    const navigations = recordEvents<{ url: string; checkId?: string; widget: string }>(
      'vigil-navigate',
    );
    const element = mount({
      'api-base': '/cd-fx-nav/api',
      'check-id': 'fx-payments-api',
      'console-url': 'https://console.example/vigil',
      'time-range': '3h',
      refresh: '0',
      'no-chart': '',
      'no-history': '',
    });
    await waitForCheck(element, 'payments-api');
    const link = part(element, 'check-link');
    assert(link, 'the console link');

    // A host that routes itself cancels the event: the link is not followed.
    const cancel = (event: Event) => event.preventDefault();
    document.addEventListener('vigil-navigate', cancel);
    const clicks: boolean[] = [];
    const afterWidget = (event: Event) => {
      clicks.push(event.defaultPrevented);
      event.preventDefault(); // never leave the test page
    };
    window.addEventListener('click', afterWidget);
    link.click();
    document.removeEventListener('vigil-navigate', cancel);
    const url = 'https://console.example/vigil/health?checkId=fx-payments-api&timeRange=3h';
    assertEqual(navigations.seen[0]?.detail.url, url, 'detail.url');
    assertEqual(navigations.seen[0]?.detail.checkId, 'fx-payments-api', 'detail.checkId');
    assertEqual(navigations.seen[0]?.event.cancelable, true, 'cancelable');
    assertEqual(navigations.seen[0]?.event.composed, true, 'composed');
    assertEqual(clicks[0], true, 'cancelling vigil-navigate prevents the link');

    // Without a listener cancelling it, the link is followed.
    link.click();
    window.removeEventListener('click', afterWidget);
    assertEqual(navigations.seen.length, 2, 'a second vigil-navigate');
    assertEqual(clicks[1], false, 'the link is followed');
    navigations.stop();
  });

  it('shows a clear message and dispatches vigil-error for bad attributes and failures', async () => {
    const errors = recordEvents<{
      code: string;
      attribute?: string;
      blocking?: boolean;
      status?: number;
    }>('vigil-error');
    const before = pageErrors.length;

    const missing = mount({ 'api-base': '/cd-fx-bad/api' });
    const message = await waitFor(() => part(missing, 'message'), 'the error message');
    assertEqual(message.getAttribute('role'), 'alert', 'the message is an alert');
    assert(
      message.textContent?.includes('check-id is required'),
      `the message names the attribute: ${message.textContent}`,
    );
    await waitFor(() => errors.seen.find((e) => e.detail.attribute === 'check-id'), 'vigil-error');
    const missingError = errors.seen.find((e) => e.detail.attribute === 'check-id')?.detail;
    assertEqual(missingError?.code, 'invalid-attribute', 'error code');
    assertEqual(missingError?.blocking, true, 'blocking');

    missing.setAttribute('check-id', 'not an id');
    await waitFor(
      () => part(missing, 'message')?.textContent?.includes('"not an id" is not a check id'),
      'the message for a malformed id',
    );
    assertEqual(fixture.requests.filter((r) => r.prefix === 'cd-fx-bad').length, 0, 'no request');

    // A bad range falls back to the check's default range and says so in an event.
    missing.setAttribute('check-id', 'fx-payments-api');
    missing.setAttribute('time-range', 'forever');
    await waitForCheck(missing, 'payments-api');
    await waitFor(() => stat(missing, 'time-range') === '1h', 'the default range');
    await waitFor(
      () => errors.seen.find((e) => e.detail.attribute === 'time-range' && !e.detail.blocking),
      'a non-blocking vigil-error for time-range',
    );

    // A check that does not exist.
    const unknown = mount({ 'api-base': '/cd-fx-bad/api', 'check-id': 'fx-nothing-here' });
    await waitFor(
      () => part(unknown, 'message')?.textContent?.includes('Check not found'),
      'the not-found message',
    );
    await waitFor(() => errors.seen.find((e) => e.detail.code === 'not-found'), 'not-found');

    // A failing request: the chart says so, the tiles stay, vigil-error carries the status.
    fixture.failGraphFor.add('cd-fx-graph');
    const failing = mount({
      'api-base': '/cd-fx-graph/api',
      'check-id': 'fx-payments-api',
      refresh: '0',
    });
    await waitForCheck(failing, 'payments-api');
    await waitFor(
      () => part(failing, 'chart')?.textContent?.includes('could not be loaded'),
      'the chart error',
      20_000,
    );
    const failed = await waitFor(
      () => errors.seen.find((e) => e.detail.code === 'request-failed'),
      'request-failed',
      20_000,
    );
    assertEqual(failed.detail.status, 500, 'HTTP status');
    assertEqual(pageErrors.length, before, 'nothing was thrown');
    errors.stop();
  });

  it('shares one request between two elements on the same api-base', async () => {
    const prefix = 'cd-shared';
    const attributes = {
      'api-base': `/${prefix}/api`,
      'check-id': subject.id,
      'time-range': '1h',
      refresh: '0',
    };
    const first = mount(attributes);
    const second = mount({ ...attributes, 'no-chart': '' });
    await waitForCheck(first, subject.name);
    await waitForCheck(second, subject.name);
    await waitFor(() => stat(second, 'uptime')?.endsWith('%'), 'the tiles of the second');
    const loaded = (element: HTMLElement) =>
      root(element).querySelector('table[aria-label="Status history"]:not([aria-busy])');
    await waitFor(() => loaded(first) && loaded(second), 'both histories');
    assertEqual(historyRows(first), historyRows(second), 'the same history');
    assertEqual(stat(first, 'uptime'), stat(second, 'uptime'), 'the same data');
    assertEqual(await requestCount(prefix, '/db/checks'), 1, 'check requests');
    assertEqual(await requestCount(prefix, '/canary/api/graph'), 1, 'graph requests');
    assertEqual(await requestCount(prefix, '/db/check_statuses'), 1, 'history requests');
  });
});
