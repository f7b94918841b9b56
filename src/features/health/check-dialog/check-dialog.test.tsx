import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  CheckDetail,
  CheckGraphResponse,
  CheckStatusRow,
  CheckSummary,
} from '../../../api/types';
import {
  jsonResponse,
  renderWithProviders,
  type FakeApi,
  type FakeHandler,
} from '../../../test/render-with-providers';
import { useToastStore } from '../../../ui/toast';
import { CheckDialog, type CheckDialogProps } from './check-dialog';
import { DURATION_FILTER_ERROR } from '../../../entities/check/check-history-filters';

beforeAll(async () => {
  // The chart is lazy-loaded; load ECharts once up front so tests do not race the import.
  await import('../../../ui/chart/theme-chart');
  // jsdom lacks ResizeObserver (menus anchor with it, the chart watches its size).
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

afterEach(() => {
  useToastStore.getState().clear();
  vi.unstubAllGlobals();
});

const CHECK_ID = '0192c7a0-0000-7000-8000-000000000001';
const CANARY_ID = '0192c7a0-0000-7000-8000-0000000000c1';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const detail: CheckDetail = {
  id: CHECK_ID,
  canary_id: CANARY_ID,
  agent_id: '00000000-0000-0000-0000-000000000000',
  type: 'http',
  name: 'homepage',
  namespace: 'prod',
  severity: 'critical',
  status: 'unhealthy',
  labels: { team: 'web', namespace: 'prod' },
  spec: { name: 'homepage', url: 'https://shop.example.com', responseCodes: [200] },
  last_runtime: minutesAgo(2),
  last_transition_time: minutesAgo(30),
  next_runtime: null,
  canaries: { id: CANARY_ID, name: 'web', source: 'UI' },
  agents: { id: '00000000-0000-0000-0000-000000000000', name: 'local' },
  components: [{ components: { id: 'comp-1', name: 'storefront', icon: 'html' } }],
  configs: [{ configs: { id: 'cfg-1', name: 'shop-deploy', type: 'Kubernetes::Deployment' } }],
};

const graph: CheckGraphResponse = {
  status: [
    { time: minutesAgo(50), status: true, duration: 84, passed: 10 },
    { time: minutesAgo(20), duration: 2300, passed: 8, failed: 2 },
  ],
  latency: { p95: 90, p97: 110, p99: 1200 },
  uptime: { passed: 58, failed: 2 },
};

const statuses: CheckStatusRow[] = [
  {
    check_id: CHECK_ID,
    time: minutesAgo(1),
    duration: 2300,
    status: false,
    message: 'GET / returned 503',
    error: 'expected 200, got 503',
  },
  { check_id: CHECK_ID, time: minutesAgo(3), duration: 84, status: true, message: 'OK' },
];

interface Recorded {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

/** The fake API, recording every request. Handlers may be overridden per test. */
function setup(overrides: FakeApi = {}) {
  const requests: Recorded[] = [];
  const record =
    (answer: FakeHandler | object | null): FakeHandler =>
    (request) => {
      requests.push({
        url: decodeURIComponent(request.url),
        method: request.init?.method ?? 'GET',
        headers: new Headers(request.init?.headers),
        body: request.init?.body ? (JSON.parse(String(request.init.body)) as unknown) : undefined,
      });
      return typeof answer === 'function' ? answer(request) : jsonResponse(answer);
    };
  const base: FakeApi = {
    '/db/checks': [detail],
    '/canary/api/graph': graph,
    '/db/check_statuses': () =>
      jsonResponse(statuses, 206, { 'content-range': `0-${statuses.length - 1}/120` }),
    '/playbook/list': [],
    ...overrides,
  };
  const api = Object.fromEntries(
    Object.entries(base).map(([path, answer]) => [path, record(answer as FakeHandler | object)]),
  );
  const requestsTo = (path: string) => requests.filter((r) => r.url.startsWith(`/api${path}`));
  return { api, requests, requestsTo };
}

function renderDialog(
  options: {
    api?: FakeApi;
    roles?: string[];
    props?: Partial<CheckDialogProps>;
    disabledFeatures?: string[];
    route?: string;
  } = {},
) {
  const onClose = vi.fn();
  const result = renderWithProviders(
    <CheckDialog checkId={CHECK_ID} timeRange="1h" onClose={onClose} {...options.props} />,
    {
      route: options.route ?? `/health?checkId=${CHECK_ID}`,
      api: options.api,
      session: { roles: options.roles ?? ['admin'] },
      disabledFeatures: options.disabledFeatures,
    },
  );
  return { ...result, onClose };
}

async function findDialog() {
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText('Namespace');
  return dialog;
}

describe('CheckDialog', () => {
  it('shows the header, labels, stat tiles and the history of the check', async () => {
    const { api, requestsTo } = setup();
    renderDialog({ api });
    const dialog = await findDialog();

    expect(within(dialog).getByRole('heading', { name: /homepage/ })).toBeInTheDocument();
    // Status is given as text next to its shape, never by colour alone.
    expect(within(dialog).getAllByText('unhealthy').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('https://shop.example.com')).toBeInTheDocument();
    expect(within(dialog).getByText('Agent: local')).toBeInTheDocument();
    const labels = within(dialog).getByRole('list', { name: 'Labels' });
    expect(
      within(labels)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['namespace: prod', 'team: web']);

    const tile = (name: string) => within(dialog).getByText(name).closest('div') as HTMLElement;
    await waitFor(() => expect(within(tile('Uptime')).getByText('96.7%')).toBeInTheDocument());
    expect(within(tile('Uptime')).getByText('58 passed · 2 failed')).toBeInTheDocument();
    expect(within(tile('Latency p95')).getByText('90ms')).toBeInTheDocument();
    expect(within(tile('Latency p97')).getByText('110ms')).toBeInTheDocument();
    expect(within(tile('Latency p99')).getByText('1.2s')).toBeInTheDocument();
    expect(within(tile('Severity')).getByText('critical')).toBeInTheDocument();
    expect(within(tile('Last Run')).getByText('2m ago')).toBeInTheDocument();
    expect(within(tile('Transitioned')).getByText('30m ago')).toBeInTheDocument();
    expect(within(tile('Next Run')).getByText('-')).toBeInTheDocument();
    expect(within(tile('Time Range')).getByText('1h')).toBeInTheDocument();

    expect(requestsTo('/canary/api/graph')[0]?.url).toBe(
      `/api/canary/api/graph?check=${CHECK_ID}&start=1h`,
    );
    // Health overview chart with a text alternative.
    expect(
      await within(dialog).findByRole('img', { name: /Health overview/ }),
    ).toHaveAccessibleDescription(/2 time buckets: 1 all passed, 1 with failures/);

    const table = await within(dialog).findByRole('table', { name: 'Status history' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Age', 'Duration', 'Message']);
    await within(table).findByText('GET / returned 503');
    expect(within(table).getByText('expected 200, got 503')).toBeInTheDocument();
    expect(within(table).getByText('2.3s')).toBeInTheDocument();
    expect(within(table).getAllByText('Unhealthy')).toHaveLength(1);
    expect(within(table).getAllByText('Healthy')).toHaveLength(1);
    expect(within(dialog).getByText('120 total')).toBeInTheDocument();
    expect(within(dialog).getByText('of 3')).toBeInTheDocument();

    const history = requestsTo('/db/check_statuses')[0];
    expect(history?.headers.get('Prefer')).toBe('count=exact');
    expect(history?.url).toMatch(
      new RegExp(
        `check_id=eq\\.${CHECK_ID}&time=gt\\.\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z&order=time\\.desc&limit=50&offset=0$`,
      ),
    );
  });

  it('filters and pages the history on the server', async () => {
    const { api, requestsTo } = setup();
    renderDialog({ api });
    const dialog = await findDialog();
    await within(dialog).findByText('GET / returned 503');
    const lastHistoryUrl = () => requestsTo('/db/check_statuses').at(-1)?.url ?? '';

    await userEvent.click(within(dialog).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastHistoryUrl()).toContain('limit=50&offset=50'));

    await userEvent.selectOptions(within(dialog).getByLabelText('Status'), 'Unhealthy');
    await waitFor(() => expect(lastHistoryUrl()).toContain('status=eq.0'));
    expect(lastHistoryUrl()).toContain('offset=0');

    await userEvent.selectOptions(within(dialog).getByLabelText('Duration'), '1s');
    await waitFor(() => expect(lastHistoryUrl()).toContain('duration=gte.1000'));

    await userEvent.selectOptions(within(dialog).getByLabelText('Duration'), 'Custom…');
    const custom = within(dialog).getByLabelText('Minimum duration');
    await userEvent.type(custom, '1m{Enter}');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(DURATION_FILTER_ERROR);
    expect(custom).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(custom);
    await userEvent.type(custom, '250ms{Enter}');
    await waitFor(() => expect(lastHistoryUrl()).toContain('duration=gte.250'));
    expect(within(dialog).queryByText(DURATION_FILTER_ERROR)).not.toBeInTheDocument();
    expect(lastHistoryUrl()).toContain('status=eq.0');
  });

  it('shows the error message when the history cannot be loaded', async () => {
    const { api } = setup({
      '/db/check_statuses': () =>
        jsonResponse({ code: '42703', message: 'column check_statuses.bogus does not exist' }, 400),
    });
    renderDialog({ api });
    const dialog = await findDialog();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'column check_statuses.bogus does not exist',
    );
  });

  it('shows the spec as YAML and the relationships as links', async () => {
    const { api } = setup();
    renderDialog({ api });
    const dialog = await findDialog();

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Spec' }));
    const yaml = await within(dialog).findByLabelText('Check spec (YAML)');
    expect(yaml.textContent).toBe(
      'name: homepage\nurl: https://shop.example.com\nresponseCodes:\n  - 200\n',
    );

    await userEvent.click(within(dialog).getByRole('tab', { name: /Relationships/ }));
    expect(within(dialog).getByRole('link', { name: 'shop-deploy' })).toHaveAttribute(
      'href',
      '/catalog/cfg-1',
    );
    expect(within(dialog).getByRole('link', { name: 'storefront' })).toHaveAttribute(
      'href',
      '/topology/comp-1',
    );
  });

  it("falls back to the canary's spec when the check has none", async () => {
    const { api, requestsTo } = setup({
      '/db/checks': [{ ...detail, spec: null }],
      '/db/canaries': [
        { id: CANARY_ID, name: 'web', namespace: 'prod', source: 'UI', spec: { interval: 60 } },
      ],
    });
    renderDialog({ api });
    const dialog = await findDialog();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Spec' }));
    expect(
      await within(dialog).findByLabelText('Spec of canary prod/web (YAML)'),
    ).toHaveTextContent('interval: 60');
    expect(requestsTo('/db/canaries')[0]?.url).toBe(
      `/api/db/canaries?id=eq.${CANARY_ID}&select=id,source,spec,name,namespace`,
    );
  });

  it('runs the check now, toasts the result and refreshes the dialog', async () => {
    const { api, requestsTo } = setup({
      '/canary/run/check': { pass: false, duration: 1500, error: 'connection refused' },
    });
    renderDialog({ api, roles: ['responder'] });
    const dialog = await findDialog();
    await within(dialog).findByText('GET / returned 503');
    const before = {
      detail: requestsTo('/db/checks').length,
      graph: requestsTo('/canary/api/graph').length,
      history: requestsTo('/db/check_statuses').length,
    };

    await userEvent.click(within(dialog).getByRole('button', { name: 'Run Now' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => [t.tone, t.message])).toEqual([
        ['error', 'Check failed in 1.5s: connection refused'],
      ]),
    );
    const run = requestsTo('/canary/run/check')[0];
    expect(run?.method).toBe('POST');
    expect(run?.url).toBe(`/api/canary/run/check/${CHECK_ID}`);
    await waitFor(() => {
      expect(requestsTo('/db/checks').length).toBeGreaterThan(before.detail);
      expect(requestsTo('/canary/api/graph').length).toBeGreaterThan(before.graph);
      expect(requestsTo('/db/check_statuses').length).toBeGreaterThan(before.history);
    });
  });

  it('shows Run Now, Playbooks and evidence only to the roles allowed', async () => {
    const { api } = setup();
    const viewer = renderDialog({ api, roles: ['viewer'] });
    let dialog = await findDialog();
    expect(within(dialog).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/settings/canaries/${CANARY_ID}`,
    );
    expect(within(dialog).queryByRole('button', { name: 'Run Now' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Playbooks/ })).not.toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: 'Attach as Evidence' }),
    ).not.toBeInTheDocument();
    viewer.unmount();

    // Commanders run checks and write incidents, but cannot run playbooks.
    const commander = renderDialog({ api, roles: ['commander'] });
    dialog = await findDialog();
    expect(within(dialog).getByRole('button', { name: 'Run Now' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Attach as Evidence' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Playbooks/ })).not.toBeInTheDocument();
    commander.unmount();

    // Embedded mode and a disabled incidents feature hide the evidence button.
    const embedded = renderDialog({ api, roles: ['admin'], props: { isEmbedded: true } });
    dialog = await findDialog();
    expect(within(dialog).getByRole('button', { name: /Playbooks/ })).toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: 'Attach as Evidence' }),
    ).not.toBeInTheDocument();
    embedded.unmount();

    renderDialog({ api, roles: ['admin'], disabledFeatures: ['incidents'] });
    dialog = await findDialog();
    expect(
      within(dialog).queryByRole('button', { name: 'Attach as Evidence' }),
    ).not.toBeInTheDocument();
  });

  it('links Edit to the custom resource a canary was created from', async () => {
    const { api } = setup({
      '/db/checks': [
        { ...detail, canaries: { id: CANARY_ID, name: 'web', source: 'kubernetes/uid-1' } },
      ],
    });
    renderDialog({ api, roles: ['viewer'] });
    const dialog = await findDialog();
    expect(within(dialog).getByRole('link', { name: 'CRD linked to web' })).toHaveAttribute(
      'href',
      `/catalog/${CANARY_ID}`,
    );
  });

  it('runs a playbook on the check with its parameters', async () => {
    const { api, requestsTo } = setup({
      '/playbook/list': [{ id: 'pb-1', name: 'restart', parameters: [{ name: 'reason' }] }],
      '/db/playbooks': [{ id: 'pb-1', title: 'Restart deployment', spec: {} }],
      '/playbook/pb-1/params': {
        params: [
          { name: 'reason', label: 'Reason', required: true },
          { name: 'force', label: 'Force', type: 'checkbox', default: false },
        ],
      },
      '/playbook/run': () =>
        jsonResponse({ run_id: 'run-7', starts_at: new Date().toISOString() }, 201),
    });
    const { location } = renderDialog({ api, roles: ['editor'] });
    const dialog = await findDialog();

    // The pointer comes over the button first: the menu mounts then (src/ui/menu.tsx), and the
    // press lands on the real button, as in a browser.
    await userEvent.hover(within(dialog).getByRole('button', { name: /Playbooks/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: /Playbooks/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Restart deployment' }));
    const runDialog = await screen.findByRole('dialog', { name: 'Run Restart deployment' });
    const reason = await within(runDialog).findByLabelText(/Reason/);
    expect(requestsTo('/playbook/pb-1/params')[0]?.body).toEqual({
      id: 'pb-1',
      check_id: CHECK_ID,
    });

    // Run stays disabled until the form is valid; a touched empty required field says why.
    expect(within(runDialog).getByRole('button', { name: 'Run' })).toBeDisabled();
    await userEvent.click(reason);
    await userEvent.tab();
    expect(await within(runDialog).findByText('This field is required')).toBeInTheDocument();
    expect(requestsTo('/playbook/run')).toHaveLength(0);

    await userEvent.type(reason, 'stuck pods');
    await userEvent.click(within(runDialog).getByLabelText('Force'));
    await userEvent.click(within(runDialog).getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(requestsTo('/playbook/run')).toHaveLength(1));
    expect(requestsTo('/playbook/run')[0]?.body).toEqual({
      id: 'pb-1',
      check_id: CHECK_ID,
      params: { reason: 'stuck pods', force: 'true' },
    });
    await waitFor(() => expect(location.history.at(-1)).toBe('/playbooks/runs/run-7'));
  });

  it("attaches the check as evidence to an incident's root hypothesis", async () => {
    const { api, requestsTo } = setup({
      '/db/incidents': [
        {
          id: 'inc-1',
          incident_id: 'INC-12',
          title: 'Checkout is down',
          status: 'open',
          hypotheses: [
            { id: 'hyp-factor', type: 'factor' },
            { id: 'hyp-root', type: 'root' },
          ],
        },
        { id: 'inc-2', incident_id: 'INC-13', title: 'No hypotheses yet', hypotheses: [] },
      ],
      '/db/evidences': () => jsonResponse([{ id: 'ev-1' }], 201),
    });
    renderDialog({ api, roles: ['responder'], props: { timeRange: '3h' } });
    const dialog = await findDialog();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Attach as Evidence' }));
    const evidence = await screen.findByRole('dialog', { name: 'Attach as evidence' });
    const radio = await within(evidence).findByRole('radio', { name: /INC-12 · Checkout is down/ });
    expect(within(evidence).getByRole('radio', { name: /INC-13/ })).toBeDisabled();
    expect(requestsTo('/db/incidents')[0]?.url).toBe(
      '/api/db/incidents?select=*,hypotheses(id,type)&order=created_at.desc&limit=10',
    );

    await userEvent.click(within(evidence).getByRole('button', { name: 'Attach' }));
    expect(within(evidence).getByText('This field is required')).toBeInTheDocument();

    await userEvent.click(radio);
    await userEvent.click(within(evidence).getByRole('button', { name: 'Attach' }));
    await waitFor(() => expect(requestsTo('/db/evidences')).toHaveLength(1));
    const post = requestsTo('/db/evidences')[0];
    expect(post?.method).toBe('POST');
    expect(post?.headers.get('Prefer')).toBe('return=representation');
    expect(post?.body).toEqual({
      hypothesis_id: 'hyp-root',
      type: 'check',
      description: 'Health check homepage',
      created_by: 'user-1',
      check_id: CHECK_ID,
      evidence: { check_id: CHECK_ID, includeMessages: true, start: '3h' },
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Attach as evidence' })).not.toBeInTheDocument(),
    );
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      message: 'Linked to incident successfully',
      action: { label: 'Open INC-12', href: '/incidents/inc-1' },
    });
  });

  it('shows a loading state, then an error with a retry', async () => {
    let fail = true;
    const { api } = setup({
      '/db/checks': () =>
        fail ? jsonResponse({ message: 'database is unavailable' }, 503) : jsonResponse([detail]),
    });
    renderDialog({ api });
    expect(await screen.findByText('Loading check…')).toBeInTheDocument();
    expect(await screen.findByText('The check could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('database is unavailable')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await findDialog();
  });

  it('says so when the check does not exist', async () => {
    const { api } = setup({ '/db/checks': [] });
    renderDialog({ api });
    expect(await screen.findByText('Check not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run Now' })).not.toBeInTheDocument();
  });

  it('renders the header from the summary row while the check loads', async () => {
    const summary: CheckSummary = {
      id: CHECK_ID,
      canary_id: CANARY_ID,
      name: 'homepage',
      namespace: 'prod',
      status: 'healthy',
      endpoint: 'https://shop.example.com/health',
      uptime: { passed: 1, failed: 0 },
      latency: {},
    };
    const { api } = setup({ '/db/checks': () => new Promise<Response>(() => {}) });
    renderDialog({ api, props: { check: summary } });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: /homepage/ })).toBeInTheDocument();
    expect(within(dialog).getByText('https://shop.example.com/health')).toBeInTheDocument();
  });

  it('in a health-only deployment shows the summary row, tiles and chart without /db or actions', async () => {
    const summary: CheckSummary = {
      id: CHECK_ID,
      canary_id: CANARY_ID,
      name: 'homepage',
      namespace: 'prod',
      status: 'healthy',
      uptime: { passed: 1, failed: 0 },
      latency: {},
    };
    const { api, requestsTo } = setup();
    renderDialog({ api, props: { check: summary, summaryOnly: true } });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: /homepage/ })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo('/canary/api/graph')).toHaveLength(1));
    expect(within(dialog).getByRole('region', { name: 'Health Overview' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('tab')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Run Now' })).not.toBeInTheDocument();
    expect(requestsTo('/db/')).toHaveLength(0);
  });

  it('moves the chart into a Graph tab on short screens and uses month ranges as timestamps', async () => {
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: query.includes('max-height'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    const { api, requestsTo } = setup();
    renderDialog({ api, props: { timeRange: '1mo' } });
    const dialog = await findDialog();
    expect(within(dialog).queryByRole('img', { name: /Health overview/ })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Graph' }));
    expect(await within(dialog).findByRole('img', { name: /Health overview/ })).toBeInTheDocument();
    expect(requestsTo('/canary/api/graph')[0]?.url).toMatch(
      /start=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
    );
  });

  it('derives the range from the last run when none is given', async () => {
    const { api, requestsTo } = setup({
      '/db/checks': [{ ...detail, last_runtime: minutesAgo(2 * 24 * 60 + 5) }],
    });
    renderDialog({ api, props: { timeRange: '' } });
    const dialog = await findDialog();
    const tile = within(dialog).getByText('Time Range').closest('div') as HTMLElement;
    expect(within(tile).getByText('3d')).toBeInTheDocument();
    await waitFor(() => expect(requestsTo('/canary/api/graph')).toHaveLength(1));
    expect(requestsTo('/canary/api/graph')[0]?.url).toContain('start=3d');
  });

  it('closes with Escape', async () => {
    const { api } = setup();
    const { onClose } = renderDialog({ api });
    await findDialog();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
