import { expect, test } from '@playwright/test';
import { storageStatePath } from './accounts';
import { expectAccessible } from './axe';

test.use({ storageState: storageStatePath('viewer') });

test('the example wiki page embeds a live health summary', async ({ page }) => {
  await page.goto('/examples/health-summary.html');
  const widget = page.locator('vigil-health-summary').first();
  await expect(widget).toBeVisible();
  // Playwright's locators pierce open shadow roots.
  await expect(widget.getByText(/passing/).first()).toBeVisible();
  const defined = await page.evaluate(() => Boolean(customElements.get('vigil-health-summary')));
  expect(defined).toBe(true);
  await expectAccessible(page, '/examples/health-summary.html');
});
