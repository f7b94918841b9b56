import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { storageStatePath } from './accounts';
import { expectAccessible } from './axe';

interface ScraperRow {
  id: string;
  name: string;
  source: string;
}

async function scrapers(page: Page): Promise<ScraperRow[]> {
  const response = await page.request.get(
    '/api/db/config_scrapers_with_status?select=id,name,source&deleted_at=is.null&order=created_at.desc',
  );
  expect(response.ok()).toBe(true);
  return (await response.json()) as ScraperRow[];
}

async function jobCount(page: Page, id: string): Promise<number> {
  const response = await page.request.get(
    `/api/db/job_histories?select=id&limit=1&resource_id=eq.${id}`,
    { headers: { Prefer: 'count=exact' } },
  );
  expect(response.ok()).toBe(true);
  return Number((response.headers()['content-range'] ?? '').split('/')[1]);
}

const list = (page: Page) => page.getByRole('table', { name: 'Config scrapers' });
/** Write actions by their verb (a word on its own: the 'Updated' column header is no action). */
const WRITE_ACTIONS = /\b(add|edit|delete|save|update|create|run now)\b/i;

test.describe('catalog scrapers (admin)', () => {
  test.use({ storageState: storageStatePath('admin') });

  test('the list shows each scraper with its kind icon, source and last job', async ({ page }) => {
    const all = await scrapers(page);
    expect(all.length).toBeGreaterThan(0);
    await page.goto('/catalog/scrapers');
    await expect(page.getByRole('navigation', { name: 'Catalog sections' })).toBeVisible();
    await expect(
      page
        .getByRole('navigation', { name: 'Catalog sections' })
        .getByRole('link', { name: 'Scrapers' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(list(page).getByRole('row')).toHaveCount(all.length + 1);
    const kubernetes = list(page).getByRole('row').filter({ hasText: 'kubernetes-prod-eu-west-1' });
    await expect(kubernetes.locator('[data-scraper-kind="kubernetes"]')).toBeVisible();
    await expect(kubernetes).toContainText('Kubernetes');
    await expect(kubernetes).toContainText('KubernetesCRD');
    await expect(kubernetes).toContainText(/Success|Warning|Failed|Running/);
    const aws = list(page).getByRole('row').filter({ hasText: 'aws-accounts' });
    await expect(aws.locator('[data-scraper-kind="aws"]')).toBeVisible();
    await expectAccessible(page, 'scrapers list');

    // Sorting is in the URL and sent to the server.
    const sorted = page.waitForRequest(
      (request) =>
        request.url().includes('config_scrapers_with_status') &&
        request.url().includes('order=name.asc'),
    );
    await list(page).getByRole('button', { name: /Name/ }).click();
    await sorted;
    await expect(page).toHaveURL(/sortBy=name&sortOrder=asc/);
    const names = [...all.map((row) => row.name)].sort((a, b) => a.localeCompare(b));
    await expect(list(page).getByRole('row').nth(1)).toContainText(names[0]!);
  });

  test('Export CSV writes the listed scrapers', async ({ page }) => {
    const all = await scrapers(page);
    await page.goto('/catalog/scrapers');
    await expect(list(page).getByRole('row')).toHaveCount(all.length + 1);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const text = await readFile(await (await download).path(), 'utf8');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Name,Kind,Source,Agent,Last job,Last run,Created,Updated');
    expect(lines).toHaveLength(all.length + 1);
    expect(lines.find((line) => line.startsWith('aws-accounts,'))).toMatch(
      /^aws-accounts,AWS,KubernetesCRD,/,
    );
  });

  test('detail: Spec (read-only YAML with the reason) and Job History (paged)', async ({
    page,
  }) => {
    const scraper = (await scrapers(page)).find((row) => row.name === 'kubernetes-prod-eu-west-1')!;
    await page.goto('/catalog/scrapers');
    await list(page).getByRole('link', { name: scraper.name }).click();
    await expect(page).toHaveURL(`/catalog/scrapers/${scraper.id}`);
    await expect(page.getByRole('heading', { name: scraper.name })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Spec' })).toHaveAttribute('aria-selected', 'true');
    const spec = page.getByLabel('Scraper spec');
    await expect(spec).toContainText('kubernetes:');
    await expect(spec).toContainText('clusterName: prod-eu-west-1');
    await expect(page.getByRole('note')).toContainText('Read-only');
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expectAccessible(page, 'scraper spec');

    const total = await jobCount(page, scraper.id);
    expect(total).toBeGreaterThan(50);
    await page.getByRole('tab', { name: 'Job History' }).click();
    await expect(page).toHaveURL(/tab=jobs/);
    const jobs = page.getByRole('table', { name: 'Job history' });
    await expect(jobs.getByRole('row')).toHaveCount(51);
    await expect(jobs.getByRole('row').nth(1)).toContainText(
      /Success|Warning|Failed|Skipped|Running/,
    );
    await expect(page.getByText(`${total.toLocaleString('en-US')} total`)).toBeVisible();
    await expectAccessible(page, 'scraper job history');

    await page.getByRole('button', { name: /next page/i }).click();
    await expect(page).toHaveURL(/page=1/);
    await expect(jobs.getByRole('row').nth(1)).toBeVisible();

    // The jobs export holds every run of this scraper.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const text = await readFile(await (await download).path(), 'utf8');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Status,Started,Duration (ms),Success,Errors,Error details,Host');
    // An error cell may span lines inside quotes; count the records by their status word.
    expect(
      lines.filter((line) => /^(Success|Warning|Failed|Skipped|Running|Stopped),/.test(line)),
    ).toHaveLength(total);

    // A shared link restores the tab and page.
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Job History' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  test('an unknown scraper id shows a clear not-found state', async ({ page }) => {
    for (const id of ['not-an-id', '00000000-0000-4000-8000-000000000000']) {
      await page.goto(`/catalog/scrapers/${id}`);
      await expect(page.getByText('Scraper not found')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to scrapers' })).toBeVisible();
    }
    await expectAccessible(page, 'scraper not found');
  });
});

test.describe('catalog scrapers (viewer)', () => {
  test.use({ storageState: storageStatePath('viewer') });

  test('a viewer sees scrapers and their jobs without write actions', async ({ page }) => {
    const scraper = (await scrapers(page))[0]!;
    await page.goto('/catalog/scrapers');
    await expect(list(page).getByRole('row').nth(1)).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('button', { name: WRITE_ACTIONS })).toHaveCount(0);
    await page.goto(`/catalog/scrapers/${scraper.id}?tab=jobs`);
    await expect(
      page.getByRole('table', { name: 'Job history' }).getByRole('row').nth(1),
    ).toBeVisible();
    await expect(main.getByRole('button', { name: WRITE_ACTIONS })).toHaveCount(0);
    await expectAccessible(page, 'scraper detail (viewer)');
  });
});
