import { expect, test, type Page } from '@playwright/test';
import { storageStatePath } from './accounts';
import { expectAccessible } from './axe';
import { HealthPage } from './pages/health-page';

interface SummaryCheck {
  id: string;
  name: string;
  status?: string;
}

async function failingCheck(page: Page): Promise<SummaryCheck> {
  const response = await page.request.get('/api/canary/api/summary');
  expect(response.ok()).toBe(true);
  const checks = ((await response.json()) as { checks_summary: SummaryCheck[] }).checks_summary;
  const check = checks.find((item) => item.status !== 'healthy');
  expect(check, 'a failing check in the demo data').toBeDefined();
  return check!;
}

/** The console's root font size in CSS pixels. */
function rootFontSize(page: Page): Promise<number> {
  return page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
}

test.describe('kiosk (signed in as admin)', () => {
  test.use({ storageState: storageStatePath('admin') });

  test('shows the health dashboard without chrome or write actions, in dark, with a countdown', async ({
    page,
  }) => {
    const health = new HealthPage(page);
    await health.goto('?kiosk&hidePassing=false');
    const counts = await health.shownCounts();
    expect(counts.passing + counts.failing).toBeGreaterThan(10);
    const status = page.getByRole('region', { name: 'Kiosk status' });
    await expect(status.getByText(/^Updated /)).toBeVisible();
    await expect(status.getByText(/^Next refresh in \d+s$/)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('html')).toHaveAttribute('data-kiosk', 'standard');
    // The wake lock is asked for; whether the browser grants it does not matter.
    await expect(page.locator('[data-kiosk-layout]')).toHaveAttribute(
      'data-wake-lock',
      /^(active|pending|refused|released|unsupported)$/,
    );
    // No sidebar, header menus, filter toolbar or write action.
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'User menu' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Notifications' })).toHaveCount(0);
    await expect(page.getByRole('switch', { name: 'Hide Passing' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Add check/ })).toHaveCount(0);
    await expectAccessible(page, '/health?kiosk');
  });

  test('the check dialog offers no write action on a kiosk', async ({ page }) => {
    const check = await failingCheck(page);
    await page.goto(`/health?kiosk&checkId=${check.id}`);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('tab', { name: 'History' })).toBeVisible();
    for (const name of ['Run Now', 'Attach as Evidence']) {
      await expect(dialog.getByRole('button', { name })).toHaveCount(0);
    }
    await expect(dialog.getByRole('button', { name: /Playbooks/ })).toHaveCount(0);
    await expect(dialog.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await expectAccessible(page, 'check dialog on a kiosk');
  });

  test('kiosk=tv scales the type further than the standard kiosk', async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    const health = new HealthPage(page);
    await health.goto('');
    const consoleSize = await rootFontSize(page);
    await health.goto('?kiosk');
    const kioskSize = await rootFontSize(page);
    await health.goto('?kiosk=tv');
    await expect(page.locator('html')).toHaveAttribute('data-kiosk', 'tv');
    const tvSize = await rootFontSize(page);
    expect(kioskSize).toBeGreaterThan(consoleSize);
    expect(tvSize).toBeGreaterThan(kioskSize);
    expect(tvSize).toBeGreaterThanOrEqual(26);
    await expectAccessible(page, '/health?kiosk=tv');
  });

  test('theme=light overrides the kiosk default without changing the stored choice', async ({
    page,
  }) => {
    await page.goto('/health?kiosk&theme=light');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('vigil-theme'))).not.toBe('light');
  });

  test('rotates through the tabs of the health dashboard', async ({ page }) => {
    await page.goto('/health?kiosk&rotate=5s&hidePassing=false');
    const status = page.getByRole('region', { name: 'Kiosk status' });
    await expect(status.getByText(/^Next tab in \d+s$/)).toBeVisible();
    await expect(page).toHaveURL(/[?&]tab=/, { timeout: 12_000 });
    const tab = new URL(page.url()).searchParams.get('tab')!;
    await expect(page.getByRole('tab', { selected: true })).toContainText(tab);
    await expect(status.getByText(/^2\/\d+$/)).toBeVisible();
  });

  test('rotates through the views given by the URL, starting with the first', async ({ page }) => {
    await page.goto('/?kiosk&rotate=5s&views=/health?layout=card,/health?groupBy=no-group');
    await expect(page).toHaveURL(/\/health\?layout=card$/);
    const status = page.getByRole('region', { name: 'Kiosk status' });
    await expect(status.getByText('1/2')).toBeVisible();
    await expect(page).toHaveURL(/\/health\?groupBy=no-group$/, { timeout: 12_000 });
    await expect(status.getByText('2/2')).toBeVisible();
    // Navigation inside the kiosk keeps it: the URL no longer says kiosk, the screen still is one.
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  });

  test('keeps the last data under a stale banner while the API fails, and reconnects', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const health = new HealthPage(page);
    await health.goto('?kiosk&refresh=5s&hidePassing=false&groupBy=no-group');
    const before = await health.shownCounts();
    await page.route('**/api/canary/api/summary*', (route) =>
      route.fulfill({ status: 503, json: { error: 'maintenance window' } }),
    );
    const banner = page.getByRole('alert').filter({ hasText: 'Data is not up to date' });
    await expect(banner).toBeVisible({ timeout: 20_000 });
    await expect(banner).toContainText('maintenance window');
    await expect(page.getByText(/Next attempt in \d+s/)).toBeVisible();
    expect(await health.shownCounts()).toEqual(before);
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await expectAccessible(page, 'kiosk stale banner');

    await page.unroute('**/api/canary/api/summary*');
    await expect(banner).toHaveCount(0, { timeout: 25_000 });
    await expect(page.getByText(/^Updated (just now|\d+s ago)$/)).toBeVisible();
  });

  test('reloads itself when a new console build is deployed', async ({ page }) => {
    test.setTimeout(60_000);
    const baseline = page.waitForRequest((request) => request.url().endsWith('/index.html'));
    await page.goto('/health?kiosk&versionCheck=5s');
    await baseline;
    // From now on index.html names another script, as after a deployment.
    await page.route('**/index.html', async (route) => {
      try {
        const response = await route.fetch();
        const body = (await response.text()).replace(
          '</head>',
          '<script type="module" src="/assets/index-new-build.js"></script></head>',
        );
        await route.fulfill({ response, body });
      } catch {
        // The page reloaded while this version poll was in flight: nothing is waiting for it.
      }
    });
    const reloaded = page.waitForEvent('load', { timeout: 40_000 });
    await reloaded;
    // Still a kiosk after the reload.
    await expect(page.getByRole('region', { name: 'Kiosk status' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  });

  test('health-only mode (config.json) shows only the health dashboard with no write action', async ({
    page,
  }) => {
    await page.route('**/config.json', (route) =>
      route.fulfill({
        json: {
          apiBase: '/api',
          auth: 'basic',
          healthOnly: true,
          docsUrl: 'https://docs.flanksource.com',
        },
      }),
    );
    const check = await failingCheck(page);
    await page.goto('/topology');
    await expect(page).toHaveURL(/\/health$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Health' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'User menu' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Add check/ })).toHaveCount(0);
    await page.goto(`/health?checkId=${check.id}`);
    const dialog = page.getByRole('dialog');
    // The server serves only the summary and the graph: tiles and chart, no /db tabs.
    await expect(dialog.getByRole('heading', { name: 'Health Overview' })).toBeVisible();
    await expect(dialog.getByRole('tab')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Run Now' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: /Playbooks/ })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Attach as Evidence' })).toHaveCount(0);
    await expect(dialog.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await expectAccessible(page, 'health-only check dialog');
  });
});

test.describe('kiosk without a session', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('explains in place instead of going to the sign-in page', async ({ page }) => {
    await page.goto('/health?kiosk');
    await expect(
      page.getByRole('heading', { level: 1, name: 'This screen is not signed in' }),
    ).toBeVisible();
    await expect(page.getByText(/Trying again in \d+s \(attempt \d+\)/)).toBeVisible();
    await expect(page).toHaveURL(/\/health\?kiosk$/);
    await expectAccessible(page, 'signed-out kiosk');
  });
});
