/**
 * Browser tests of `<vigil-incident-summary>` (@web/test-runner, Chromium). They load the BUILT
 * bundle, as host pages do (see web-test-runner.config.mjs), with one api-base prefix per test.
 *
 * Data: with VIGIL_TEST_SERVER the requests go to the real reference server through the test
 * server's proxy (its demo data has open incidents of several severities on the Payment gateway
 * service and its deployment) — when that proxy forwards query strings, which the views need
 * (`/db/incidents_by_component?…&component_id=eq.…`). The test probes for it. Prefixes starting
 * with `is-fx-` (and every prefix without a live server) are answered in the page from a fixture in
 * the shape of the contract (postgrest.md §8.4, schema.md incidents_by_component), which records
 * each request.
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

const TAG = 'vigil-incident-summary';
const BUNDLE = '/dist/widgets/vigil-incident-summary.js';
const LIGHT_CRITICAL = 'rgb(200, 30, 30)'; // --vigil-color-status-unhealthy, light
const DARK_CRITICAL = 'rgb(248, 113, 113)'; // --vigil-color-status-unhealthy, dark
const LIGHT_HIGH = 'rgb(180, 83, 9)'; // --vigil-color-status-warning, light
const LIGHT_MEDIUM = 'rgb(21, 128, 61)'; // --vigil-color-status-healthy, light

interface Row {
  title: string;
  id: string;
  created_at: string;
  type: string;
  status: string;
  severity: string | null;
  component_id?: string;
  config_id?: string;
  incident_id?: string;
}

interface Counts {
  critical: number;
  high: number;
  medium: number;
  info: number;
  other: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// The in-page fixture

const now = Date.now();
const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

const FX_COMPONENT = '0b5e9a52-0000-4000-8000-0000000000c1';
const FX_OTHER_COMPONENT = '0b5e9a52-0000-4000-8000-0000000000c2';
const FX_CONFIG = '0b5e9a52-0000-4000-8000-0000000000f1';
const FX_FLIP = '0b5e9a52-0000-4000-8000-0000000000c3';
const FX_QUIET = '0b5e9a52-0000-4000-8000-0000000000c4';

let sequence = 0;
function row(
  subject: { component_id: string } | { config_id: string },
  severity: string | null,
  minutesAgo: number,
  extra: Partial<Row> = {},
): Row {
  sequence += 1;
  return {
    title: `Incident ${sequence} (${severity ?? 'none'})`,
    id: `0b5e9a52-1111-4000-8000-${String(sequence).padStart(12, '0')}`,
    created_at: ago(minutesAgo),
    type: 'availability',
    status: 'open',
    severity,
    incident_id: `INC-${sequence}`,
    ...subject,
    ...extra,
  };
}

const component = { component_id: FX_COMPONENT };
const fixture = {
  rows: [
    row(component, 'critical', 30, { title: 'Payments API down' }),
    row(component, 'blocker', 90),
    row(component, 'high', 180, { type: 'performance' }),
    row(component, 'medium', 1500),
    row(component, 'low', 4000, { type: 'technicalDebt' }),
    row(component, 'sev-x', 6000),
    row(component, 'high', 200, { status: 'investigating' }),
    row({ component_id: FX_OTHER_COMPONENT }, 'critical', 20),
    row({ config_id: FX_CONFIG }, 'high', 60),
    row({ config_id: FX_CONFIG }, 'low', 120),
    row({ component_id: FX_FLIP }, 'medium', 10),
  ],
  fail: new Map<string, number>(),
  requests: [] as { prefix: string; path: string; query: URLSearchParams; auth?: string }[],
};

function answer(prefix: string, path: string, query: URLSearchParams): Response {
  const status = fixture.fail.get(prefix);
  if (status === 403) return new Response('unauthorized. Access Denied', { status });
  if (status) return json({ message: 'database unavailable' }, status);
  const column =
    path === '/db/incidents_by_component'
      ? 'component_id'
      : path === '/db/incidents_by_config'
        ? 'config_id'
        : undefined;
  if (!column) return json({ message: `no fixture for ${path}` }, 404);
  const id = query.get(column)?.replace(/^eq\./, '');
  const statusFilter = query.get('status')?.replace(/^eq\./, '');
  const type = query.get('type');
  const types = type?.startsWith('in.(')
    ? type.slice(4, -1).split(',')
    : type
      ? [type.replace(/^eq\./, '')]
      : undefined;
  const rows = fixture.rows
    .filter((r) => r[column] === id)
    .filter((r) => !statusFilter || r.status === statusFilter)
    .filter((r) => !types || types.includes(r.type))
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
  return json(rows);
}

let live = false;
const realFetch = window.fetch.bind(window);
const API_PATH = /^\/(is-[\w-]+)\/api(\/.*)$/;

window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const url = new URL(href, location.href);
  const match = API_PATH.exec(url.pathname);
  const [, prefix = '', path = ''] = match ?? [];
  if (!match || (live && !prefix.startsWith('is-fx-'))) return realFetch(input, init);
  const headers = (init?.headers ?? {}) as Record<string, string>;
  fixture.requests.push({ prefix, path, query: url.searchParams, auth: headers.Authorization });
  await sleep(20); // an answer is never synchronous
  return answer(prefix, path, url.searchParams);
};

/** Requests one prefix sent for an API path (fixture: recorded here; live: the test server). */
async function requestCount(prefix: string, path: string): Promise<number> {
  if (!live || prefix.startsWith('is-fx-')) {
    return fixture.requests.filter((r) => r.prefix === prefix && r.path === path).length;
  }
  const counts = await getJson<Record<string, number>>('/__vigil-test/requests');
  return counts[`/${prefix}/api${path}`] ?? 0;
}

