/**
 * The identity flows' error handling end to end (issue 16, docs/identity.md "Error ids", spec
 * doc 3 §8): a signed-in browser is sent home from the sign-in and registration pages
 * (`session_already_available`). The errors that need time (an expired flow's 410, the privileged
 * age's 403 and 'Confirm Action') are in identity-expiry.spec.ts, on a server of its own with short
 * lifespans; registration turned off by a property is in identity.spec.ts (it would refuse that
 * file's registrations if both ran side by side).
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { storageStatePath } from './accounts';

test.describe('signed in', () => {
  // One signed-in browser for the tests below (they change nothing of the account).
  test.describe.configure({ mode: 'serial' });
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    context = await browser.newContext({ storageState: storageStatePath('responder') });
    page = await context.newPage();
  });
  test.afterAll(async () => {
    await context.close();
  });

  test('session_already_available: /registration and /login go home', async () => {
    for (const path of ['/registration', '/login']) {
      await page.goto(path);
      await expect(page).not.toHaveURL(/\/(registration|login)/);
      await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    }
  });
});
