import { expect, test } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import { expectAccessible } from './axe';
import { AppShell } from './pages/app-shell';
import { LoginPage } from './pages/login-page';

test.describe('signing in and out', () => {
  test('a signed-out visitor is sent to sign-in and back to the page asked for', async ({
    page,
  }) => {
    await page.goto('/health?groupBy=type');
    await expect(page).toHaveURL(/\/login\?return_to=%2Fhealth%3FgroupBy%3Dtype/);
    const login = new LoginPage(page);
    await expect(login.identifier).toBeVisible();
    await expectAccessible(page, 'the sign-in page');
    await login.signIn(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    await expect(page).toHaveURL(/\/health\?groupBy=type$/);
  });

  test('a wrong password shows the flow message and keeps the user on sign-in', async ({
    page,
  }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(ACCOUNTS.admin.username, 'not-the-password');
    await expect(page.getByText(/The provided credentials are invalid/)).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await expect(login.identifier).toHaveValue(ACCOUNTS.admin.username);
  });

  test('return_to outside this origin is ignored', async ({ page }) => {
    await page.goto('/login?return_to=https%3A%2F%2Fevil.example%2Fsteal');
    const login = new LoginPage(page);
    await login.signIn(ACCOUNTS.viewer.username, ACCOUNTS.viewer.password);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/(topology)?$/);
  });

  test('sign out ends the session and returns to sign-in', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto('/health');
    await login.signIn(ACCOUNTS.viewer.username, ACCOUNTS.viewer.password);
    await expect(page).toHaveURL(/\/health$/);
    await new AppShell(page).signOut();
    await expect(page).toHaveURL(/\/login/);
    const whoami = await page.request.get('/api/auth/whoami');
    expect(whoami.status()).toBe(401);
  });
});