function recorded(prefix: string) {
  return fixture.requests.filter((r) => r.prefix === prefix);
}

/** The expected summary of rows (the widget's rule: low → medium, blocker → critical). */
function expectedCounts(rows: readonly Row[]): Counts {
  const counts: Counts = { critical: 0, high: 0, medium: 0, info: 0, other: 0 };
  const bucket: Record<string, keyof Counts> = {
    critical: 'critical',
    blocker: 'critical',
    high: 'high',
    medium: 'medium',
    low: 'medium',
    info: 'info',
  };
  for (const r of new Map(rows.map((x) => [x.id, x])).values()) {
    counts[bucket[(r.severity ?? '').toLowerCase()] ?? 'other'] += 1;
  }
  return counts;
}

// ---------------------------------------------------------------------------------------------
// The element

function mount(attributes: Record<string, string>, parent: ParentNode = document.body) {
  const element = document.createElement(TAG);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  parent.append(element);
  return element;
}

function parts(element: HTMLElement, name: string): HTMLElement[] {
  return [...root(element).querySelectorAll<HTMLElement>(`[part~="${name}"]`)];
}

function count(element: HTMLElement, bucket: keyof Counts): number | undefined {
  const text = root(element).querySelector(`[data-count="${bucket}"]`)?.textContent;
  return text === undefined || text === null ? undefined : Number(text);
}

async function waitForData(element: HTMLElement) {
  await waitFor(
    () => !['loading', undefined].includes(part(element, 'root')?.dataset.status),
    'the incidents',
  );
}

let config: TestServerConfig;
/** The component with the most open incidents, and its open rows (server or fixture). */
let subject: { id: string; rows: Row[] };
/** A config with open incidents. */
let configSubject: { id: string; rows: Row[] };
const pageErrors: unknown[] = [];
window.addEventListener('error', (event) => pageErrors.push(event.error ?? event.message));
window.addEventListener('unhandledrejection', (event) => pageErrors.push(event.reason));

function mostFrequent(rows: readonly Row[], column: 'component_id' | 'config_id'): string {
  const tally = new Map<string, number>();
  for (const r of rows) {
    const id = r[column];
    if (id) tally.set(id, (tally.get(id) ?? 0) + 1);
  }
  const [best] = [...tally].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  assert(best, `some open incident has a ${column}`);
  return best[0];
}

