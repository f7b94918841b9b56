/**
 * Browser tests of `<vigil-topology-card>` (@web/test-runner, Chromium). They load the BUILT
 * bundle, as host pages do (see web-test-runner.config.mjs), with one api-base prefix per test.
 *
 * Data: with VIGIL_TEST_SERVER the requests go to the real reference server through the test
 * server's proxy, when that proxy forwards query strings (the card asks
 * `/canary/api/topology?id=…&depth=1`); the test probes for it. Otherwise, and for prefixes
 * starting with `tc-fx-` (a health flipped on demand, a token to check), the page answers from a
 * fixture in the shape of the API contract (api.md §3.5), recording each request.
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

const TAG = 'vigil-topology-card';
const BUNDLE = '/dist/widgets/vigil-topology-card.js';
const LIGHT_UNHEALTHY = 'rgb(200, 30, 30)'; // --vigil-color-status-unhealthy, light
const DARK_UNHEALTHY = 'rgb(248, 113, 113)'; // --vigil-color-status-unhealthy, dark
const LIGHT_WARNING = 'rgb(180, 83, 9)'; // --vigil-color-status-warning, light
const LIGHT_BORDER = 'rgb(213, 219, 227)'; // --vigil-color-border, light
const WIDTHS = { small: 198, medium: 258, large: 356, extra_large: 554 } as const;

interface WireComponent {
  id: string;
  name: string;
  type?: string | null;
  status?: string | null;
  health?: string | null;
  properties?:
    | {
        name?: string;
        headline?: boolean;
        value?: number;
        text?: string;
        max?: number;
        unit?: string;
      }[]
    | null;
  summary?: Record<string, unknown> | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// The in-page fixture

const FX = {
  cluster: '0f000000-0000-4000-8000-000000000001',
  flip: '0f000000-0000-4000-8000-000000000002',
  missing: '0f000000-0000-4000-8000-0000000000ff',
};

const fixture = {
  components: new Map<string, WireComponent & Record<string, unknown>>([
    [
      FX.cluster,
      {
        id: FX.cluster,
        name: 'prod-eu-west-1',
        type: 'KubernetesCluster',
        icon: 'kubernetes',
        text: 'EKS cluster',
        status: 'unhealthy',
        health: 'unhealthy',
        status_reason: 'Kubelet stopped posting node status',
        properties: [
          { name: 'CPU', value: 7200, max: 8000, unit: 'millicores', headline: true },
          {
            name: 'Memory',
            value: 8 * 1024 ** 3,
            max: 16 * 1024 ** 3,
            unit: 'bytes',
            headline: true,
          },
          { name: 'Version', text: 'v1.29.4' },
        ],
        summary: {
          healthy: 30,
          unhealthy: 1,
          warning: 2,
          checks: { healthy: 4, unhealthy: 1 },
          insights: { security: { critical: 1, low: 1 } },
          incidents: { availability: { low: 1 } },
        },
      },
    ],
    [
      FX.flip,
      {
        id: FX.flip,
        name: 'Ledger',
        type: 'Service',
        icon: 'application',
        status: 'healthy',
        health: 'healthy',
        properties: [{ name: 'Error rate', value: 0.2, unit: 'percent', headline: true }],
        summary: { checks: { healthy: 2 } },
      },
    ],
  ]),
  requests: [] as { prefix: string; path: string; query: URLSearchParams; auth?: string }[],
};

function answer(path: string, query: URLSearchParams): Response {
  if (path !== '/canary/api/topology') return json({ error: `no fixture for ${path}` }, 404);
  const found = fixture.components.get(query.get('id') ?? '');
  return json({
    components: found ? [found] : [],
    healthStatuses: found ? [found.status] : [],
    teams: [],
    tags: {},
    types: found ? [found.type] : [],
  });
}

let live = false;
const realFetch = window.fetch.bind(window);
const API_PATH = /^\/(tc-[\w-]+)\/api(\/.*)$/;

window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const url = new URL(href, location.href);
  const match = API_PATH.exec(url.pathname);
  const [, prefix = '', path = ''] = match ?? [];
  if (!match || (live && !prefix.startsWith('tc-fx-'))) return realFetch(input, init);
  const headers = (init?.headers ?? {}) as Record<string, string>;
  fixture.requests.push({ prefix, path, query: url.searchParams, auth: headers.Authorization });
  await sleep(20); // an answer is never synchronous
  return answer(path, url.searchParams);
};

/** Requests one prefix sent for an API path (fixture: recorded here; live: the test server). */
async function requestCount(prefix: string, path: string): Promise<number> {
  if (!live || prefix.startsWith('tc-fx-')) {
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

async function waitForCard(element: HTMLElement, name: string): Promise<HTMLElement> {
  await waitFor(() => part(element, 'title')?.textContent?.includes(name), `the card of ${name}`);
  const card = part(element, 'card');
  assert(card, 'the card part');
  return card;
}

let config: TestServerConfig;
/** A component of the data source in use (the real server's, or the fixture's). */
let subject: WireComponent;
const pageErrors: unknown[] = [];
window.addEventListener('error', (event) => pageErrors.push(event.error ?? event.message));
window.addEventListener('unhandledrejection', (event) => pageErrors.push(event.reason));

function healthWord(component: WireComponent): string {
  const word = component.health || component.status || '';
  return word === 'info' ? 'healthy' : word || 'unknown';
}

describe('<vigil-topology-card>', () => {
  before(async () => {
    config = await getJson<TestServerConfig>('/__vigil-test/config');
    if (config.mode === 'server') {
      // Does the test server forward query strings? A malformed id must be refused (400).
      const probe = await realFetch('/tc-probe/api/canary/api/topology?id=nope');
      live = probe.status === 400;
    }
    if (live) {
      // A service of the demo data: headline properties and a summary to show.
      const services = await getJson<{ components: WireComponent[] }>(
        '/tc-expect/api/canary/api/topology?type=Service&flatten=true',
      );
      const first =
        services.components.find((c) => c.summary && 'checks' in c.summary) ??
        services.components[0];
      assert(first, 'the server has topology components');
      subject = first;
    } else {
      const component = fixture.components.get(FX.cluster);
      assert(component, 'fixture component');
      subject = component;
    }
    console.log(`topology data from ${live ? 'the reference server' : 'the in-page fixture'}`);
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
    const second = (await import(`${BUNDLE}?copy=2`)) as { VigilTopologyCardElement: unknown };
    assertEqual(second.VigilTopologyCardElement, defined, 'the second copy reuses the class');
    assertEqual(customElements.get(TAG), defined, 'the registry is unchanged');
  });

  it('renders the card, its properties and summary inside its shadow root', async () => {
    const prefix = 'tc-live';
    const element = mount({
      'api-base': `/${prefix}/api`,
      'component-id': subject.id,
      refresh: '0',
    });
    const card = await waitForCard(element, subject.name);
    assertEqual(element.children.length, 0, 'nothing is rendered in the light DOM');
    assertEqual(root(element).querySelector('style'), null, 'no <style> element (strict CSP)');
    const word = healthWord(subject);
    assertEqual(card.dataset.status, word, 'data-status');
    assert(
      part(element, 'status')?.textContent?.toLowerCase().includes(word),
      `the health is written out (${word}), not shown by colour alone`,
    );
    assertEqual(card.dataset.size, 'extra_large', 'default size');
    assertEqual(Math.round(card.getBoundingClientRect().width), 554, 'extra_large is 554 px');
    const headline = (subject.properties ?? []).filter((p) => p.headline);
    if (headline.length > 0) {
      const properties = root(element).querySelectorAll('[part~="property"]');
      assertEqual(properties.length, Math.min(headline.length, 8), 'headline properties');
    }
    if (subject.summary && Object.keys(subject.summary).length > 0) {
      assert(part(element, 'summary'), 'the summary row');
    }
    if (!live) {
      assertEqual(
        root(element).querySelector('[data-property="CPU"]')?.getAttribute('data-alert'),
        'true',
        'CPU above 70 % of max is highlighted',
      );
      assert(
        part(element, 'property-value')?.textContent?.includes('7.2 cores'),
        'millicores in cores',
      );
      const incident = root(element).querySelector('[data-kind="incidents"]');
      assertEqual(incident?.getAttribute('data-severity'), 'medium', 'low merged into medium');
      assertEqual(
        part(element, 'status-reason')?.textContent,
        'Kubelet stopped posting node status',
        'reason',
      );
      const sent = fixture.requests.filter((r) => r.prefix === prefix);
      assertEqual(sent[0]?.query.get('id'), subject.id, 'asks for the component');
      assertEqual(sent[0]?.query.get('depth'), '1', 'one level of children');
    }
  });

  it('reads its attributes: size, no-properties, no-summary, console-url, embed-token', async () => {
    const element = mount({
      'api-base': '/tc-fx-attrs/api',
      'component-id': FX.cluster,
      size: 'small',
      'no-properties': '',
      'no-summary': '',
      'console-url': 'https://console.example/vigil/',
      'embed-token': 'vgl_embed_abc',
      refresh: '0',
    });
    const card = await waitForCard(element, 'prod-eu-west-1');
    assertEqual(Math.round(card.getBoundingClientRect().width), WIDTHS.small, 'small width');
    assertEqual(part(element, 'properties'), null, 'no-properties hides the properties');
    assertEqual(part(element, 'summary'), null, 'no-summary hides the summary');
    const link = part(element, 'name-link') as HTMLAnchorElement | null;
    assert(link, 'the name is a link with console-url');
    assertEqual(link.href, `https://console.example/vigil/topology/${FX.cluster}`, 'console link');
    const sent = fixture.requests.filter((r) => r.prefix === 'tc-fx-attrs');
    assert(sent.length > 0, 'requests were sent');
    assert(
      sent.every((r) => r.auth === 'Bearer vgl_embed_abc'),
      'embed-token is sent as a bearer token',
    );

    // Changes, including removals, apply live.
    for (const size of ['medium', 'large', 'extra_large'] as const) {
      element.setAttribute('size', size);
      await waitFor(
        () => Math.round(card.getBoundingClientRect().width) === WIDTHS[size],
        `the ${size} width`,
      );
    }
    element.removeAttribute('no-properties');
    await waitFor(() => part(element, 'properties'), 'the properties to appear');
    element.removeAttribute('no-summary');
    await waitFor(() => part(element, 'summary'), 'the summary to appear');
    element.removeAttribute('console-url');
    await waitFor(() => part(element, 'name'), 'a plain name without console-url');
    element.setAttribute('component-id', FX.flip);
    await waitForCard(element, 'Ledger');
  });

  it('refreshes every refresh seconds, and not at all with refresh="0"', async () => {
    const prefix = live ? 'tc-refresh' : 'tc-fx-refresh';
    const id = live ? subject.id : FX.cluster;
    const name = live ? subject.name : 'prod-eu-west-1';
    const polling = mount({ 'api-base': `/${prefix}/api`, 'component-id': id, refresh: '1' });
    const still = mount({ 'api-base': `/${prefix}-off/api`, 'component-id': id, refresh: '0' });
    await waitForCard(polling, name);
    await waitForCard(still, name);
    await sleep(2_300);
    assert((await requestCount(prefix, '/canary/api/topology')) >= 2, 'the card is polled');
    assertEqual(await requestCount(`${prefix}-off`, '/canary/api/topology'), 1, 'no polling');
  });

  it('applies the design tokens inside the shadow root, overridable by the host', async () => {
    const element = mount({
      'api-base': '/tc-fx-style/api',
      'component-id': FX.cluster,
      refresh: '0',
    });
    const card = await waitForCard(element, 'prod-eu-west-1');
    const border = () => getComputedStyle(card).borderTopColor;
    assertEqual(getComputedStyle(card).borderTopStyle, 'solid', 'the card has its border');
    assertEqual(border(), LIGHT_UNHEALTHY, 'unhealthy border, light');
    const hostStyle = getComputedStyle(element);
    assertEqual(hostStyle.borderTopStyle, 'none', 'the element has no box of its own');
    assertEqual(hostStyle.display, 'inline-block', 'inline, so cards sit in a row');

    element.style.setProperty('--vigil-color-status-unhealthy', 'rgb(1, 2, 3)');
    assertEqual(border(), 'rgb(1, 2, 3)', 'host override of the status colour');
    element.style.removeProperty('--vigil-color-status-unhealthy');

    element.setAttribute('theme', 'dark');
    assertEqual(border(), DARK_UNHEALTHY, 'theme="dark"');
    element.setAttribute('theme', 'auto');
    await emulateMedia({ colorScheme: 'dark' });
    assertEqual(border(), DARK_UNHEALTHY, 'theme="auto", dark system');
    await emulateMedia({ colorScheme: 'light' });
    assertEqual(border(), LIGHT_UNHEALTHY, 'theme="auto", light system');

    const healthy = mount({ 'api-base': '/tc-fx-style/api', 'component-id': FX.flip });
    const plain = await waitForCard(healthy, 'Ledger');
    assertEqual(getComputedStyle(plain).borderTopColor, LIGHT_BORDER, 'healthy: the usual border');
  });

  it('dispatches vigil-status-change across the shadow boundary when the health changes', async () => {
    const changes = recordEvents<{
      widget: string;
      componentId: string;
      name: string;
      status: string;
      previousStatus?: string;
    }>('vigil-status-change');
    const flip = fixture.components.get(FX.flip);
    assert(flip, 'fixture component');
    flip.health = 'healthy';
    const host = document.createElement('div');
    host.attachShadow({ mode: 'open' });
    document.body.append(host);
    assert(host.shadowRoot, 'a shadow root of the page');
    // Nested in another shadow root: composed events still reach the document.
    const element = mount(
      { 'api-base': '/tc-fx-status/api', 'component-id': FX.flip, refresh: '1' },
      host.shadowRoot,
    );
    const first = await waitFor(() => changes.seen[0], 'the first vigil-status-change');
    assertEqual(first.detail.status, 'healthy', 'first status');
    assertEqual(first.detail.previousStatus, undefined, 'no previous status on the first data');
    assertEqual(first.detail.componentId, FX.flip, 'componentId');
    assertEqual(first.detail.name, 'Ledger', 'name');
    assertEqual(first.detail.widget, TAG, 'widget');
    assertEqual(first.event.composed && first.event.bubbles, true, 'bubbles and composed');
    assertEqual(first.target, host, 'retargeted to the outer shadow host');

    await sleep(1_500);
    assertEqual(changes.seen.length, 1, 'no event while the health stays the same');
    flip.health = 'warning';
    const second = await waitFor(() => changes.seen[1], 'the change after a refresh');
    assertEqual(second.detail.status, 'warning', 'new status');
    assertEqual(second.detail.previousStatus, 'healthy', 'previous status');
    const card = await waitFor(
      () => (part(element, 'card')?.dataset.status === 'warning' ? part(element, 'card') : null),
      'the card to show the warning',
    );
    assertEqual(getComputedStyle(card).borderTopColor, LIGHT_WARNING, 'orange border on warning');
    assert(part(element, 'status')?.textContent?.includes('Warning'), 'the word Warning');
    flip.health = 'healthy';
    changes.stop();
  });

  it('dispatches a cancelable vigil-navigate when the console link is followed', async () => {
    const navigations = recordEvents<{ url: string; componentId?: string; widget: string }>(
      'vigil-navigate',
    );
    const element = mount({
      'api-base': '/tc-fx-nav/api',
      'component-id': FX.cluster,
      'console-url': 'https://console.example/vigil',
      refresh: '0',
    });
    await waitForCard(element, 'prod-eu-west-1');
    const link = part(element, 'name-link');
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
    const url = `https://console.example/vigil/topology/${FX.cluster}`;
    assertEqual(navigations.seen[0]?.detail.url, url, 'detail.url');
    assertEqual(navigations.seen[0]?.detail.componentId, FX.cluster, 'detail.componentId');
    assertEqual(navigations.seen[0]?.event.cancelable, true, 'cancelable');
    assertEqual(navigations.seen[0]?.event.composed, true, 'composed');
    assertEqual(clicks[0], true, 'cancelling vigil-navigate prevents the link');

    link.click();
    window.removeEventListener('click', afterWidget);
    assertEqual(navigations.seen.length, 2, 'a second vigil-navigate');
    assertEqual(clicks[1], false, 'the link is followed');
    navigations.stop();
  });

  it('shows a clear message and dispatches vigil-error for bad attributes and unknown ids', async () => {
    const errors = recordEvents<{
      code: string;
      attribute?: string;
      blocking?: boolean;
      message: string;
    }>('vigil-error');
    const before = pageErrors.length;

    const missing = mount({ 'api-base': '/tc-fx-bad/api' });
    const message = await waitFor(() => part(missing, 'message'), 'the error message');
    assertEqual(message.getAttribute('role'), 'alert', 'the message is an alert');
    assert(
      message.textContent?.includes('component-id is required'),
      `the message names the attribute: ${message.textContent}`,
    );
    const missingError = await waitFor(
      () => errors.seen.find((e) => e.detail.attribute === 'component-id')?.detail,
      'vigil-error for component-id',
    );
    assertEqual(missingError.code, 'invalid-attribute', 'error code');
    assertEqual(missingError.blocking, true, 'blocking');

    missing.setAttribute('component-id', 'cluster-1');
    await waitFor(
      () => part(missing, 'message')?.textContent?.includes('"cluster-1" is not a component id'),
      'the message for a malformed id',
    );
    assertEqual(fixture.requests.filter((r) => r.prefix === 'tc-fx-bad').length, 0, 'no request');

    // A bad size falls back to extra_large and says so in a non-blocking event.
    missing.setAttribute('component-id', FX.cluster);
    missing.setAttribute('size', 'huge');
    const card = await waitForCard(missing, 'prod-eu-west-1');
    assertEqual(card.dataset.size, 'extra_large', 'the default size');
    await waitFor(
      () => errors.seen.find((e) => e.detail.attribute === 'size' && !e.detail.blocking),
      'a non-blocking vigil-error for size',
    );

    // A component that does not exist (on the real server too).
    const prefix = live ? 'tc-missing' : 'tc-fx-missing';
    const unknown = mount({ 'api-base': `/${prefix}/api`, 'component-id': FX.missing });
    await waitFor(
      () => part(unknown, 'message')?.textContent?.includes('Component not found'),
      'the not-found message',
    );
    const notFound = await waitFor(
      () => errors.seen.find((e) => e.detail.code === 'not-found'),
      'vigil-error not-found',
    );
    assert(notFound.detail.message.includes(FX.missing), 'the message names the id');
    assertEqual(part(unknown, 'root')?.dataset.status, 'error', 'root data-status');
    assertEqual(pageErrors.length, before, 'nothing was thrown');
    errors.stop();
  });

  it('shares one request between two elements on the same api-base', async () => {
    const prefix = 'tc-shared';
    const attributes = { 'api-base': `/${prefix}/api`, 'component-id': subject.id, refresh: '0' };
    const first = mount(attributes);
    const second = mount({ ...attributes, size: 'small' });
    await waitForCard(first, subject.name);
    await waitForCard(second, subject.name);
    assertEqual(await requestCount(prefix, '/canary/api/topology'), 1, 'one topology request');
  });
});
