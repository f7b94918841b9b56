import { readFile } from 'node:fs/promises';
import { expect, test, type Page, type Request } from '@playwright/test';
import { storageStatePath } from './accounts';
import { expectAccessible } from './axe';

/** The next GET of the config list the page sends. */
function configListRequest(page: Page): Promise<Request> {
  return page.waitForRequest(
    (request) =>
      request.method() === 'GET' && new URL(request.url()).pathname === '/api/db/configs',
  );
}

function summaryRequest(page: Page): Promise<Request> {
  return page.waitForRequest(
    (request) =>
      request.method() === 'POST' && new URL(request.url()).pathname === '/api/catalog/summary',
  );
}

/** The exact count of configs matching a PostgREST query, from the API the page uses. */
async function countConfigs(page: Page, query: string): Promise<number> {
  const response = await page.request.get(`/api/db/configs?select=id&limit=1&${query}`, {
    headers: { Prefer: 'count=exact' },
  });
  expect(response.ok()).toBe(true);
  const range = response.headers()['content-range'] ?? '';
  return Number(range.split('/')[1]);
}

const summaryTable = (page: Page) => page.getByRole('table', { name: 'Catalog summary' });
const listTable = (page: Page) => page.getByRole('table', { name: 'Config items' });

test.describe('catalog list (admin)', () => {
  test.use({ storageState: storageStatePath('admin') });

  test('grouped summary by class and type, then a group opens the list, then a config', async ({
    page,
  }) => {
    const sent = summaryRequest(page);
    await page.goto('/catalog');
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      groupBy: ['type'],
      deleted: false,
      changes: { since: '30d' },
      analysis: { since: '30d' },
      cost: '30d',
    });
    const table = summaryTable(page);
    await expect(table.getByRole('button', { name: /^AWS/ })).toBeVisible();
    await expect(table.getByRole('button', { name: /^Kubernetes/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expectAccessible(page, '/catalog summary');

    // The class row collapses and expands its types.
    const group = table.getByRole('link', { name: 'EC2::Instance', exact: true });
    await expect(group).toBeVisible();
    await table.getByRole('button', { name: /^AWS/ }).click();
    await expect(group).toBeHidden();
    await table.getByRole('button', { name: /^AWS/ }).click();
    await expect(group).toBeVisible();

    const expected = await countConfigs(page, 'type=eq.AWS::EC2::Instance&deleted_at=is.null');
    const list = configListRequest(page);
    await group.click();
    await expect(page).toHaveURL(
      /configType=AWS%3A%3AEC2%3A%3AInstance|configType=AWS::EC2::Instance/,
    );
    expect(new URL((await list).url()).searchParams.get('type')).toBe('eq.AWS::EC2::Instance');
    await expect(page.getByText(`${expected} config items`)).toBeVisible();
    await expect(listTable(page).getByRole('row')).toHaveCount(expected + 1);
    await expect(page.getByLabel('Type')).toHaveValue('AWS::EC2::Instance');
    await expectAccessible(page, '/catalog list');

    const first = listTable(page).getByRole('row').nth(1).getByRole('link');
    const name = (await first.textContent()) ?? '';
    await first.click();
    await expect(page).toHaveURL(/\/catalog\/[0-9a-f-]{36}$/);
    expect(name.length).toBeGreaterThan(0);
  });

  test('every list parameter comes from the URL and reaches the request', async ({ page }) => {
    // configType + sortBy/sortOrder + paging.
    let request = configListRequest(page);
    await page.goto(
      '/catalog?configType=Kubernetes::Pod&sortBy=name&sortOrder=desc&pageSize=100&pageIndex=1',
    );
    let params = new URL((await request).url()).searchParams;
    expect(params.get('type')).toBe('eq.Kubernetes::Pod');
    expect(params.get('order')).toBe('name.desc');
    expect(params.get('limit')).toBe('100');
    expect(params.get('offset')).toBe('100');
    expect(params.get('deleted_at')).toBe('is.null');
    await expect(listTable(page).getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(page.getByLabel('Page', { exact: true })).toHaveValue('2');
    await expect(page.getByLabel('Rows per page')).toHaveValue('100');

    // Sorting from the header writes the URL.
    request = configListRequest(page);
    await listTable(page).getByRole('button', { name: 'Changes' }).click();
    await expect(page).toHaveURL(/sortBy=changes/);
    expect(new URL((await request).url()).searchParams.get('order')).toMatch(/^changes\./);

    // search (the list replaces the summary), status and health.
    request = configListRequest(page);
    await page.goto('/catalog?search=alertmanager&status=Running:1&health=healthy:1');
    params = new URL((await request).url()).searchParams;
    expect(params.get('or')).toContain('name.ilike.*alertmanager*');
    expect(params.get('status.filter')).toBe('Running');
    expect(params.get('health.filter')).toBe('healthy');
    await expect(page.getByRole('searchbox', { name: 'Search catalog' })).toHaveValue(
      'alertmanager',
    );
    const rows = listTable(page).getByRole('row');
    await expect(rows.nth(1)).toContainText('alertmanager');
    await expect(page.getByRole('button', { name: /Status.*1 active filter/ })).toBeVisible();

    // labels: include one, exclude another.
    request = configListRequest(page);
    await page.goto(
      '/catalog?configType=Kubernetes::Pod&labels=team____sre:1,app____alertmanager:-1',
    );
    params = new URL((await request).url()).searchParams;
    expect(params.get('or')).toBe('(and(labels->>team.eq.sre,labels->>app.neq.alertmanager))');
    await expect(rows.nth(1)).toBeVisible();
    await expect(listTable(page)).not.toContainText('alertmanager-');

    // Typing a search is debounced and written to the URL.
    await page.goto('/catalog');
    await page.getByRole('searchbox', { name: 'Search catalog' }).fill('airflow');
    await expect(page).toHaveURL(/search=airflow/);
    await expect(listTable(page).getByRole('row').nth(1)).toContainText('airflow');
  });

  test('groupBy with a tag grouping, and bad values fall back to the defaults', async ({
    page,
  }) => {
    let sent = summaryRequest(page);
    await page.goto('/catalog?groupBy=type,cluster__tag');
    expect(((await sent).postDataJSON() as { groupBy: string[] }).groupBy).toEqual([
      'type',
      'cluster',
    ]);
    const table = summaryTable(page);
    await expect(table.getByRole('columnheader', { name: 'cluster' })).toBeVisible();
    // Flat: no class rows without config_class.
    await expect(table.getByRole('button', { name: /^Kubernetes/ })).toHaveCount(0);
    await expectAccessible(page, '/catalog grouped by tag');

    // A group row with a tag sets configType and the tag as a label filter, and resets groupBy.
    const link = table.getByRole('link').first();
    await link.click();
    await expect(page).toHaveURL(/configType=/);
    await expect(page).not.toHaveURL(/groupBy=/);

    sent = summaryRequest(page);
    await page.goto(
      '/catalog?groupBy=bogus&sortBy=evil&sortOrder=sideways&pageSize=7&pageIndex=-3&health=x',
    );
    expect(((await sent).postDataJSON() as { groupBy: string[] }).groupBy).toEqual(['type']);
    await expect(table.getByRole('button', { name: /^AWS/ })).toBeVisible();
    const list = configListRequest(page);
    await page.goto(
      '/catalog?configType=Kubernetes::Pod&sortBy=evil&sortOrder=sideways&pageSize=7&pageIndex=-3',
    );
    const params = new URL((await list).url()).searchParams;
    expect(params.get('order')).toBe('type.asc,name.asc');
    expect(params.get('limit')).toBe('50');
    expect(params.get('offset')).toBe('0');
  });

  test('Hide Deleted Catalog and favourite types are stored preferences', async ({ page }) => {
    await page.goto('/catalog?configType=Kubernetes::Pod');
    await expect(listTable(page).getByRole('row').nth(1)).toBeVisible();
    await page.getByRole('button', { name: 'Preferences' }).click();
    const toggle = page.getByRole('switch', { name: 'Hide Deleted Catalog' });
    await expect(toggle).toBeChecked();
    const request = configListRequest(page);
    await toggle.click();
    expect(new URL((await request).url()).searchParams.get('deleted_at')).toBeNull();
    await expect(listTable(page).getByRole('columnheader', { name: 'Deleted' })).toBeVisible();
    await page.reload();
    await expect(listTable(page).getByRole('columnheader', { name: 'Deleted' })).toBeVisible();
    await page.getByRole('button', { name: 'Preferences' }).click();
    await page.getByRole('switch', { name: 'Hide Deleted Catalog' }).click();
    await expect(listTable(page).getByRole('columnheader', { name: 'Deleted' })).toHaveCount(0);

    // Pin S3::Bucket: it moves to the top of its class and the class to the top.
    await page.goto('/catalog');
    const table = summaryTable(page);
    await table.getByRole('button', { name: 'Pin AWS::S3::Bucket as a favourite' }).click();
    await page.reload();
    const firstClassRow = table.getByRole('row').nth(1);
    await expect(firstClassRow).toContainText('AWS');
    await expect(table.getByRole('row').nth(2)).toContainText('S3::Bucket');
    await expect(table.getByRole('button', { name: 'Unpin AWS::S3::Bucket' })).toBeVisible();
    await expect(page.getByLabel('Type').locator('option').nth(1)).toHaveText('★ AWS::S3::Bucket');
    await table.getByRole('button', { name: 'Unpin AWS::S3::Bucket' }).click();
  });

  test('Export CSV writes every row of the filtered list', async ({ page }) => {
    await page.goto('/catalog?configType=Kubernetes::Pod&pageSize=50');
    const total = await countConfigs(page, 'type=eq.Kubernetes::Pod&deleted_at=is.null');
    expect(total).toBeGreaterThan(50);
    await expect(page.getByText(`${total} config items`)).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const text = await readFile(file, 'utf8');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Name,Type,Status,Changes,Insights,Cost (30d),Labels,Agent,Created,Updated',
    );
    expect(lines).toHaveLength(total + 1);
    expect(lines.slice(1).every((line) => line.includes(',Kubernetes::Pod,'))).toBe(true);

    // The summary exports one line per group.
    await page.goto('/catalog');
    await expect(summaryTable(page).getByRole('row').nth(1)).toBeVisible();
    const summaryDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const summaryText = await readFile(await (await summaryDownload).path(), 'utf8');
    expect(summaryText.split('\r\n')[0]).toBe('Type,Count,Health,Insights,Changes,Cost (30d)');
    expect(summaryText).toContain('\r\nAWS::EC2::Instance,');
  });
});

test.describe('catalog list (viewer)', () => {
  test.use({ storageState: storageStatePath('viewer') });

  test('a viewer browses the catalog and sees no write actions', async ({ page }) => {
    await page.goto('/catalog');
    await expect(summaryTable(page).getByRole('row').nth(1)).toBeVisible();
    await summaryTable(page).getByRole('link', { name: 'Pod', exact: true }).click();
    await expect(listTable(page).getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('button', { name: /^(Add|Create|Edit|Delete|Run)\b/ })).toHaveCount(
      0,
    );
    await expectAccessible(page, '/catalog as viewer');
  });

  test('/configs redirects to /catalog', async ({ page }) => {
    await page.goto('/configs?configType=Kubernetes::Pod');
    await expect(page).toHaveURL(/\/catalog\?configType=Kubernetes/);
    await expect(listTable(page).getByRole('row').nth(1)).toBeVisible();
  });
});
