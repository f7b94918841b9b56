import { expect, type Locator, type Page } from '@playwright/test';

/** The health dashboard (`/health`). */
export class HealthPage {
  readonly counts: Locator;

  constructor(private readonly page: Page) {
    this.counts = page.getByRole('group', { name: 'Check counts' });
  }

  async goto(query = '') {
    await this.page.goto(`/health${query}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Health' })).toBeVisible();
  }

  /** The numbers shown as "N passing" and "N failing". */
  async shownCounts(): Promise<{ passing: number; failing: number }> {
    await expect(this.counts).toContainText('passing');
    const text = (await this.counts.textContent()) ?? '';
    const passing = Number(/(\d+) passing(?! hidden)/.exec(text)?.[1] ?? Number.NaN);
    const failing = Number(/(\d+) failing/.exec(text)?.[1] ?? Number.NaN);
    return { passing, failing };
  }

  hidePassingToggle() {
    return this.page.getByRole('switch', { name: 'Hide Passing' });
  }

  rowNamed(name: string) {
    return this.page.getByRole('row').filter({ hasText: name });
  }
}
