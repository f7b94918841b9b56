import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { storageStatePath } from './accounts';
import { expectAccessible } from './axe';

/** Facts of the change log (spec doc 2 §2 "/catalog/changes", §9; api.md §4.2), copied here. */
const DEFAULT_PAGE_SIZE = 200;
const CSV_HEADER = 'Time,Config,Change,Summary,Severity,Source,Created by,Count';

interface ChangeRow {
  id: string;
  config_id: string;
  name?: string;
  type?: string;
  change_type: string;
  severity?: string;
  source?: string;
  summary?: string;
  external_created_by?: string;
  created_at: string;
}
interface Search {
  body: Record<string, unknown>;
  result: { total?: number; changes?: ChangeRow[] };
}

const isSearch = (url: string, method: string) =>
  method === 'POST' && new URL(url).pathname === '/api/catalog/changes';

/** Run `action` and return the change search it sends, with the server's answer. */
async function searchOf(page: Page, action: () => Promise<unknown>): Promise<Search> {
  const [request] = await Promise.all([
    page.waitForRequest((request) => isSearch(request.url(), request.method())),
    action(),
  ]);
  const response = await request.response();
  // A navigation's search may be answered before the page has drawn (the console asks for the
  // change log beside its session check): the checks below read the drawn table.
  await expect(table(page)).toBeVisible();
  await expect(table(page)).not.toHaveAttribute('aria-busy', 'true');
  return {
    body: request.postDataJSON() as Record<string, unknown>,
    result: (await response?.json()) as Search['result'],
  };
}

const table = (page: Page) => page.getByRole('table', { name: 'Config changes' });
/** The drawn data rows (a long page draws only the rows in view, between spacer rows). */
const dataRows = (page: Page) => table(page).locator('tbody tr:not([aria-hidden="true"])');

/** The text of one column over the rows on screen (Time 0, Config 1, Change 2 … Count 7). */
async function column(page: Page, index: number): Promise<string[]> {
  return dataRows(page).evaluateAll(
    (rows, i) =>
      rows.map((row) => (row.children[i] as HTMLElement | undefined)?.innerText.trim() ?? ''),
    index,
  );
}

async function showsRows(page: Page, count: number) {
  if (count === 0) {
    await expect(table(page)).toContainText('No changes match these filters');
  } else {
    // A page of more than 60 rows is drawn in virtual mode: the table tells its row count (with
    // the header row) and draws the first rows, each with its place.
    if (count > 60) {
      await expect(table(page)).toHaveAttribute('aria-rowcount', String(count + 1));
      await expect(dataRows(page).first()).toHaveAttribute('aria-rowindex', '2');
      expect(await dataRows(page).count()).toBeLessThan(count);
    } else {
      await expect(dataRows(page)).toHaveCount(count);
    }
  }
}

