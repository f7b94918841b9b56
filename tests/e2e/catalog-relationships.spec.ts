import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { storageStatePath } from './accounts';
import { expectAccessible } from './axe';

/** The demo's cluster prod-eu-west-1: 8 namespaces and 5 nodes below it, hard relations. */
async function clusterId(page: Page): Promise<string> {
  const response = await page.request.get(
    '/api/db/configs?select=id&type=eq.Kubernetes::Cluster&name=eq.prod-eu-west-1',
  );
  expect(response.ok()).toBe(true);
  const rows = (await response.json()) as { id: string }[];
  expect(rows).toHaveLength(1);
  return rows[0]!.id;
}

/** The related configs the server returns for a walk (the root itself left out). */
async function relatedCount(page: Page, id: string, query: string): Promise<number> {
  const response = await page.request.get(
    `/api/db/rpc/related_configs_recursive?config_id=${id}&include_deleted_configs=false&max_depth=10&${query}`,
  );
  expect(response.ok()).toBe(true);
  const rows = (await response.json()) as { id: string }[];
  return rows.filter((row) => row.id !== id).length;
}

const table = (page: Page) => page.getByRole('table', { name: 'Related configs' });
const graphNodes = (page: Page) => page.locator('[data-graph-node]');
const graphNode = (page: Page, text: string | RegExp) => graphNodes(page).filter({ hasText: text });

