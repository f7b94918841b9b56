import { expect, test } from '@playwright/test';
import { ACCOUNTS, storageStatePath } from './accounts';
import { expectAccessible } from './axe';
import { AppShell } from './pages/app-shell';

test.describe('as admin', () => {
  test.use({ storageState: storageStatePath('admin') });

  test('the shell shows every area, the settings submenu and the user menu', async ({ page }) => {
    await page.goto('/health');
    const shell = new AppShell(page);
    for (const name of ['Dashboard', 'Health', 'Incidents', 'Catalog', 'Logs', 'Playbooks']) {
      await expect(shell.navLink(name)).toBeVisible();
    }
    await expect(shell.settingsToggle()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    await shell.openUserMenu();
    await expect(page.getByText(`Hi ${ACCOUNTS.admin.name}`)).toBeVisible();
    await expect(page.getByText('Frontend 1.0.805')).toBeVisible();
    await expect(page.getByText(/Backend \d+\.\d+\.\d+/)).toBeVisible();
    await page.keyboard.press('Escape');
    await expectAccessible(page, '/health as admin');
  });

  test('the sidebar collapses and remembers it', async ({ page }) => {
    await page.goto('/health');
    const shell = new AppShell(page);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await expect(shell.navLink('Health')).toBeVisible();
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
  });

  test('dark mode can be chosen, persists, and stays accessible', async ({ page }) => {
    await page.goto('/health');
    const shell = new AppShell(page);
    await shell.chooseTheme('Dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('group', { name: 'Check counts' })).toBeVisible();
    await expectAccessible(page, '/health in dark mode');
    await shell.chooseTheme('Light');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('unknown routes and bad sessions show the spec texts', async ({ page }) => {
    await page.goto('/error?error_code=BAD_SESSION');
    await expect(
      page.getByText(
        'Bad Session. Please try logging out and logging in again, if the problem persist, please contact us.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/');
    await page.goto('/error?error_code=SOMETHING');
    await expect(page.getByText('Unknown error')).toBeVisible();
  });
});

test.describe('as viewer', () => {
  test.use({ storageState: storageStatePath('viewer') });

  test('navigation hides Settings and the server refuses writes', async ({ page }) => {
    await page.goto('/health');
    const shell = new AppShell(page);
    await expect(shell.navLink('Health')).toBeVisible();
    await expect(shell.settingsToggle()).toHaveCount(0);
    await shell.openUserMenu();
    await expect(page.getByText(`Hi ${ACCOUNTS.viewer.name}`)).toBeVisible();
    await page.keyboard.press('Escape');

    const write = await page.request.post('/api/db/canaries', {
      data: { name: 'x', namespace: 'default', spec: {} },
    });
    expect(write.status()).toBe(403);
    expect(write.headers()['x-rbac-action']).toBe('write');
    expect(await write.text()).toBe('unauthorized. Access Denied');
    await expectAccessible(page, '/health as viewer');
  });
});
