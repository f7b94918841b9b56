import { readFile } from 'node:fs/promises';
import { expect, test, type Page, type Request } from '@playwright/test';
import { unzipSync, strFromU8 } from 'fflate';
import { storageStatePath } from './accounts';
import { expectAccessible } from './axe';
import { TopologyPage } from './pages/topology-page';

/** Facts of the topology dashboard (spec doc 2 §2, §4, §8, §9; api.md §3.5, §5), copied here. */
const HEALTH_ORDER: Record<string, number> = { unhealthy: 1, warning: 2, healthy: 3, info: 4 };
const NO_COMPONENTS = 'There are no components matching this criteria';
const LOAD_ERROR = 'Unable to load components!';
const MULTIPLE = 'Response has multiple components for the id.';
const LINKED = 'config link successful';
const UNLINKED = 'Deleted config link successfully';
const SNAPSHOT_ERROR = 'Error downloading file';
const WIDTH_KEY = 'vigil-topology-card-width';

interface Property {
  name?: string;
  value?: number;
  text?: string;
  max?: number;
  headline?: boolean;
  type?: string;
}
interface Component {
  id: string;
  name: string;
  type?: string;
  status?: string;
  path?: string;
  external_id?: string;
  labels?: Record<string, string>;
  properties?: Property[];
  components?: Component[];
}