test.describe('catalog relationships (admin)', () => {
  test.use({ storageState: storageStatePath('admin') });

  test('the table lists the related configs with the defaults: outgoing, hard', async ({
    page,
  }) => {
    const id = await clusterId(page);
    const related = page.waitForRequest((request) =>
      request.url().includes('/api/db/rpc/related_configs_recursive'),
    );
    await page.goto(`/catalog/${id}/relationships`);
    const url = new URL((await related).url());
    expect(url.searchParams.get('type_filter')).toBe('outgoing');
    expect(url.searchParams.get('outgoing_relation')).toBe('hard');
    expect(url.searchParams.get('include_deleted_configs')).toBe('false');
    expect(url.searchParams.get('max_depth')).toBe('10');
    expect(url.searchParams.has('incoming_relation')).toBe(false);

    const total = await relatedCount(page, id, 'type_filter=outgoing&outgoing_relation=hard');
    expect(total).toBeGreaterThan(50);
    await expect(page.getByText(`${total} related configs`)).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Outgoing' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Incoming' })).not.toBeChecked();
    const row = table(page).getByRole('row').filter({ hasText: 'kube-system' });
    await expect(row).toContainText('Kubernetes::Namespace');
    await expect(row).toContainText('Healthy');
    await expect(row).toContainText('Outgoing');
    await expectAccessible(page, 'relationships table');

    await row.getByRole('link', { name: 'kube-system' }).click();
    await expect(page).toHaveURL(/\/catalog\/[0-9a-f-]{36}$/);
  });

  test('incoming, outgoing, relation and config types are in the URL', async ({ page }) => {
    const id = await clusterId(page);
    await page.goto(`/catalog/${id}/relationships`);
    await expect(table(page).getByRole('row').nth(1)).toBeVisible();

    // Incoming on: both directions (type_filter=all); with 'Both' the soft relations come too.
    await page.getByRole('switch', { name: 'Incoming' }).click();
    await expect(page).toHaveURL(/incoming=true/);
    await page
      .getByRole('group', { name: 'Relation' })
      .getByRole('button', { name: 'Both' })
      .click();
    await expect(page).toHaveURL(/relation=both/);
    const both = await relatedCount(
      page,
      id,
      'type_filter=all&incoming_relation=both&outgoing_relation=both',
    );
    await expect(page.getByText(`${both} related configs`)).toBeVisible();
    await expect(
      table(page).getByRole('row').filter({ hasText: 'AWS::EKS::Cluster' }),
    ).toContainText('Incoming');

    // Outgoing off leaves incoming only; turning incoming off then forces outgoing back on.
    await page.getByRole('switch', { name: 'Outgoing' }).click();
    await expect(page).toHaveURL(/outgoing=false/);
    const incomingOnly = await relatedCount(
      page,
      id,
      'type_filter=incoming&incoming_relation=both',
    );
    await expect(page.getByText(`${incomingOnly} related configs`)).toBeVisible();
    await page.getByRole('switch', { name: 'Incoming' }).click();
    await expect(page.getByRole('switch', { name: 'Outgoing' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Incoming' })).not.toBeChecked();
    expect(new URL(page.url()).searchParams.has('outgoing')).toBe(false);
    expect(new URL(page.url()).searchParams.has('incoming')).toBe(false);

    // A config type filter goes to the server as type.filter.
    await page.getByRole('button', { name: 'Config types' }).click();
    await page.getByLabel('Find config types').fill('Kubernetes::Namespace');
    await page.getByRole('button', { name: 'Include Kubernetes::Namespace', exact: true }).click();
    await expect(page).toHaveURL(/configTypes=Kubernetes__Namespace%3A1/);
    await page.keyboard.press('Escape');
    await expect(page.getByText('8 related configs')).toBeVisible();
    await expectAccessible(page, 'relationships with filters');

    // A shared link restores the view; a bad value falls back to the default.
    await page.goto(`/catalog/${id}/relationships?incoming=maybe&relation=weak&view=tree`);
    await expect(page.getByRole('switch', { name: 'Incoming' })).not.toBeChecked();
    await expect(
      page.getByRole('group', { name: 'Relation' }).getByRole('button', { name: 'Hard' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(table(page)).toBeVisible();
  });

  test('Export CSV writes every related config', async ({ page }) => {
    const id = await clusterId(page);
    await page.goto(`/catalog/${id}/relationships`);
    const total = await relatedCount(page, id, 'type_filter=outgoing&outgoing_relation=hard');
    await expect(page.getByText(`${total} related configs`)).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const text = await readFile(await (await download).path(), 'utf8');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Name,Type,Health,Status,Relation,Depth,Updated');
    expect(lines).toHaveLength(total + 1);
    expect(lines.find((line) => line.startsWith('kube-system,'))).toMatch(
      /^kube-system,Kubernetes::Namespace,Healthy,[^,]*,outgoing,1,/,
    );
  });

  test('the graph: groups, expand, layout, edges, health borders', async ({ page }) => {
    const id = await clusterId(page);
    await page.goto(`/catalog/${id}/relationships`);
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Graph' }).click();
    await expect(page).toHaveURL(/view=graph/);
    await expect(graphNode(page, 'This config')).toBeVisible();
    await expect(graphNode(page, 'This config')).toContainText('prod-eu-west-1');

    // 8 namespaces and 5 nodes collapse into intermediary nodes.
    const namespaces = graphNode(page, '8 × Namespace');
    await expect(namespaces).toContainText('Collapsed');
    await expect(graphNode(page, '5 × Node')).toBeVisible();
    await expect(graphNode(page, 'kube-system')).toHaveCount(0);
    // A node with a warning: orange border and the word, not colour alone.
    await expect(graphNode(page, '5 × Node').locator('[data-health="warning"]')).toBeVisible();
    await expect(graphNode(page, '5 × Node')).toContainText('warning');
    await expectAccessible(page, 'relationships graph');

    const before = await graphNodes(page).count();
    await namespaces.click();
    await expect(namespaces).toContainText('Expanded');
    await expect(graphNode(page, 'kube-system')).toBeVisible();
    expect(await graphNodes(page).count()).toBeGreaterThan(before);
    await namespaces.click();
    await expect(graphNode(page, 'kube-system')).toHaveCount(0);

    // Left-right: the groups are right of the root; top-bottom: below it.
    const box = async (text: string) => (await graphNode(page, text).boundingBox())!;
    let root = await box('This config');
    let group = await box('8 × Namespace');
    expect(group.x).toBeGreaterThan(root.x + root.width / 2);
    await page
      .getByRole('group', { name: 'Layout' })
      .getByRole('button', { name: 'Top-bottom' })
      .click();
    await expect(page).toHaveURL(/layout=top-bottom/);
    await expect(async () => {
      root = await box('This config');
      group = await box('8 × Namespace');
      expect(group.y).toBeGreaterThan(root.y + root.height / 2);
    }).toPass();

    // Edges: bezier by default, smooth steps on request.
    await expect(page.locator('.react-flow__edge-default').first()).toBeAttached();
    await page
      .getByRole('group', { name: 'Edges' })
      .getByRole('button', { name: 'Smooth step' })
      .click();
    await expect(page).toHaveURL(/edges=smoothstep/);
    await expect(page.locator('.react-flow__edge-smoothstep').first()).toBeAttached();
    await expect(page.locator('.react-flow__edge-default')).toHaveCount(0);

    // Pan and zoom controls are there; zooming changes the viewport.
    const viewport = page.locator('.react-flow__viewport');
    const transform = await viewport.getAttribute('style');
    await page.getByRole('button', { name: 'Zoom In' }).click();
    await expect.poll(() => viewport.getAttribute('style')).not.toBe(transform);
    await page.getByRole('button', { name: 'Fit View' }).click();
    await expectAccessible(page, 'relationships graph, top-bottom');
  });

  test('keyboard: Tab reaches the nodes, arrows move, Enter expands and opens', async ({
    page,
  }) => {
    const id = await clusterId(page);
    await page.goto(`/catalog/${id}/relationships?view=graph`);
    await expect(graphNode(page, 'This config')).toBeVisible();
    await page
      .getByRole('group', { name: 'Edges' })
      .getByRole('button', { name: 'Smooth step' })
      .focus();
    const focused = page.locator('[data-graph-node]:focus');
    for (let i = 0; i < 10 && (await focused.count()) === 0; i += 1)
      await page.keyboard.press('Tab');
    await expect(focused).toHaveCount(1);

    // From the root, right leads to a group; Enter on a group expands it.
    await graphNode(page, 'This config').focus();
    await page.keyboard.press('ArrowRight');
    await expect(focused).toContainText(/8 × Namespace|5 × Node/);
    await graphNode(page, '8 × Namespace').focus();
    await page.keyboard.press('Enter');
    await expect(graphNode(page, '8 × Namespace')).toContainText('Expanded');
    await expect(graphNode(page, 'kube-system')).toBeVisible();

    // Enter on a config opens it.
    await graphNode(page, 'kube-system').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/catalog\/[0-9a-f-]{36}$/);
    expect(page.url()).not.toContain(id);
  });
});

test.describe('catalog relationships (viewer)', () => {
  test.use({ storageState: storageStatePath('viewer') });

  test('a viewer sees the table and graph and no write actions', async ({ page }) => {
    const id = await clusterId(page);
    await page.goto(`/catalog/${id}/relationships`);
    await expect(table(page).getByRole('row').nth(1)).toBeVisible();
    const section = page.getByRole('region', { name: 'Relationships' });
    await expect(
      section.getByRole('button', { name: /\b(add|edit|delete|save|link|unlink)\b/i }),
    ).toHaveCount(0);
    await page.goto(`/catalog/${id}/relationships?view=graph`);
    await expect(graphNode(page, 'This config')).toBeVisible();
    await expect(
      section.getByRole('button', { name: /\b(add|edit|delete|save|link|unlink)\b/i }),
    ).toHaveCount(0);
    await expectAccessible(page, 'relationships graph (viewer)');
  });
});
