import { expect, test } from '@playwright/test';
import { storageStatePath } from './accounts';
import { expectAccessible } from './axe';
import { HealthPage } from './pages/health-page';

interface SummaryCheck {
  name: string;
  status?: string;
  canary_name?: string;
}

test.use({ storageState: storageStatePath('admin') });

test.describe('health dashboard', () => {
  test('lists the checks from the database with the right counts', async ({ page }) => {
    const response = await page.request.get('/api/canary/api/summary');
    expect(response.ok()).toBe(true);
    const checks = ((await response.json()) as { checks_summary?: SummaryCheck[] }).checks_summary;
    expect(checks?.length ?? 0).toBeGreaterThan(10);
    const passing = checks!.filter((check) => check.status === 'healthy').length;
    const failing = checks!.length - passing;
    expect(failing).toBeGreaterThan(0);

    const health = new HealthPage(page);
    await health.goto('?hidePassing=false&groupBy=no-group');
    expect(await health.shownCounts()).toEqual({ passing, failing });
    const failingCheck = checks!.find((check) => check.status !== 'healthy')!;
    await expect(health.rowNamed(failingCheck.name).first()).toBeVisible();
    await expectAccessible(page, '/health (all checks)');
  });

  test('hides passing checks by default and shows them on request', async ({ page }) => {
    const health = new HealthPage(page);
    await health.goto('?groupBy=no-group');
    const toggle = health.hidePassingToggle();
    await expect(toggle).toBeChecked();
    const hiddenRows = await page.getByRole('row').count();
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect(page).toHaveURL(/hidePassing=false/);
    await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(hiddenRows);
  });

  test('groups by canary and keeps the grouping in the URL', async ({ page }) => {
    const response = await page.request.get('/api/canary/api/summary');
    const checks = ((await response.json()) as { checks_summary: SummaryCheck[] }).checks_summary;
    const canary = checks.find((check) => check.canary_name)!.canary_name!;
    const health = new HealthPage(page);
    await health.goto('?hidePassing=false');
    await expect(page.getByRole('row').filter({ hasText: canary }).first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: canary }).first()).toBeVisible();
  });

  test('a bad value in the URL falls back to the default', async ({ page }) => {
    const health = new HealthPage(page);
    await health.goto('?hidePassing=maybe&groupBy=&tabBy=%7Bbad');
    await expect(health.hidePassingToggle()).toBeChecked();
    await expect(page.getByRole('tab', { name: /^All/ })).toBeVisible();
  });
});
