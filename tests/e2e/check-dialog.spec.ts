import { expect, test, type Page } from '@playwright/test';
import { storageStatePath } from './accounts';
import { expectAccessible } from './axe';
import { HealthPage } from './pages/health-page';

interface SummaryCheck {
  id: string;
  name: string;
  canary_name?: string;
  status?: string;
}

async function checkNamed(page: Page, name: string): Promise<SummaryCheck> {
  const response = await page.request.get('/api/canary/api/summary');
  const checks = ((await response.json()) as { checks_summary: SummaryCheck[] }).checks_summary;
  const check = checks.find((item) => item.name === name);
  expect(check, `a check named ${name}`).toBeDefined();
  return check!;
}

test.describe('check dialog (admin)', () => {
  test.use({ storageState: storageStatePath('admin') });

  test('opens from the table, shows tiles, history, spec and relationships, closes', async ({
    page,
  }) => {
    const check = await checkNamed(page, 'stripe webhook relay');
    const health = new HealthPage(page);
    await health.goto('?hidePassing=false&groupBy=no-group');
    await page.getByRole('link', { name: 'stripe webhook relay' }).click();
    await expect(page).toHaveURL(new RegExp(`checkId=${check.id}`));
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: /stripe webhook relay/ })).toBeVisible();
    await expect(dialog.getByText('Uptime', { exact: true })).toBeVisible();
    await expect(dialog.getByText(/passed · \d+ failed/)).toBeVisible();
    // History comes from /db/check_statuses: the table has rows with a duration.
    const history = dialog.getByRole('table');
    await expect(history.getByRole('row').nth(1)).toContainText(/ms|s/);
    await expectAccessible(page, 'check dialog (history)');

    await dialog.getByRole('tab', { name: 'Spec' }).click();
    await expect(dialog.getByText('responseCodes:')).toBeVisible();
    await dialog.getByRole('tab', { name: /Relationships/ }).click();
    await expect(dialog.getByRole('link').filter({ hasText: /\S/ }).first()).toBeVisible();

    // A shared link opens the same dialog.
    await page.reload();
    await expect(
      page.getByRole('dialog').getByRole('heading', { name: /stripe webhook relay/ }),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).not.toHaveURL(/checkId=/);
  });

  test('the history duration filter validates custom values with the spec text', async ({
    page,
  }) => {
    const check = await checkNamed(page, 'stripe webhook relay');
    await page.goto(`/health?checkId=${check.id}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Duration').selectOption({ label: 'Custom…' });
    const custom = dialog.getByLabel('Minimum duration');
    await custom.fill('1m');
    await custom.press('Enter');
    await expect(
      dialog.getByText('duration is allowed only in milli seconds & seconds'),
    ).toBeVisible();
    await custom.fill('250ms');
    await custom.press('Enter');
    await expect(
      dialog.getByText('duration is allowed only in milli seconds & seconds'),
    ).toHaveCount(0);
  });

  test('on a short screen the chart moves to a Graph tab', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    const check = await checkNamed(page, 'stripe webhook relay');
    await page.goto(`/health?checkId=${check.id}&timeRange=3h`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Graph' }).click();
    await expect(dialog.getByRole('tabpanel').getByText('Duration')).toBeVisible();
    await expect(dialog.getByText('3h', { exact: true })).toBeVisible();
  });

  test('Run Now runs a real check against the server and records a status', async ({ page }) => {
    const check = await checkNamed(page, 'vigil /api/health');
    await page.goto(`/health?hidePassing=false&checkId=${check.id}`);
    const dialog = page.getByRole('dialog');
    const before = await page.request.get(
      `/api/db/check_statuses?check_id=eq.${check.id}&select=time`,
      { headers: { Prefer: 'count=exact' } },
    );
    const countBefore = Number(before.headers()['content-range']?.split('/')[1] ?? 0);
    await dialog.getByRole('button', { name: 'Run Now' }).click();
    await expect(page.getByText(/Check passed/)).toBeVisible();
    await expect
      .poll(async () => {
        const after = await page.request.get(
          `/api/db/check_statuses?check_id=eq.${check.id}&select=time`,
          { headers: { Prefer: 'count=exact' } },
        );
        return Number(after.headers()['content-range']?.split('/')[1] ?? 0);
      })
      .toBeGreaterThan(countBefore);
  });
});

test.describe('check dialog (viewer)', () => {
  test.use({ storageState: storageStatePath('viewer') });

  test('a viewer sees no Run Now and the server refuses the call', async ({ page }) => {
    const check = await checkNamed(page, 'stripe webhook relay');
    await page.goto(`/health?checkId=${check.id}`);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: /stripe webhook relay/ })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Run Now' })).toHaveCount(0);
    const response = await page.request.post(`/api/canary/run/check/${check.id}`);
    expect(response.status()).toBe(403);
  });
});
