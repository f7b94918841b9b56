import { readFile } from 'node:fs/promises';
import { expect, test, type Page, type Request } from '@playwright/test';
import { storageStatePath } from './accounts';
import { expectAccessible } from './axe';

/** Facts of the insights screen (spec doc 2 §2 "/catalog/insights", §9), copied here. */
const COLUMNS = [
  'Catalog',
  'Type',
  'Analyzer',
  'Severity',
  'Status',
  'First Observed',
  'Last Observed',
];
const PAGE_SIZE = 50;
const MESSAGE_LIMIT = 500;
/** The demo insight whose message is longer than 500 characters (server/src/seed). */
const LONG_INSIGHT_ID = '0e5a1c2d-7b3f-4c1e-9a6d-500000000500';

interface InsightRow {
  id: string;
  analyzer: string;
  analysis_type?: string;
  severity?: string;
  status?: string;
  config?: { id: string; name: string; type: string };
}

const isList = (request: Request) =>
  new URL(request.url()).pathname === '/api/db/config_analysis_items';

/** Run `action` and return the query of the insights request it sends and the rows and total. */
async function listOf(page: Page, action: () => Promise<unknown>) {
  const [request] = await Promise.all([page.waitForRequest(isList), action()]);
  const response = await request.response();
  const range = (await response?.headerValue('content-range')) ?? '';
  return {
    query: new URL(request.url()).searchParams,
    rows: ((await response?.json()) ?? []) as InsightRow[],
    total: Number(range.split('/')[1]),
  };
}

const table = (page: Page) => page.getByRole('table', { name: 'Insights' });
// The rows shown: not a replaced page's body, hidden until the new rows are painted, nor the
// spacer of rows still to draw (src/ui/data-table).
const dataRows = (page: Page) => table(page).locator('tbody:not([hidden]) tr:not([aria-hidden])');

async function column(page: Page, index: number): Promise<string[]> {
  return dataRows(page).evaluateAll(
    (rows, i) =>
      rows.map((row) => (row.children[i] as HTMLElement | undefined)?.innerText.trim() ?? ''),
    index,
  );
}

