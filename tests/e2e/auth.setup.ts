import { expect, test as setup } from '@playwright/test';
import { ACCOUNTS, storageStatePath, type AccountRole } from './accounts';
import { LoginPage } from './pages/login-page';

// One saved login per role, reused by the specs (Playwright's storageState).
for (const role of Object.keys(ACCOUNTS) as AccountRole[]) {
  setup(`sign in as ${role}`, async ({ page }) => {
    const account = ACCOUNTS[role];
    const login = new LoginPage(page);
    await login.goto('/health');
    await login.signIn(account.username, account.password);
    await expect(page).toHaveURL(/\/health$/);
    await page.context().storageState({ path: storageStatePath(role) });
  });
}