describe('<vigil-incident-summary>', () => {
  before(async () => {
    config = await getJson<TestServerConfig>('/__vigil-test/config');
    if (config.mode === 'server') {
      // Does the test server forward query strings? An unknown id must give no row.
      const probe = await realFetch(
        '/is-probe/api/db/incidents_by_component?component_id=eq.00000000-0000-0000-0000-00000000dead',
      );
      const rows = probe.ok ? ((await probe.json()) as unknown[]) : undefined;
      live = Array.isArray(rows) && rows.length === 0;
    }
    if (live) {
      const open = await getJson<Row[]>(
        '/is-expect/api/db/incidents_by_component?status=eq.open&order=created_at.desc',
      );
      const id = mostFrequent(open, 'component_id');
      subject = { id, rows: open.filter((r) => r.component_id === id) };
      const openConfigs = await getJson<Row[]>(
        '/is-expect/api/db/incidents_by_config?status=eq.open&order=created_at.desc',
      );
      const configId = mostFrequent(openConfigs, 'config_id');
      configSubject = { id: configId, rows: openConfigs.filter((r) => r.config_id === configId) };
    } else {
      const open = (r: Row) => r.status === 'open';
      subject = {
        id: FX_COMPONENT,
        rows: fixture.rows.filter((r) => r.component_id === FX_COMPONENT && open(r)),
      };
      configSubject = {
        id: FX_CONFIG,
        rows: fixture.rows.filter((r) => r.config_id === FX_CONFIG && open(r)),
      };
    }
    assert(subject.rows.length >= 3, 'the subject has several open incidents');
    console.log(`incident data from ${live ? 'the reference server' : 'the in-page fixture'}`);
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
    const second = (await import(`${BUNDLE}?copy=2`)) as {
      VigilIncidentSummaryElement: unknown;
    };
    assertEqual(second.VigilIncidentSummaryElement, defined, 'the second copy reuses the class');
    assertEqual(customElements.get(TAG), defined, 'the registry is unchanged');
  });

  it("counts a component's open incidents by severity and lists them, newest first", async () => {
    const element = mount({ 'api-base': '/is-live/api', 'component-id': subject.id, refresh: '0' });
    await waitForData(element);
    assertEqual(element.children.length, 0, 'nothing is rendered in the light DOM');
    assertEqual(part(element, 'title')?.textContent, 'Open incidents', 'the heading');
    const expected = expectedCounts(subject.rows);
    for (const bucket of ['critical', 'high', 'medium'] as const) {
      assertEqual(count(element, bucket), expected[bucket], `${bucket} count`);
    }
    assertEqual(count(element, 'other') ?? 0, expected.other, 'other count');
    // Every count carries its word and glyph: not colour alone.
    const critical = part(element, 'count-critical');
    assert(critical, 'the critical count');
    assert(critical.textContent?.includes('Critical'), 'the critical count is named');
    assert(critical.querySelector('svg[data-icon="severity-critical"]'), 'with its glyph');

    const items = parts(element, 'incident');
    assertEqual(items.length, Math.min(10, subject.rows.length), 'listed incidents');
    const newest = [...subject.rows].sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
    assert(newest, 'a newest incident');
    assertEqual(items[0]?.dataset.incidentId, newest.id, 'the newest incident first');
    assert(
      items[0]?.querySelector('[part~="incident-title"]')?.textContent?.includes(newest.title),
      'its title',
    );
    const badge = items[0]?.querySelector<HTMLElement>('[part~="severity"]');
    assert(
      badge?.textContent?.toLowerCase().includes((newest.severity ?? 'unknown').toLowerCase()),
      `the severity is written out: ${badge?.textContent}`,
    );
    assert(items[0]?.querySelector('[part~="incident-age"] time'), 'the age');
    assert(items[0]?.querySelector('[part~="incident-type"]'), 'the type');
    assertEqual(root(element).querySelector('style'), null, 'no <style> element (strict CSP)');
    assert(
      root(element).querySelector('[role="status"]')?.textContent?.includes('open incidents'),
      'a text summary for assistive technology',
    );
    if (!live) {
      assertEqual(
        items[0]?.querySelector('[part~="incident-id"]')?.textContent,
        'INC-1',
        'display id',
      );
      // Low is counted with medium, blocker with critical, an unknown severity under Other.
      assertEqual(count(element, 'critical'), 2, 'critical + blocker');
      assertEqual(count(element, 'medium'), 2, 'medium + low');
      assertEqual(count(element, 'other'), 1, 'sev-x');
      const low = parts(element, 'incident').find((item) => item.textContent?.includes('Low'));
      assertEqual(low?.dataset.severity, 'medium', 'a Low badge in the medium group');
    }
    const sent = live ? undefined : recorded('is-live').at(-1);
    if (sent) {
      assertEqual(sent.path, '/db/incidents_by_component', 'the component view');
      assertEqual(
        sent.query.toString(),
        `order=created_at.desc&status=eq.open&component_id=eq.${subject.id}`,
        'the contract query',
      );
    }
  });

  it('reads config-id, status, type, severity, limit, layout and the no-… attributes', async () => {
    const byConfig = mount({
      'api-base': '/is-attrs/api',
      'config-id': configSubject.id,
      refresh: '0',
    });
    await waitForData(byConfig);
    assertEqual(parts(byConfig, 'incident').length, configSubject.rows.length, 'config incidents');
    const expected = expectedCounts(configSubject.rows);
    assertEqual(count(byConfig, 'high'), expected.high, 'config high count');
    assertEqual(await requestCount('is-attrs', '/db/incidents_by_config'), 1, 'the config view');

    // Filters sent to the API (lower-cased), fixture side.
    const filtered = mount({
      'api-base': '/is-fx-attrs/api',
      'component-id': FX_COMPONENT,
      status: 'Investigating',
      type: 'Availability',
      refresh: '0',
    });
    await waitForData(filtered);
    const sent = recorded('is-fx-attrs').at(-1);
    assertEqual(
      sent?.query.toString(),
      `order=created_at.desc&type=eq.availability&status=eq.investigating&component_id=eq.${FX_COMPONENT}`,
      'status and type in the query',
    );
    assertEqual(part(filtered, 'title')?.textContent, 'Investigating incidents', 'heading');
    assertEqual(parts(filtered, 'incident').length, 1, 'one investigating incident');
    assert(part(filtered, 'filters')?.textContent?.includes('type availability'), 'filters line');

    filtered.setAttribute('type', 'technicalDebt');
    filtered.setAttribute('status', 'all');
    await waitFor(
      () =>
        recorded('is-fx-attrs').at(-1)?.query.get('type') === 'in.(technicalDebt,technical_debt)',
      'both spellings of technical debt',
    );
    assertEqual(recorded('is-fx-attrs').at(-1)?.query.get('status'), null, 'status=all: no filter');
    await waitFor(() => parts(filtered, 'incident').length === 1, 'the technical-debt incident');
    assertEqual(part(filtered, 'title')?.textContent, 'Incidents', 'heading for every status');

    // severity and limit apply in the browser: the same request, fewer incidents.
    const prefix = 'is-fx-limit';
    const limited = mount({
      'api-base': `/${prefix}/api`,
      'component-id': FX_COMPONENT,
      limit: '2',
      'console-url': 'https://console.example/vigil/',
      refresh: '0',
    });
    await waitForData(limited);
    assertEqual(parts(limited, 'incident').length, 2, 'limit=2');
    assertEqual(part(limited, 'more')?.textContent, 'and 4 more', 'the rest is counted');
    assertEqual(
      (part(limited, 'more-link') as HTMLAnchorElement | null)?.href,
      `https://console.example/vigil/incidents?component=${FX_COMPONENT}&status=open`,
      'the more link opens the console list of the component',
    );
    assertEqual(count(limited, 'critical'), 2, 'counts include every incident');
    limited.setAttribute('severity', 'HIGH');
    await waitFor(() => parts(limited, 'incident').length === 1, 'severity=high');
    assertEqual(count(limited, 'critical'), 0, 'counts follow the severity filter');
    assertEqual(count(limited, 'high'), 1, 'the high incident');
    assertEqual(await requestCount(prefix, '/db/incidents_by_component'), 1, 'no new request');

    // layout and the no-… attributes.
    assertEqual(part(limited, 'counts')?.dataset.layout, 'tiles', 'layout counts: tiles');
    limited.setAttribute('layout', 'list');
    await waitFor(() => part(limited, 'counts')?.dataset.layout === 'inline', 'layout list');
    limited.setAttribute('no-counts', '');
    await waitFor(() => !part(limited, 'counts'), 'no-counts hides the counts');
    limited.setAttribute('no-list', '');
    await waitFor(() => !part(limited, 'list'), 'no-list hides the list');
    assertEqual(part(limited, 'total')?.textContent, '1 open incident', 'the total line');
    limited.setAttribute('no-title', '');
    await waitFor(() => !part(limited, 'title'), 'no-title hides the heading');
    assertEqual(part(limited, 'root')?.getAttribute('aria-label'), 'Incident summary', 'name');
    limited.setAttribute('no-list', 'false');
    await waitFor(() => part(limited, 'list'), '"false" reads as false');

    // console-url: the titles link to the incident; embed-token is sent as a bearer token.
    const token = mount({
      'api-base': '/is-fx-token/api',
      'component-id': FX_COMPONENT,
      'embed-token': 'embed-abc',
      'console-url': 'https://console.example/vigil',
      refresh: '0',
    });
    await waitForData(token);
    const link = part(token, 'incident-link') as HTMLAnchorElement | null;
    assert(link, 'titles are links with console-url');
    const first = parts(token, 'incident')[0]?.dataset.incidentId;
    assertEqual(link.href, `https://console.example/vigil/incidents/${first}`, 'incident link');
    assert(
      recorded('is-fx-token').every((r) => r.auth === 'Bearer embed-abc'),
      'embed-token is sent as a bearer token',
    );
    token.removeAttribute('console-url');
    await waitFor(() => !part(token, 'incident-link') && part(token, 'incident-title'), 'plain');
  });

  it('refreshes every refresh seconds, and not at all with refresh="0"', async () => {
    const prefix = live ? 'is-refresh' : 'is-fx-refresh';
    const polling = mount({
      'api-base': `/${prefix}/api`,
      'component-id': subject.id,
      refresh: '1',
    });
    const still = mount({
      'api-base': `/${prefix}-off/api`,
      'component-id': subject.id,
      refresh: '0',
    });
    await waitForData(polling);
    await waitForData(still);
    await sleep(2_300);
    assert(
      (await requestCount(prefix, '/db/incidents_by_component')) >= 2,
      'the incidents are polled',
    );
    assertEqual(
      await requestCount(`${prefix}-off`, '/db/incidents_by_component'),
      1,
      'no polling with 0',
    );
  });

  it('applies the design tokens inside the shadow root, overridable by the host', async () => {
    const element = mount({
      'api-base': '/is-fx-style/api',
      'component-id': FX_COMPONENT,
      refresh: '0',
    });
    await waitForData(element);
    const glyph = root(element).querySelector<SVGElement>(
      '[part~="count-critical"] svg[data-icon="severity-critical"]',
    );
    assert(glyph, 'the critical glyph');
    const high = root(element).querySelector<SVGElement>('[part~="count-high"] svg');
    const medium = root(element).querySelector<SVGElement>('[part~="count-medium"] svg');
    assert(high && medium, 'the high and medium glyphs');
    assertEqual(getComputedStyle(glyph).color, LIGHT_CRITICAL, 'critical is red');
    assertEqual(getComputedStyle(high).color, LIGHT_HIGH, 'high is orange');
    assertEqual(getComputedStyle(medium).color, LIGHT_MEDIUM, 'medium (and low) is green');
    const tile = part(element, 'count-critical');
    assert(tile, 'a tile');
    assertEqual(getComputedStyle(tile).borderTopStyle, 'solid', 'tiles have their border');

    element.style.setProperty('--vigil-color-status-unhealthy', 'rgb(1, 2, 3)');
    assertEqual(getComputedStyle(glyph).color, 'rgb(1, 2, 3)', 'host override of the token');
    const badge = root(element).querySelector<HTMLElement>(
      '[part~="incident"][data-severity="critical"] [part~="severity"]',
    );
    assert(badge, 'a critical badge');
    assertEqual(getComputedStyle(badge).color, 'rgb(1, 2, 3)', 'the badge follows the token');
    element.style.removeProperty('--vigil-color-status-unhealthy');

    element.setAttribute('theme', 'dark');
    assertEqual(getComputedStyle(glyph).color, DARK_CRITICAL, 'theme="dark"');
    element.setAttribute('theme', 'auto');
    await emulateMedia({ colorScheme: 'dark' });
    assertEqual(getComputedStyle(glyph).color, DARK_CRITICAL, 'theme="auto", dark system');
    await emulateMedia({ colorScheme: 'light' });
    assertEqual(getComputedStyle(glyph).color, LIGHT_CRITICAL, 'theme="auto", light system');
  });

  it('dispatches vigil-status-change across the shadow boundary when the counts change', async () => {
    const changes = recordEvents<{
      widget: string;
      componentId?: string;
      status: string;
      previousStatus?: string;
      total: number;
      previousTotal?: number;
      counts: Counts;
      previousCounts?: Counts;
    }>('vigil-status-change');
    const host = document.createElement('div');
    host.attachShadow({ mode: 'open' });
    document.body.append(host);
    assert(host.shadowRoot, 'a shadow root of the page');
    // Nested in another shadow root: composed events still reach the document.
    const element = mount(
      { 'api-base': '/is-fx-status/api', 'component-id': FX_FLIP, refresh: '1' },
      host.shadowRoot,
    );
    const first = await waitFor(() => changes.seen[0], 'the first vigil-status-change');
    assertEqual(first.detail.total, 1, 'first total');
    assertEqual(first.detail.counts.medium, 1, 'first counts');
    assertEqual(first.detail.status, 'unhealthy', 'incidents open: unhealthy');
    assertEqual(first.detail.previousTotal, undefined, 'no previous total on the first data');
    assertEqual(first.detail.previousCounts, undefined, 'no previous counts on the first data');
    assertEqual(first.detail.componentId, FX_FLIP, 'componentId');
    assertEqual(first.detail.widget, TAG, 'widget');
    assertEqual(first.event.composed && first.event.bubbles, true, 'bubbles and composed');
    assertEqual(first.target, host, 'retargeted to the outer shadow host');

    await sleep(1_500);
    assertEqual(changes.seen.length, 1, 'no event while the counts stay the same');
    fixture.rows.push(row({ component_id: FX_FLIP }, 'critical', 1));
    const second = await waitFor(() => changes.seen[1], 'the change after a refresh');
    assertEqual(second.detail.total, 2, 'new total');
    assertEqual(second.detail.counts.critical, 1, 'new critical');
    assertEqual(second.detail.previousTotal, 1, 'previous total');
    assertEqual(second.detail.previousCounts?.critical, 0, 'previous critical');
    await waitFor(() => count(element, 'critical') === 1, 'the count shown to change');

    // All resolved: healthy, and the empty state.
    for (const r of fixture.rows) if (r.component_id === FX_FLIP) r.status = 'resolved';
    const third = await waitFor(() => changes.seen[2], 'the change to none');
    assertEqual(third.detail.status, 'healthy', 'none open: healthy');
    assertEqual(third.detail.previousStatus, 'unhealthy', 'previous status');
    await waitFor(() => part(element, 'empty')?.textContent === 'No open incidents', 'empty');
    changes.stop();
  });

  it('dispatches a cancelable vigil-navigate when an incident link is followed', async () => {
    const navigations = recordEvents<{ url: string; incidentId?: string; widget: string }>(
      'vigil-navigate',
    );
    const element = mount({
      'api-base': '/is-fx-nav/api',
      'component-id': FX_COMPONENT,
      'console-url': 'https://console.example/vigil',
      refresh: '0',
    });
    await waitForData(element);
    const link = part(element, 'incident-link');
    assert(link, 'the incident link');
    const id = link.closest<HTMLElement>('[part~="incident"]')?.dataset.incidentId;

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
    assertEqual(
      navigations.seen[0]?.detail.url,
      `https://console.example/vigil/incidents/${id}`,
      'detail.url',
    );
    assertEqual(navigations.seen[0]?.detail.incidentId, id, 'detail.incidentId');
    assertEqual(navigations.seen[0]?.detail.widget, TAG, 'detail.widget');
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
      message: string;
    }>('vigil-error');
    const before = pageErrors.length;
    const prefix = 'is-fx-bad';

    // Neither id.
    const element = mount({ 'api-base': `/${prefix}/api` });
    const message = await waitFor(() => part(element, 'message'), 'the error message');
    assertEqual(message.getAttribute('role'), 'alert', 'the message is an alert');
    assert(
      message.textContent?.includes('component-id or config-id is required'),
      `the message names the attributes: ${message.textContent}`,
    );
    const missing = await waitFor(
      () => errors.seen.find((e) => e.detail.attribute === 'component-id'),
      'vigil-error for the missing id',
    );
    assertEqual(missing.detail.code, 'invalid-attribute', 'error code');
    assertEqual(missing.detail.blocking, true, 'blocking');

    // Both ids.
    element.setAttribute('component-id', FX_COMPONENT);
    element.setAttribute('config-id', FX_CONFIG);
    await waitFor(
      () => part(element, 'message')?.textContent?.includes('both set'),
      'the message for both ids',
    );
    await waitFor(
      () => errors.seen.find((e) => e.detail.attribute === 'config-id' && e.detail.blocking),
      'vigil-error for both ids',
    );

    // A malformed id.
    element.removeAttribute('config-id');
    element.setAttribute('component-id', 'payments');
    await waitFor(
      () => part(element, 'message')?.textContent?.includes('"payments" is not a component id'),
      'the message for a malformed id',
    );
    // An unknown filter value.
    element.setAttribute('component-id', FX_COMPONENT);
    element.setAttribute('status', 'burning');
    await waitFor(
      () => part(element, 'message')?.textContent?.includes('status value "burning"'),
      'the message for a bad status',
    );
    assert(
      errors.seen.some((e) => e.detail.attribute === 'status' && e.detail.blocking),
      'vigil-error for the status',
    );
    assertEqual(recorded(prefix).length, 0, 'no request while blocked');

    // A cosmetic one falls back: non-blocking.
    element.removeAttribute('status');
    element.setAttribute('layout', 'grid');
    await waitForData(element);
    assertEqual(part(element, 'counts')?.dataset.layout, 'tiles', 'layout falls back');
    await waitFor(
      () => errors.seen.find((e) => e.detail.attribute === 'layout' && !e.detail.blocking),
      'a non-blocking vigil-error for layout',
    );

    // A token without this component (403), and a failing API (500).
    fixture.fail.set('is-fx-denied', 403);
    const denied = mount({
      'api-base': '/is-fx-denied/api',
      'component-id': FX_OTHER_COMPONENT,
      refresh: '0',
    });
    await waitFor(
      () => part(denied, 'message')?.textContent?.includes('Not allowed to see the incidents'),
      'the not-allowed message',
    );
    const deniedError = await waitFor(
      () => errors.seen.find((e) => e.detail.status === 403),
      'request-failed 403',
    );
    assertEqual(deniedError.detail.code, 'request-failed', '403 code');

    fixture.fail.set('is-fx-down', 500);
    const down = mount({ 'api-base': '/is-fx-down/api', 'config-id': FX_CONFIG, refresh: '0' });
    await waitFor(
      () => part(down, 'message')?.textContent?.includes('Incidents could not be loaded'),
      'the failure message',
      20_000,
    );
    await waitFor(() => errors.seen.find((e) => e.detail.status === 500), 'request-failed 500');
    assert(part(down, 'message')?.querySelector('button'), 'a retry button');
    assertEqual(pageErrors.length, before, 'nothing was thrown');
    errors.stop();
  });

  it('shows the empty state: "No open incidents", or the spec text with filters', async () => {
    const quiet = mount({ 'api-base': '/is-fx-empty/api', 'component-id': FX_QUIET, refresh: '0' });
    await waitForData(quiet);
    assertEqual(part(quiet, 'empty')?.textContent, 'No open incidents', 'empty state');
    assertEqual(part(quiet, 'root')?.dataset.status, 'none', 'data-status none');
    assertEqual(count(quiet, 'critical'), 0, 'zero counts still shown');
    assertEqual(part(quiet, 'list'), null, 'no list');

    const filtered = mount({
      'api-base': '/is-fx-empty/api',
      'component-id': FX_COMPONENT,
      type: 'security',
      refresh: '0',
    });
    await waitForData(filtered);
    assertEqual(
      part(filtered, 'empty')?.textContent,
      'There are no incidents matching this criteria',
      'the spec text with a filter',
    );
  });

  it('shares one request between elements that differ only in severity and limit', async () => {
    const prefix = 'is-shared';
    const attributes = { 'api-base': `/${prefix}/api`, 'component-id': subject.id, refresh: '0' };
    const first = mount(attributes);
    const second = mount({ ...attributes, severity: 'critical', limit: '1', layout: 'list' });
    await waitForData(first);
    await waitForData(second);
    assertEqual(
      count(second, 'critical'),
      subject.rows.filter((r) => r.severity === 'critical').length,
      'the second counts critical only',
    );
    assertEqual(await requestCount(prefix, '/db/incidents_by_component'), 1, 'one request');
  });
});
