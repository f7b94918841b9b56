import { expect, test, type Page } from '@playwright/test';
import { storageStatePath } from './accounts';
import { expectAccessible } from './axe';
import { HealthPage } from './pages/health-page';

interface SummaryCheck {
  id: string;
  name: string;
  status?: string;
  labels?: Record<string, string> | null;
}

async function summaryChecks(page: Page): Promise<SummaryCheck[]> {
  const response = await page.request.get('/api/canary/api/summary');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { checks_summary?: SummaryCheck[] }).checks_summary ?? [];
}

function urlParam(page: Page, name: string): string | null {
  return new URL(page.url()).searchParams.get(name);
}

test.describe('health dashboard views (admin)', () => {
  test.use({ storageState: storageStatePath('admin') });

  test('card layout shows every check as a card and survives a reload', async ({ page }) => {
    const checks = await summaryChecks(page);
    const health = new HealthPage(page);
    await health.goto('?hidePassing=false&groupBy=no-group');
    await page.getByRole('radio', { name: 'Cards' }).click();
    await expect(page).toHaveURL(/layout=card/);
    const cards = page.getByRole('list', { name: 'Health checks' }).getByRole('link');
    await expect(cards.first()).toBeVisible();
    // Virtualised: the cards on screen, not necessarily all 40.
    expect(await cards.count()).toBeGreaterThan(5);
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Cards' })).toBeChecked();
    await expect(cards.first()).toBeVisible();
    expect(checks.length).toBeGreaterThan(10);
    await expectAccessible(page, '/health (cards)');
  });

  test('label toggles include and exclude, live in the URL and change the counts', async ({
    page,
  }) => {
    const checks = await summaryChecks(page);
    const withTeam = checks.filter((check) => check.labels?.team === 'payments');
    expect(withTeam.length).toBeGreaterThan(0);
    const health = new HealthPage(page);
    await health.goto('?hidePassing=false&groupBy=no-group');
    await page.getByRole('button', { name: /^Labels/ }).click();
    const panel = page.getByLabel('Label filters');
    await panel.getByRole('button', { name: 'Include team: payments' }).click();
    await expect.poll(() => urlParam(page, 'labels')).toContain('canary:team:payments');
    const included = await health.shownCounts();
    expect(included.passing + included.failing).toBe(withTeam.length);
    // Exclude instead: every other check.
    await panel.getByRole('button', { name: 'Exclude team: payments' }).click();
    await expect
      .poll(async () => {
        const counts = await health.shownCounts();
        return counts.passing + counts.failing;
      })
      .toBe(checks.length - withTeam.length);
    // Pressing the active state again resets it.
    await panel.getByRole('button', { name: 'Exclude team: payments' }).click();
    await expect.poll(() => urlParam(page, 'labels')).toBeNull();
    await expectAccessible(page, '/health (label panel)');
  });

  test('tabs by namespace start with All and filter the table', async ({ page }) => {
    const health = new HealthPage(page);
    await health.goto('?hidePassing=false&groupBy=no-group');
    const tabs = page.getByRole('tab');
    await expect(tabs.first()).toHaveText(/^All/);
    const second = tabs.nth(1);
    const name = ((await second.textContent()) ?? '').replace(/\d+$/, '').trim();
    await second.click();
    await expect(page).toHaveURL(new RegExp(`tab=${encodeURIComponent(name)}`));
    await page.reload();
    await expect(page.getByRole('tab', { selected: true })).toHaveText(new RegExp(`^${name}`));
  });

  test('search filters by name, description, endpoint and canary name, and lives in the URL', async ({
    page,
  }) => {
    const health = new HealthPage(page);
    await health.goto('?hidePassing=false&groupBy=no-group');
    await page.getByLabel('Search checks').fill('stripe');
    await expect(page).toHaveURL(/query=stripe/);
    await expect(page.getByRole('link', { name: 'stripe webhook relay' })).toBeVisible();
    await expect
      .poll(async () => {
        const counts = await health.shownCounts();
        return counts.passing + counts.failing;
      })
      .toBe(1);
    // By endpoint: the gateway checks share pay.example.com.
    await page.goto('/health?hidePassing=false&groupBy=no-group&query=pay.example.com');
    await expect(page.getByLabel('Search checks')).toHaveValue('pay.example.com');
    await expect(page.getByRole('link', { name: 'gateway /healthz' })).toBeVisible();
  });

  test('tabs by agent name the agents and filter by them', async ({ page }) => {
    const health = new HealthPage(page);
    await health.goto('?hidePassing=false&groupBy=no-group&tabBy=agent_id');
    await expect(page.getByRole('tab').first()).toHaveText(/^All/);
    await expect(page.getByRole('tab', { name: /^local/ })).toBeVisible();
    await page.getByRole('tab', { name: /^local/ }).click();
    await expect(page).toHaveURL(/tab=00000000-0000-0000-0000-000000000000/);
  });

  test('pivot by a label shows one column per value', async ({ page }) => {
    const checks = await summaryChecks(page);
    const types = new Set(checks.map((check) => check.labels?.check_type).filter(Boolean));
    const health = new HealthPage(page);
    await health.goto('?hidePassing=false&pivotBy=check_type&pivotCellType=uptime&pivotLabel=team');
    const table = page.getByRole('table', { name: 'Health checks pivoted by check_type' });
    await expect(table).toBeVisible();
    // A row-name column plus one per check_type value.
    await expect(table.getByRole('columnheader')).toHaveCount(types.size + 1);
    await expect(table.getByRole('row').filter({ hasText: 'payments' })).toHaveCount(1);
  });

  test('sorting from the view options is kept in the URL', async ({ page }) => {
    const health = new HealthPage(page);
    // A width at which the toolbar wraps and puts View at the start of its row: the panel,
    // anchored at the button's end, opens toward the content instead of out of it.
    await page.setViewportSize({ width: 1280, height: 800 });
    await health.goto('?hidePassing=false&groupBy=no-group');
    await page.getByRole('button', { name: 'View' }).click();
    const panel = await page
      .getByRole('group', { name: 'View options' })
      .or(page.locator('[aria-label="View options"]'))
      .first()
      .boundingBox();
    const main = await page.locator('main').boundingBox();
    expect(panel && main && panel.x >= main.x && panel.x + panel.width <= main.x + main.width).toBe(
      true,
    );
    await page.getByLabel('Sort by').selectOption('latency');
    await page.getByLabel('Order').selectOption('desc');
    await expect(page).toHaveURL(/sortBy=latency/);
    await expect(page).toHaveURL(/sortDesc=true/);
    await expect(page.getByRole('columnheader', { name: /Latency/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  test('the time range goes to the URL and long ranges disable fast refresh rates', async ({
    page,
  }) => {
    const health = new HealthPage(page);
    await health.goto();
    // Once the checks are drawn: the panel keeps itself inside the page and moves when the rows
    // change the page's layout, which could take the option from under a click (ci-run23).
    await health.shownCounts();
    await page.getByRole('button', { name: /time range/i }).click();
    const picker = page.getByRole('dialog', { name: 'Select time range' });
    await picker
      .getByRole('listbox', { name: 'Relative ranges in the past' })
      .getByRole('option', { name: 'Last 3 hours' })
      .click();
    await expect(page).toHaveURL(/timeRange=3h/);
    await page.getByRole('button', { name: /auto-refresh/i }).click();
    const options = page.getByRole('listbox');
    for (const rate of ['15s', '30s', '2m', '3m']) {
      await expect(options.getByRole('option', { name: new RegExp(`^${rate}`) })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
    }
    await options.getByRole('option', { name: /^60s/ }).click();
    await expect(page.getByRole('button', { name: /auto-refresh/i })).toHaveText(/60s/);
    await page.reload();
    await expect(page.getByRole('button', { name: /auto-refresh/i })).toHaveText(/60s/);
    await expect(page.getByRole('button', { name: /time range/i })).toHaveText(/3 hours/);
    await expectAccessible(page, '/health (time range)');
  });

  test('the add-check button is shown to an admin', async ({ page }) => {
    const health = new HealthPage(page);
    await health.goto();
    await expect(page.getByRole('link', { name: 'Add check' })).toBeVisible();
  });
});

test.describe('health dashboard (viewer)', () => {
  test.use({ storageState: storageStatePath('viewer') });

  test('a viewer sees no add-check button', async ({ page }) => {
    const health = new HealthPage(page);
    await health.goto();
    await expect(page.getByRole('group', { name: 'Check counts' })).toContainText('failing');
    await expect(page.getByRole('link', { name: 'Add check' })).toHaveCount(0);
  });
});