async function topology(page: Page, query: string): Promise<Component[]> {
  const response = await page.request.get(`/api/canary/api/topology?${query}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { components: Component[] }).components;
}

async function idOf(page: Page, name: string): Promise<string> {
  const response = await page.request.get(
    `/api/db/component_names?select=id&name=eq.${encodeURIComponent(name)}`,
  );
  const rows = (await response.json()) as { id: string }[];
  expect(rows.length, `a component named ${name}`).toBeGreaterThan(0);
  return rows[0]!.id;
}

const isTopology = (request: Request) =>
  new URL(request.url()).pathname === '/api/canary/api/topology';

/** The topology request a navigation sends, as a map of its query. */
async function requestOf(page: Page, action: () => Promise<unknown>) {
  const [request] = await Promise.all([page.waitForRequest(isTopology), action()]);
  return Object.fromEntries(new URL(request.url()).searchParams);
}

function healthSorted(cards: Component[]): string[] {
  return [...cards]
    .sort(
      (a, b) =>
        (HEALTH_ORDER[a.status ?? ''] ?? 5) - (HEALTH_ORDER[b.status ?? ''] ?? 5) ||
        a.name.localeCompare(b.name, 'en', { numeric: true, sensitivity: 'base' }),
    )
    .map((card) => card.name);
}

test.describe('topology dashboard', () => {
  test.use({ storageState: storageStatePath('admin') });

  test('the landing page: / opens the live dashboard with every root card', async ({ page }) => {
    const topologyPage = new TopologyPage(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/topology$/);
    const roots = await topology(page, 'depth=1&hidden=false');
    expect(roots.length).toBeGreaterThan(1);
    await expect(topologyPage.cards).toHaveCount(roots.length);
    await expect(page.getByText('not available')).toHaveCount(0);
    // Default sort: health, worst first (unhealthy, warning, healthy, info), then by name.
    expect(await topologyPage.cardNames()).toEqual(healthSorted(roots));
    await expect(topologyPage.breadcrumb.getByText('Dashboard')).toBeVisible();
    await expectAccessible(page, '/topology');
  });

  test('grid parameters go to the request and filter the cards; All is dropped', async ({
    page,
  }) => {
    const topologyPage = new TopologyPage(page);
    const query = await requestOf(page, () =>
      page.goto(
        '/topology?type=KubernetesCluster&status=All&team=All&labels=cluster%3Dlab&agent_id=local',
      ),
    );
    expect(query).toMatchObject({
      type: 'KubernetesCluster',
      flatten: 'true',
      labels: 'cluster=lab',
      agent_id: 'local',
      hidden: 'false',
      sortOrder: 'desc',
    });
    expect(query.status).toBeUndefined();
    expect(query.team).toBeUndefined();
    // The lab cluster runs on its own agent, so agent local leaves nothing.
    await expect(page.getByText(NO_COMPONENTS)).toBeVisible();

    await requestOf(page, () => page.goto('/topology?type=KubernetesCluster&labels=cluster%3Dlab'));
    await expect(topologyPage.cards).toHaveCount(1);
    await expect(topologyPage.card('lab')).toBeVisible();

    // showHiddenComponents=yes sends no hidden filter; team is sent as chosen.
    const shown = await requestOf(page, () =>
      page.goto('/topology?showHiddenComponents=yes&team=SRE'),
    );
    expect(shown.hidden).toBeUndefined();
    expect(shown.team).toBe('SRE');

    // The filter bar writes the URL.
    await page.goto('/topology');
    await expect(topologyPage.cards.first()).toBeVisible();
    await topologyPage.filters.getByLabel('Labels').selectOption('cluster=prod-eu-west-1');
    await expect(page).toHaveURL(/labels=cluster%3Dprod-eu-west-1/);
    await expect(topologyPage.cards).toHaveCount(1);
    await topologyPage.filters.getByRole('switch', { name: 'Show hidden components' }).click();
    await expect(page).toHaveURL(/showHiddenComponents=yes/);
    await topologyPage.filters.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/topology$/);

    await page.goto('/topology?status=no-such-status');
    await expect(page.getByText(NO_COMPONENTS)).toBeVisible();
    await expectAccessible(page, '/topology (no components)');
  });

  test('sorting: health, name, type, last updated and headline properties', async ({ page }) => {
    const topologyPage = new TopologyPage(page);
    const roots = await topology(page, 'depth=1&hidden=false');
    await page.goto('/topology');
    const sortBy = topologyPage.filters.getByLabel('Sort by');
    await expect(sortBy).toHaveValue('status');
    // The headline options come with the cards: wait for them before reading the list.
    await expect(sortBy.locator('option', { hasText: 'CPU' })).toHaveCount(1);
    const labels = await sortBy.locator('option').allInnerTexts();
    expect(labels.slice(0, 4)).toEqual(['Health', 'Name', 'Type', 'Last Updated']);
    // Headline property fields of the cards are offered too.
    expect(labels).toEqual(expect.arrayContaining(['CPU', 'Memory', 'Nodes', 'Pods']));

    await sortBy.selectOption('name');
    await expect(page).toHaveURL(/sortBy=name/);
    const byName = roots
      .map((root) => root.name)
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }));
    await expect.poll(() => topologyPage.cardNames()).toEqual([...byName].reverse());
    await topologyPage.filters.getByRole('button', { name: /Sort order/ }).click();
    await expect(page).toHaveURL(/sortOrder=asc/);
    await expect.poll(() => topologyPage.cardNames()).toEqual(byName);

    // A headline property: the clusters by pod count, most first; no value last.
    await page.goto('/topology?sortBy=field%3APods');
    const pods = (root: Component) => root.properties?.find((p) => p.name === 'Pods')?.value;
    const withPods = roots.filter((root) => pods(root) !== undefined);
    const expected = [
      ...withPods.sort((a, b) => (pods(b) ?? 0) - (pods(a) ?? 0)).map((root) => root.name),
      ...roots.filter((root) => pods(root) === undefined).map((root) => root.name),
    ];
    await expect.poll(() => topologyPage.cardNames()).toEqual(expected);
    await expect(sortBy).toHaveValue('field:Pods');

    // Last Updated and Type are accepted from the URL; a bad sort key reads as the default.
    await page.goto('/topology?sortBy=updated_at');
    await expect(sortBy).toHaveValue('updated_at');
    await page.goto('/topology?sortBy=bogus&sortOrder=sideways');
    await expect(sortBy).toHaveValue('status');
    await expect.poll(() => topologyPage.cardNames()).toEqual(healthSorted(roots));
  });

  test('the card width slider: 250–768 in steps of 2, stored locally', async ({ page }) => {
    const topologyPage = new TopologyPage(page);
    await page.goto('/topology');
    const slider = topologyPage.filters.getByRole('slider', { name: 'Card width' });
    await expect(slider).toHaveAttribute('min', '250');
    await expect(slider).toHaveAttribute('max', '768');
    await expect(slider).toHaveAttribute('step', '2');
    await slider.fill('500');
    const item = page.getByRole('list', { name: 'Components' }).getByRole('listitem').first();
    await expect.poll(async () => (await item.boundingBox())?.width).toBe(500);
    const stored = await page.evaluate((key) => localStorage.getItem(key), WIDTH_KEY);
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ state: { width: 500 } });
    await page.reload();
    await expect(slider).toHaveValue('500');
    await expect.poll(async () => (await item.boundingBox())?.width).toBe(500);
    await slider.fill('250');
    await expect.poll(async () => (await item.boundingBox())?.width).toBe(250);
  });

  test('breadcrumbs and refererId: parameters carried into a component', async ({ page }) => {
    const topologyPage = new TopologyPage(page);
    const applications = await idOf(page, 'Applications');
    const observability = await idOf(page, 'Observability');
    const alertmanager = await idOf(page, 'Alertmanager');
    const lab = await idOf(page, 'lab');

    await page.goto('/topology?sortBy=name&sortOrder=asc');
    await topologyPage.card('Applications').getByRole('link', { name: 'Applications' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/topology/${applications}\\?sortBy=name&sortOrder=asc$`),
    );
    await topologyPage.card('Observability').getByRole('link', { name: 'Observability' }).click();
    await expect(page).toHaveURL(
      new RegExp(
        `/topology/${observability}\\?sortBy=name&sortOrder=asc&refererId=${applications}$`,
      ),
    );
    // Dashboard, the ancestors from the path, then the component (the referer is an ancestor).
    const crumbs = topologyPage.breadcrumb.getByRole('listitem');
    await expect(crumbs.filter({ hasText: /\S/ })).toHaveText([
      'Dashboard',
      'Applications',
      'Observability',
    ]);
    await expect(topologyPage.breadcrumb.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/topology?sortBy=name&sortOrder=asc',
    );

    // A referer outside the path is shown after the ancestors.
    await page.goto(`/topology/${alertmanager}?refererId=${lab}`);
    await expect(crumbs.filter({ hasText: /\S/ })).toHaveText([
      'Dashboard',
      'Applications',
      'Observability',
      'lab',
      'Alertmanager',
    ]);
    await expect(topologyPage.breadcrumb.getByRole('link', { name: 'lab' })).toHaveAttribute(
      'href',
      `/topology/${lab}`,
    );
    await expect(
      topologyPage.breadcrumb.locator('[aria-current="page"]', { hasText: 'Alertmanager' }),
    ).toBeVisible();
    await topologyPage.breadcrumb.getByRole('link', { name: 'Observability' }).click();
    await expect(page).toHaveURL(new RegExp(`/topology/${observability}$`));
    await expectAccessible(page, '/topology/{id}');
  });

  test('a component page: its children as cards and every sidebar panel, one open at a time', async ({
    page,
  }) => {
    const topologyPage = new TopologyPage(page);
    const alertmanager = await idOf(page, 'Alertmanager');
    const [component] = await topology(page, `id=${alertmanager}&depth=1&hidden=false`);
    await page.goto(`/topology/${alertmanager}`);
    await expect(topologyPage.cards).toHaveCount(component!.components!.length);
    const sidebar = topologyPage.sidebar;
    await expect(sidebar.getByRole('heading', { level: 2, name: 'Alertmanager' })).toBeVisible();

    const panels = [
      'Details',
      'Catalog',
      'Incidents',
      'Changes',
      'Checks',
      'Playbooks',
      'Teams',
      'Insights',
    ];
    await expect(sidebar.locator('[data-panel]')).toHaveCount(panels.length);
    await expect(topologyPage.panelButton('Details')).toHaveAttribute('aria-expanded', 'true');
    await expect(topologyPage.panel('Details')).toContainText('applications/alertmanager');

    const api = async (path: string) => (await (await page.request.get(path)).json()) as unknown[];
    const expectations: Record<string, () => Promise<void>> = {
      Catalog: async () => {
        const links = await api(
          `/api/db/config_component_relationships?component_id=eq.${alertmanager}&deleted_at=is.null`,
        );
        await expect(topologyPage.panel('Catalog').getByRole('listitem')).toHaveCount(links.length);
      },
      Incidents: async () => {
        const region = topologyPage.panel('Incidents');
        await expect(region.getByLabel('Status')).toHaveValue('open');
        await expect(region.getByLabel('Type')).toHaveValue('all');
        const rows = await api(
          `/api/db/incidents_by_component?component_id=eq.${alertmanager}&status=eq.open`,
        );
        if (rows.length === 0) {
          await expect(region).toContainText('There are no incidents matching this criteria');
        } else {
          await expect(region.getByRole('list', { name: 'Incidents' })).toBeVisible();
        }
      },
      Changes: async () => {
        const rows = await api(
          `/api/db/changes_by_component?component_id=eq.${alertmanager}&select=id&limit=50`,
        );
        await expect(
          topologyPage
            .panel('Changes')
            .getByRole('list', { name: 'Changes' })
            .getByRole('listitem'),
        ).toHaveCount(rows.length);
      },
      Checks: async () => {
        const rows = (await api(`/api/db/checks_by_component?component_id=eq.${alertmanager}`)) as {
          name: string;
        }[];
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) {
          await expect(
            topologyPage.panel('Checks').getByRole('link', { name: row.name }),
          ).toBeVisible();
        }
      },
      Playbooks: async () => {
        const rows = await api(`/api/db/playbook_runs?component_id=eq.${alertmanager}&select=id`);
        const region = topologyPage.panel('Playbooks');
        if (rows.length === 0) await expect(region).toContainText('No playbook runs');
        else await expect(region.getByRole('listitem')).toHaveCount(Math.min(rows.length, 50));
      },
      Teams: async () => {
        await expect(topologyPage.panel('Teams').getByRole('link', { name: 'SRE' })).toBeVisible();
      },
      Insights: async () => {
        const rows = await api(
          `/api/db/analysis_by_component?component_id=eq.${alertmanager}&select=analysis_id`,
        );
        const region = topologyPage.panel('Insights');
        if (rows.length === 0) await expect(region).toContainText('No open insights');
        else await expect(region.getByRole('listitem')).toHaveCount(Math.min(rows.length, 50));
      },
    };
    for (const name of panels.slice(1)) {
      await topologyPage.panelButton(name).click();
      await expect(topologyPage.panelButton(name)).toHaveAttribute('aria-expanded', 'true');
      // One open at a time.
      await expect(sidebar.locator('button[aria-expanded="true"]')).toHaveCount(1);
      await expectations[name]!();
    }
    await expectAccessible(page, '/topology/{id} with a panel open');
  });

  test('sidebar properties: 6 before show more, 200 px at most, above 70 % in red', async ({
    page,
  }) => {
    const topologyPage = new TopologyPage(page);
    const cluster = await idOf(page, 'prod-eu-west-1');
    await page.goto(`/topology/${cluster}`);
    const details = topologyPage.panel('Details');
    const list = details.getByRole('definition').locator('[data-property]');
    await expect(list).toHaveCount(6);
    await details.getByRole('button', { name: 'show more ...' }).click();
    await expect(list).toHaveCount(7);
    const box = await details.locator('dl[aria-label="Properties"]').boundingBox();
    expect(box!.height).toBeLessThanOrEqual(200);

    // A node with its memory above 70 % of the maximum.
    const nodes = (await (
      await page.request.get('/api/db/components?select=id,name,properties&type=eq.KubernetesNode')
    ).json()) as Component[];
    const hot = nodes.find((node) =>
      (node.properties ?? []).some(
        (p) => typeof p.value === 'number' && p.max && p.value / p.max > 0.7,
      ),
    );
    expect(hot, 'a node above 70 %').toBeDefined();
    const property = hot!.properties!.find(
      (p) => typeof p.value === 'number' && p.max && p.value / p.max > 0.7,
    )!;
    await page.goto(`/topology/${hot!.id}`);
    const value = topologyPage.panel('Details').locator(`[data-property="${property.name}"]`);
    await expect(value).toHaveAttribute('data-alert', 'true');
    await expect(value).toHaveClass(/text-unhealthy/);
  });

  test('zoom in shows the card with its children', async ({ page }) => {
    const topologyPage = new TopologyPage(page);
    const [applications] = await topology(
      page,
      `id=${await idOf(page, 'Applications')}&depth=1&hidden=false`,
    );
    await page.goto('/topology');
    await topologyPage.openMenu('Applications');
    await page.getByRole('menuitem', { name: 'Zoom In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Applications' });
    await expect(dialog.getByRole('article', { name: 'Applications' })).toBeVisible();
    await expect(
      dialog.getByRole('region', { name: 'Child components' }).getByRole('article'),
    ).toHaveCount(applications!.components!.length);
    await expectAccessible(page, 'zoom dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('link a component to a catalog item and unlink it (manual links only)', async ({ page }) => {
    const topologyPage = new TopologyPage(page);
    const grafana = await idOf(page, 'Grafana');
    const configs = (await (
      await page.request.get(
        '/api/db/configs?select=id,name,type&name=eq.prometheus&deleted_at=is.null&limit=1',
      )
    ).json()) as { id: string; name: string }[];
    const config = configs[0]!;
    await page.goto(`/topology/${grafana}`);
    await topologyPage.panelButton('Catalog').click();
    const catalog = topologyPage.panel('Catalog');
    // Links made by the topology are not manual: no unlink button.
    await expect(catalog.getByRole('listitem').first()).toBeVisible();
    await expect(catalog.getByRole('button', { name: /^Unlink/ })).toHaveCount(0);

    await topologyPage.sidebar.getByRole('button', { name: 'Link to Catalog' }).click();
    const dialog = page.getByRole('dialog', { name: 'Link to Catalog' });
    const link = dialog.getByRole('button', { name: 'Link', exact: true });
    await expect(link).toBeDisabled();
    const [search] = await Promise.all([
      page.waitForRequest(
        (request) =>
          new URL(request.url()).pathname === '/api/db/configs' &&
          request.url().includes('prometheus'),
      ),
      dialog.getByRole('searchbox', { name: 'Search catalog' }).fill('prometheus'),
    ]);
    expect(new URL(search.url()).searchParams.get('limit')).toBe('50');
    await dialog.getByRole('radio').first().waitFor();
    await expectAccessible(page, 'link to catalog dialog');
    await dialog.locator(`input[value="${config.id}"]`).check();
    const [post] = await Promise.all([
      page.waitForRequest(
        (request) =>
          request.method() === 'POST' &&
          new URL(request.url()).pathname === '/api/db/config_component_relationships',
      ),
      link.click(),
    ]);
    expect(post.postDataJSON()).toEqual({
      component_id: grafana,
      config_id: config.id,
      selector_id: 'manual',
    });
    await expect(page.getByRole('status').filter({ hasText: LINKED })).toBeVisible();
    const row = catalog.locator(`[data-config-id="${config.id}"]`);
    await expect(row).toBeVisible();
    await expect(row).toHaveAttribute('data-selector', 'manual');

    // Linking the same item again is refused by the server; its message is shown.
    await topologyPage.sidebar.getByRole('button', { name: 'Link to Catalog' }).click();
    await dialog.getByRole('searchbox', { name: 'Search catalog' }).fill('prometheus');
    await dialog.locator(`input[value="${config.id}"]`).check();
    await dialog.getByRole('button', { name: 'Link', exact: true }).click();
    await expect(dialog.getByRole('alert')).toContainText('duplicate key');
    await page.keyboard.press('Escape');

    await row.getByRole('button', { name: `Unlink ${config.name}` }).click();
    await expect(page.getByRole('status').filter({ hasText: UNLINKED })).toBeVisible();
    await expect(row).toHaveCount(0);
    const left = (await (
      await page.request.get(
        `/api/db/config_component_relationships?component_id=eq.${grafana}&config_id=eq.${config.id}`,
      )
    ).json()) as unknown[];
    expect(left).toEqual([]);
  });

  test('snapshot download: the zip holds the component tree, checks, configs and changes', async ({
    page,
  }) => {
    const topologyPage = new TopologyPage(page);
    const alertmanager = await idOf(page, 'Alertmanager');

    await page.goto(`/topology/${alertmanager}`);
    await topologyPage.sidebar.getByRole('button', { name: 'Download Snapshot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download Snapshot' });
    await expect(dialog.getByLabel('Time range')).toHaveValue('15m');
    await expect(dialog.getByRole('switch', { name: 'Related components' })).not.toBeChecked();
    await expectAccessible(page, 'snapshot dialog');
    const [download, request] = await Promise.all([
      page.waitForEvent('download'),
      page.waitForRequest((r) => r.url().includes('/api/snapshot/topology/')),
      dialog.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(Object.fromEntries(new URL(request.url()).searchParams)).toEqual({
      start: '15m',
      related: 'false',
    });
    expect(download.suggestedFilename()).toBe('Alertmanager-snapshot.zip');
    const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    const text = (name: string) => {
      expect(Object.keys(files), `the zip holds ${name}`).toContain(name);
      return strFromU8(files[name]!);
    };
    // The component tree: the component with its children.
    const tree = JSON.parse(text('components.json')) as { components: Component[] };
    const [component] = await topology(page, `id=${alertmanager}&depth=1`);
    expect(tree.components[0]?.id).toBe(alertmanager);
    expect(tree.components[0]?.components?.map((child) => child.id).sort()).toEqual(
      component!.components!.map((child) => child.id).sort(),
    );
    // Its checks with their statuses.
    const checks = (await (
      await page.request.get(`/api/db/checks_by_component?component_id=eq.${alertmanager}`)
    ).json()) as { name: string; status: string }[];
    const checksCsv = text('checks.csv');
    for (const check of checks) expect(checksCsv).toContain(check.name);
    expect(text('check_statuses.csv').split('\n')[0]).toContain('status');
    // Its configs and their changes in the window.
    const links = (await (
      await page.request.get(
        `/api/db/config_component_relationships?component_id=eq.${alertmanager}&select=config_id`,
      )
    ).json()) as { config_id: string }[];
    const configsCsv = text('configs.csv');
    for (const link of links) expect(configsCsv).toContain(link.config_id);
    expect(text('config_changes.csv').split('\n')[0]).toContain('change_type');

    // A failure toasts 'Error downloading file'.
    await page.route('**/api/snapshot/topology/**', (route) =>
      route.fulfill({
        status: 500,
        json: { error: 'boom', message: 'Error snapshotting topology' },
      }),
    );
    await topologyPage.sidebar.getByRole('button', { name: 'Download Snapshot' }).click();
    await dialog.getByRole('button', { name: 'Download' }).click();
    await expect(page.getByRole('alert').filter({ hasText: SNAPSHOT_ERROR })).toBeVisible();
  });

  test('load failure, multiple components and the feature flags', async ({ page }) => {
    const topologyPage = new TopologyPage(page);
    await page.route('**/api/canary/api/topology**', (route) =>
      route.fulfill({ status: 500, json: { error: 'database is down' } }),
    );
    await page.goto('/topology');
    await expect(page.getByText(LOAD_ERROR)).toBeVisible();
    await expect(page.getByText('database is down')).toBeVisible();
    await page.unroute('**/api/canary/api/topology**');

    const alertmanager = await idOf(page, 'Alertmanager');
    const [component] = await topology(page, `id=${alertmanager}&depth=1`);
    const twice = { ...component!, external_id: '' };
    await page.route('**/api/canary/api/topology**', (route) =>
      route.fulfill({ json: { components: [twice, { ...twice, id: 'other' }] } }),
    );
    await page.goto(`/topology/${alertmanager}`);
    await expect(page.getByRole('status').filter({ hasText: MULTIPLE })).toBeVisible();
    // No external id: no 'View Logs'.
    await expect(topologyPage.sidebar.getByRole('link', { name: 'View Logs' })).toHaveCount(0);
    await page.unroute('**/api/canary/api/topology**');

    await page.goto(`/topology/${alertmanager}`);
    await expect(topologyPage.sidebar.getByRole('link', { name: 'View Logs' })).toHaveAttribute(
      'href',
      `/logs?topologyId=${alertmanager}`,
    );
    await expect(
      topologyPage.sidebar.getByRole('button', { name: 'Link to Incident' }),
    ).toBeEnabled();

    // Incidents and logs disabled: no incidents panel, no 'Link to Incident', no 'View Logs'.
    await page.route('**/api/properties', async (route) => {
      const response = await route.fetch();
      const rows = (await response.json()) as { name: string; value: string }[];
      const flags = rows.filter(
        (row) => row.name !== 'incidents.disable' && row.name !== 'logs.disable',
      );
      flags.push(
        { name: 'incidents.disable', value: 'true' },
        { name: 'logs.disable', value: 'true' },
      );
      await route.fulfill({ response, json: flags });
    });
    await page.goto(`/topology/${alertmanager}`);
    await expect(topologyPage.sidebar.locator('[data-panel]')).toHaveCount(7);
    await expect(topologyPage.panelButton('Incidents')).toHaveCount(0);
    await expect(
      topologyPage.sidebar.getByRole('button', { name: 'Link to Incident' }),
    ).toHaveCount(0);
    await expect(topologyPage.sidebar.getByRole('link', { name: 'View Logs' })).toHaveCount(0);
    await topologyPage.openMenu('alertmanager');
    await expect(page.getByRole('menuitem', { name: 'View Logs' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Zoom In' })).toBeVisible();
  });
});

test.describe('topology as a viewer', () => {
  test.use({ storageState: storageStatePath('viewer') });

  test('no catalog linking without write access', async ({ page }) => {
    const topologyPage = new TopologyPage(page);
    await page.goto(`/topology/${await idOf(page, 'Alertmanager')}`);
    await expect(
      topologyPage.sidebar.getByRole('button', { name: 'Download Snapshot' }),
    ).toBeVisible();
    await expect(topologyPage.sidebar.getByRole('button', { name: 'Link to Catalog' })).toHaveCount(
      0,
    );
  });
});