test.describe('catalog insights (admin)', () => {
  test.use({ storageState: storageStatePath('admin') });

  test('the table: exact columns, 50 a page, page count from the total', async ({ page }) => {
    const { query, total } = await listOf(page, () => page.goto('/catalog/insights'));
    expect(query.get('order')).toBe('first_observed.desc');
    expect(query.get('limit')).toBe(String(PAGE_SIZE));
    expect(query.get('offset')).toBe('0');
    for (const key of ['status', 'analysis_type', 'severity', 'analyzer', 'config_type']) {
      expect(query.has(key)).toBe(false);
    }
    expect(total).toBeGreaterThan(PAGE_SIZE);
    await expect(table(page).getByRole('columnheader')).toHaveText(COLUMNS);
    await expect(dataRows(page)).toHaveCount(PAGE_SIZE);
    await expect(page.getByText(`${total} insights`)).toBeVisible();
    await expect(
      page.getByText(`of ${Math.ceil(total / PAGE_SIZE)}`, { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Catalog sections' })).toBeVisible();
    await expectAccessible(page, '/catalog/insights');

    const next = await listOf(page, () => page.getByRole('button', { name: 'Next page' }).click());
    expect(next.query.get('offset')).toBe(String(PAGE_SIZE));
    await expect(page).toHaveURL(/pageIndex=1/);
    await expect(dataRows(page)).toHaveCount(Math.min(PAGE_SIZE, total - PAGE_SIZE));
  });

  test('every filter from the URL reaches the request, the rows and the controls', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    let list = await listOf(page, () => page.goto('/catalog/insights?type=security'));
    expect(list.query.get('analysis_type')).toBe('eq.security');
    await expect(page.getByLabel('Type', { exact: true })).toHaveValue('security');
    expect(new Set(await column(page, 1))).toEqual(new Set(['Security']));

    list = await listOf(page, () => page.goto('/catalog/insights?type=technical_debt'));
    expect(list.query.get('analysis_type')).toBe('in.(technicalDebt,technical_debt)');
    await expect(page.getByLabel('Type', { exact: true })).toHaveValue('technicalDebt');

    list = await listOf(page, () => page.goto('/catalog/insights?severity=CRITICAL'));
    expect(list.query.get('severity')).toBe('eq.critical');
    await expect(page.getByLabel('Severity', { exact: true })).toHaveValue('critical');
    expect(new Set(await column(page, 3))).toEqual(new Set(['Critical']));

    list = await listOf(page, () => page.goto('/catalog/insights?status=resolved'));
    expect(list.query.get('status')).toBe('eq.resolved');
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('resolved');
    expect(new Set(await column(page, 4))).toEqual(new Set(['Resolved']));

    list = await listOf(page, () => page.goto('/catalog/insights?analyzer=trivy'));
    expect(list.query.get('analyzer')).toBe('eq.trivy');
    await expect(page.getByLabel('Analyzer', { exact: true })).toHaveValue('trivy');
    expect(new Set(await column(page, 2))).toEqual(new Set(['trivy']));

    list = await listOf(page, () => page.goto('/catalog/insights?configType=Kubernetes::Pod'));
    expect(list.query.get('config_type')).toBe('eq.Kubernetes::Pod');
    await expect(page.getByLabel('Config type', { exact: true })).toHaveValue('Kubernetes::Pod');
    for (const cell of await column(page, 0)) expect(cell).toContain('Kubernetes::Pod');

    list = await listOf(page, () => page.goto('/catalog/insights?sortBy=severity&sortOrder=asc'));
    expect(list.query.get('order')).toBe('severity.asc');
    await expect(page.getByRole('columnheader', { name: 'Severity' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    list = await listOf(page, () => page.goto('/catalog/insights?pageIndex=1'));
    expect(list.query.get('offset')).toBe(String(PAGE_SIZE));
    await expect(page.getByLabel('Page', { exact: true })).toHaveValue('2');

    // A component: its analyses are looked up first, then listed by id.
    const component = '0193a5c0-6666-7000-8000-000000000006';
    const [lookup] = await Promise.all([
      page.waitForRequest((request) => request.url().includes('/rpc/lookup_analysis_by_component')),
      page.goto(`/catalog/insights?component=${component}`),
    ]);
    expect(new URL(lookup.url()).searchParams.get('id')).toBe(component);
    await expect(page.getByText('Component:')).toBeVisible();
    await expect(table(page)).toContainText('No insights match these filters');
  });

  test('bad values fall back, and the controls write the URL', async ({ page }) => {
    const list = await listOf(page, () =>
      page.goto(
        '/catalog/insights?type=bogus&severity=blocker&status=gone&sortBy=message&sortOrder=up' +
          '&pageIndex=-3&component=abc&insightId=1',
      ),
    );
    for (const key of ['status', 'analysis_type', 'severity', 'id']) {
      expect(list.query.has(key)).toBe(false);
    }
    expect(list.query.get('order')).toBe('first_observed.desc');
    expect(list.query.get('offset')).toBe('0');
    await expect(page.getByLabel('Type', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Severity', { exact: true })).toHaveValue('');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const picked = await listOf(page, () =>
      page.getByLabel('Severity', { exact: true }).selectOption('high'),
    );
    expect(picked.query.get('severity')).toBe('eq.high');
    await expect(page).toHaveURL(/severity=high/);
    const sorted = await listOf(page, () =>
      table(page).getByRole('button', { name: 'Analyzer' }).click(),
    );
    expect(sorted.query.get('order')).toMatch(/^analyzer\.(asc|desc)$/);
    await expect(page).toHaveURL(/sortBy=analyzer/);
    const cleared = await listOf(page, () =>
      page.getByRole('button', { name: 'Clear filters' }).click(),
    );
    expect(cleared.query.has('severity')).toBe(false);
  });

  test('a row opens the insight modal; Escape closes it; a link reopens it', async ({ page }) => {
    const { rows } = await listOf(page, () => page.goto('/catalog/insights'));
    const insight = rows[0] as InsightRow;
    const opener = dataRows(page).first().getByRole('button').first();
    await opener.click();
    await expect(page).toHaveURL(new RegExp(`insightId=${insight.id}`));
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: new RegExp(insight.analyzer) })).toBeVisible();
    await expect(dialog.getByRole('link', { name: insight.config?.name })).toHaveAttribute(
      'href',
      `/catalog/${insight.config?.id}`,
    );
    await expect(dialog.getByText('First observed', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Last observed', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Source', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Analysis' })).toBeVisible();
    await expect(dialog.locator('pre')).toContainText('"rule"');
    await expectAccessible(page, 'insight modal');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(opener).toBeFocused();

    // The long demo message is cut at 500 characters.
    await page.goto(`/catalog/insights?insightId=${LONG_INSIGHT_ID}`);
    const long = page.getByRole('dialog');
    await expect(long.getByText(`(cut at ${MESSAGE_LIMIT} characters)`)).toBeVisible();
    const message = await long.getByRole('region', { name: 'Message' }).locator('p').innerText();
    const body = message.replace(/…\s*\(cut at 500 characters\)$/, '');
    expect(body.length).toBe(MESSAGE_LIMIT);
    expect(message).not.toContain('following week');
  });

  test('Export CSV writes every page with the current filters', async ({ page }) => {
    const { total } = await listOf(page, () => page.goto('/catalog/insights'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^catalog-insights-.*\.csv$/);
    const lines = (await readFile((await download.path()) as string, 'utf8'))
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter((line) => line !== '');
    expect(lines[0]).toBe(COLUMNS.join(','));
    expect(lines.length - 1).toBe(total);

    const filtered = await listOf(page, () => page.goto('/catalog/insights?type=security'));
    const [second] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const rows = (await readFile((await second.path()) as string, 'utf8'))
      .split(/\r?\n/)
      .filter((line) => line !== '')
      .slice(1);
    expect(rows.length).toBe(filtered.total);
    for (const row of rows) expect(row).toContain(',Security,');
  });

  test("a config's Insights tab lists its insights and opens the same modal", async ({ page }) => {
    await page.goto(`/catalog/insights?insightId=${LONG_INSIGHT_ID}`);
    const link = page.getByRole('dialog').getByRole('link').first();
    const href = (await link.getAttribute('href')) as string;
    await page.goto(`${href}/insights`);
    const tab = page.getByRole('table', { name: 'Config insights' });
    await expect(tab.getByRole('button', { name: 'aws-trusted-advisor' }).first()).toBeVisible();
    await tab
      .getByRole('row')
      .filter({ hasText: 'Storage autoscaling' })
      .getByRole('button')
      .click();
    await expect(page).toHaveURL(new RegExp(`insightId=${LONG_INSIGHT_ID}`));
    await expect(page.getByRole('dialog').getByText('(cut at 500 characters)')).toBeVisible();
    await expectAccessible(page, 'config insights tab with modal');
  });
});

test.describe('catalog insights (viewer)', () => {
  test.use({ storageState: storageStatePath('viewer') });

  test('a viewer reads insights and their modal, with no write actions', async ({ page }) => {
    await listOf(page, () => page.goto('/catalog/insights'));
    await expect(dataRows(page).first()).toBeVisible();
    const writes = /^(add|create|new|edit|save|delete|update|resolve|silence)\b/i;
    await expect(page.getByRole('main').getByRole('button', { name: writes })).toHaveCount(0);
    await dataRows(page).first().getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('First observed', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: writes })).toHaveCount(0);
    await expectAccessible(page, 'insight modal (viewer)');
  });
});