test.describe('catalog changes (admin)', () => {
  test.use({ storageState: storageStatePath('admin') });

  test('defaults: the last 2 days, 200 a page, newest first, deleted configs hidden', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const { body, result } = await searchOf(page, () => page.goto('/catalog/changes'));
    expect(body).toEqual({
      page: 1,
      page_size: DEFAULT_PAGE_SIZE,
      sort_by: '-created_at',
      include_deleted_configs: false,
      from: 'now-2d',
    });
    const total = result.total ?? 0;
    expect(total).toBeGreaterThan(DEFAULT_PAGE_SIZE);
    await showsRows(page, DEFAULT_PAGE_SIZE);
    await expect(page.getByText(`${total.toLocaleString('en-US')} changes`)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Catalog sections' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Changes'),
    ).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: /^Time range: Last 2 days/ })).toBeVisible();
    await expect(page.getByLabel('Severity', { exact: true })).toHaveValue('');
    await expect(page.getByRole('switch', { name: 'Hide deleted config changes' })).toBeChecked();
    await expect(page.getByLabel('Rows per page')).toHaveValue(String(DEFAULT_PAGE_SIZE));
    await expect(page.getByRole('columnheader', { name: 'Time' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    // Newest first.
    const times = result.changes?.map((change) => Date.parse(change.created_at)) ?? [];
    expect(times.length).toBe(DEFAULT_PAGE_SIZE);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    await expectAccessible(page, '/catalog/changes');

    // 'Hide deleted config changes' is the stored catalog preference, sent inverted.
    const shown = await searchOf(page, () =>
      page.getByRole('switch', { name: 'Hide deleted config changes' }).click(),
    );
    expect(shown.body.include_deleted_configs).toBe(true);
    await page.reload();
    await expect(
      page.getByRole('switch', { name: 'Hide deleted config changes' }),
    ).not.toBeChecked();
    await page.getByRole('switch', { name: 'Hide deleted config changes' }).click();
  });

  test('filters set by the URL reach the request, the rows and the controls', async ({ page }) => {
    test.setTimeout(120_000);
    const all = await searchOf(page, () => page.goto('/catalog/changes'));
    const sample = all.result.changes?.find((change) => change.name) as ChangeRow;

    let search = await searchOf(page, () =>
      page.goto('/catalog/changes?configTypes=Kubernetes__Pod:1'),
    );
    expect(search.body.config_type).toBe('Kubernetes::Pod');
    await showsRows(page, Math.min(search.result.total ?? 0, DEFAULT_PAGE_SIZE));
    for (const cell of await column(page, 1)) expect(cell).toContain('Kubernetes::Pod');
    await expect(page.getByRole('button', { name: /Config types.*1 active filter/ })).toBeVisible();

    search = await searchOf(page, () =>
      page.goto('/catalog/changes?configType=Kubernetes::Deployment'),
    );
    expect(search.body.config_type).toBe('Kubernetes::Deployment');
    await expect(page.getByLabel('Type', { exact: true })).toHaveValue('Kubernetes::Deployment');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(
      'Kubernetes::Deployment',
    );
    for (const cell of await column(page, 1)) expect(cell).toContain('Kubernetes::Deployment');

    search = await searchOf(page, () => page.goto('/catalog/changes?changeType=diff:1'));
    expect(search.body.type).toBe('diff');
    expect(search.result.total).toBeGreaterThan(0);
    expect(new Set(await column(page, 2))).toEqual(new Set(['diff']));
    await expect(page.getByRole('button', { name: /Change type.*1 active filter/ })).toBeVisible();

    search = await searchOf(page, () => page.goto('/catalog/changes?changeType=diff:-1'));
    expect(search.body.type).toBe('!diff');
    expect(await column(page, 2)).not.toContain('diff');

    search = await searchOf(page, () => page.goto('/catalog/changes?severity=high'));
    expect(search.body.severity).toBe('high');
    await expect(page.getByLabel('Severity', { exact: true })).toHaveValue('high');
    for (const cell of await column(page, 4)) expect(['Critical', 'High']).toContain(cell);

    search = await searchOf(page, () => page.goto('/catalog/changes?severity=Info'));
    expect(search.body.severity).toBe('info');
    await expect(page.getByLabel('Severity', { exact: true })).toHaveValue('info');

    search = await searchOf(page, () => page.goto('/catalog/changes?tags=cluster____lab:1'));
    expect(search.body.tags).toBe('cluster=lab');
    await expect(page.getByRole('button', { name: /Tags.*1 active filter/ })).toBeVisible();

    search = await searchOf(page, () => page.goto('/catalog/changes?summary=Job completed:1'));
    expect(search.body.summary).toBe('Job%20completed');
    expect(new Set(await column(page, 3))).toEqual(new Set(['Job completed']));

    search = await searchOf(page, () => page.goto('/catalog/changes?source=KubernetesEvent:-1'));
    expect(search.body.source).toBe('!KubernetesEvent');
    expect(search.result.total).toBeGreaterThan(0);
    expect(await column(page, 5)).not.toContain('KubernetesEvent');

    search = await searchOf(page, () =>
      page.goto('/catalog/changes?external_created_by=argocd:1&timeRange=30d'),
    );
    expect(search.body.created_by).toBe('argocd');
    expect(search.body.from).toBe('now-30d');
    expect(search.result.total).toBeGreaterThan(0);
    expect(new Set(await column(page, 6))).toEqual(new Set(['argocd']));
    await expect(page.getByRole('button', { name: /Created by.*1 active filter/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Time range: Last 30 days/ })).toBeVisible();

    const person = '0193a5c0-5555-7000-8000-000000000005';
    search = await searchOf(page, () => page.goto(`/catalog/changes?created_by=${person}`));
    expect(search.body.created_by).toBe(person);
    await expect(page.getByText(`Created by: ${person}`)).toBeVisible();
    await showsRows(page, 0);

    search = await searchOf(page, () => page.goto(`/catalog/changes?id=${sample.config_id}`));
    expect(search.body.id).toBe(sample.config_id);
    expect(search.body).not.toHaveProperty('recursive');
    await expect(page.getByText(`Config: ${sample.name}`)).toBeVisible();
    for (const cell of await column(page, 1)) expect(cell).toContain(sample.name as string);
    // Removing the chip clears the filter.
    search = await searchOf(page, () =>
      page.getByRole('button', { name: 'Remove filter' }).click(),
    );
    expect(search.body).not.toHaveProperty('id');
    await expect(page).not.toHaveURL(/[?&]id=/);

    search = await searchOf(page, () => page.goto('/catalog/changes?page=2'));
    expect(search.body.page).toBe(2);
    await expect(page.getByLabel('Page', { exact: true })).toHaveValue('2');

    search = await searchOf(page, () => page.goto('/catalog/changes?pageSize=50'));
    expect(search.body.page_size).toBe(50);
    await showsRows(page, 50);
    await expect(page.getByLabel('Rows per page')).toHaveValue('50');

    search = await searchOf(page, () =>
      page.goto('/catalog/changes?sortBy=count&sortDirection=asc'),
    );
    expect(search.body.sort_by).toBe('count');
    await expect(page.getByRole('columnheader', { name: 'Count' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    const counts = (await column(page, 7)).map(Number);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));

    // Downstream/Upstream apply on a config's page only; the global list sends no `recursive`.
    search = await searchOf(page, () =>
      page.goto('/catalog/changes?downstream=false&upstream=true'),
    );
    expect(search.body).not.toHaveProperty('recursive');

    // `selected` (highlighted config lines) is kept while the other filters change.
    await searchOf(page, () => page.goto('/catalog/changes?selected=L3-L5'));
    search = await searchOf(page, () =>
      page.getByLabel('Severity', { exact: true }).selectOption('critical'),
    );
    expect(search.body.severity).toBe('critical');
    await expect(page).toHaveURL(/selected=L3-L5/);
    await expect(page).toHaveURL(/severity=critical/);
    await expectAccessible(page, '/catalog/changes with filters');
  });

  test('filters picked in the controls are written to the URL', async ({ page }) => {
    const all = await searchOf(page, () => page.goto('/catalog/changes'));
    await page.getByRole('button', { name: 'Change type' }).click();
    await page.getByLabel('Find change type').fill('diff');
    const search = await searchOf(page, () =>
      page.getByRole('button', { name: 'Include diff', exact: true }).click(),
    );
    expect(search.body.type).toBe('diff');
    await expect(page).toHaveURL(/changeType=diff%3A1|changeType=diff:1/);
    await page.keyboard.press('Escape');
    // The unfiltered search is still cached (5 minutes), so clearing shows it without a request.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).not.toHaveURL(/changeType=/);
    await expect(
      page.getByText(`${(all.result.total ?? 0).toLocaleString('en-US')} changes`),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);
  });

  test('bad values fall back to the defaults', async ({ page }) => {
    const { body } = await searchOf(page, () =>
      page.goto(
        '/catalog/changes?severity=blocker&pageSize=33&page=0&sortBy=bogus&sortDirection=sideways' +
          '&timeRange=garbage&configTypes=broken&created_by=not-a-uuid&downstream=maybe&changeId=nope',
      ),
    );
    expect(body).toEqual({
      page: 1,
      page_size: DEFAULT_PAGE_SIZE,
      sort_by: '-created_at',
      include_deleted_configs: false,
      from: 'now-2d',
    });
    await expect(page.getByLabel('Severity', { exact: true })).toHaveValue('');
    await expect(page.getByRole('button', { name: /^Time range: Last 2 days/ })).toBeVisible();
    await expect(page.getByLabel('Rows per page')).toHaveValue(String(DEFAULT_PAGE_SIZE));
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('server paging with the total, and sorting in the URL', async ({ page }) => {
    const first = await searchOf(page, () => page.goto('/catalog/changes'));
    const total = first.result.total ?? 0;
    await expect(page.getByText(`${total.toLocaleString('en-US')} total`)).toBeVisible();
    await expect(page.getByText(`of ${Math.ceil(total / DEFAULT_PAGE_SIZE)}`)).toBeVisible();
    const second = await searchOf(page, () =>
      page.getByRole('button', { name: 'Next page' }).click(),
    );
    expect(second.body.page).toBe(2);
    await expect(page).toHaveURL(/page=2/);
    await showsRows(page, Math.min(DEFAULT_PAGE_SIZE, total - DEFAULT_PAGE_SIZE));
    const firstIds = new Set(first.result.changes?.map((change) => change.id));
    expect(second.result.changes?.some((change) => firstIds.has(change.id))).toBe(false);

    const sorted = await searchOf(page, () =>
      table(page).getByRole('button', { name: 'Source' }).click(),
    );
    expect(String(sorted.body.sort_by)).toMatch(/^-?source$/);
    expect(sorted.body.page).toBe(1);
    await expect(page).toHaveURL(/sortBy=source/);
    const direction = String(sorted.body.sort_by).startsWith('-') ? 'descending' : 'ascending';
    await expect(page.getByRole('columnheader', { name: 'Source' })).toHaveAttribute(
      'aria-sort',
      direction,
    );
    const flipped = await searchOf(page, () =>
      table(page).getByRole('button', { name: 'Source' }).click(),
    );
    expect(flipped.body.sort_by).toBe(direction === 'ascending' ? '-source' : 'source');
  });

  test('a change opens in a modal with its diff and patches; the link reopens it', async ({
    page,
  }) => {
    const { result } = await searchOf(page, () => page.goto('/catalog/changes?changeType=diff:1'));
    const change = result.changes?.[0] as ChangeRow;
    const opener = dataRows(page).first().getByRole('button').first();
    await opener.click();
    await expect(page).toHaveURL(new RegExp(`changeId=${change.id}`));
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: /diff/ })).toBeVisible();
    await expect(dialog.getByRole('link', { name: change.name })).toHaveAttribute(
      'href',
      `/catalog/${change.config_id}`,
    );
    await expect(dialog.getByText('Change type')).toBeVisible();
    await expect(dialog.getByText('First observed')).toBeVisible();
    await expect(dialog.getByText(change.summary as string).first()).toBeVisible();
    const diff = dialog.getByRole('region', { name: `Diff of ${change.name} (side by side)` });
    await expect(diff).toBeVisible();
    await expect(diff.getByText('Added').first()).toBeAttached();
    await expect(dialog.getByRole('heading', { name: 'Patches' })).toBeVisible();
    await expect(dialog.locator('pre').last()).toContainText('"spec"');
    await expect(dialog.getByRole('heading', { name: 'Details' })).toBeVisible();
    await expectAccessible(page, 'change modal');

    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).not.toHaveURL(/changeId=/);
    await expect(opener).toBeFocused();

    await page.goto(`/catalog/changes?changeType=diff:1&changeId=${change.id}`);
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'Patches' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('Export CSV writes every page with the current filters', async ({ page }) => {
    const { result } = await searchOf(page, () => page.goto('/catalog/changes?pageSize=50'));
    const total = result.total ?? 0;
    expect(total).toBeGreaterThan(50);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^catalog-changes-.*\.csv$/);
    const text = await readFile((await download.path()) as string, 'utf8');
    const lines = text
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter((line) => line !== '');
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines.length - 1).toBe(total);

    // With a filter, the export follows it.
    const filtered = await searchOf(page, () => page.goto('/catalog/changes?changeType=diff:1'));
    const [second] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const rows = (await readFile((await second.path()) as string, 'utf8'))
      .split(/\r?\n/)
      .filter((line) => line !== '')
      .slice(1);
    expect(rows.length).toBe(filtered.result.total);
    for (const row of rows) expect(row).toContain(',diff,');
  });

  test("a config's Changes tab: scoped, Downstream on and Upstream off", async ({ page }) => {
    const all = await searchOf(page, () => page.goto('/catalog/changes?timeRange=30d'));
    const sample = all.result.changes?.[0] as ChangeRow;
    const scoped = await searchOf(page, () => page.goto(`/catalog/${sample.config_id}/changes`));
    expect(scoped.body).toMatchObject({ id: sample.config_id, recursive: 'downstream', depth: 5 });
    await expect(page.getByRole('switch', { name: 'Downstream' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Upstream' })).not.toBeChecked();
    const both = await searchOf(page, () => page.getByRole('switch', { name: 'Upstream' }).click());
    expect(both.body.recursive).toBe('all');
    await expect(page).toHaveURL(/upstream=true/);
    const upstream = await searchOf(page, () =>
      page.getByRole('switch', { name: 'Downstream' }).click(),
    );
    expect(upstream.body.recursive).toBe('upstream');
    await expect(page).toHaveURL(/downstream=false/);
    await expectAccessible(page, 'config changes tab');
  });
});

test.describe('catalog changes (viewer)', () => {
  test.use({ storageState: storageStatePath('viewer') });

  test('a viewer reads the change log and its modal, with no write actions', async ({ page }) => {
    test.setTimeout(90_000);
    const { result } = await searchOf(page, () => page.goto('/catalog/changes'));
    expect(result.total).toBeGreaterThan(0);
    await expect(dataRows(page).first()).toBeVisible();
    const writes = /^(add|create|new|edit|save|delete|remove config|update)\b/i;
    await expect(page.getByRole('main').getByRole('button', { name: writes })).toHaveCount(0);
    await dataRows(page).first().getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Change type')).toBeVisible();
    await expect(dialog.getByRole('button', { name: writes })).toHaveCount(0);
    await expectAccessible(page, 'change modal (viewer)');
  });
});
