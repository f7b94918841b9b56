import { expect, test, type Page } from '@playwright/test';
import { storageStatePath } from './accounts';
import { expectAccessible } from './axe';

interface DetailRow {
  id: string;
  name: string;
  type: string;
  deleted_at: string | null;
  summary: {
    changes?: number;
    analysis?: number;
    relationships?: number;
    playbook_runs?: number;
    checks?: number;
  } | null;
}

const TABS = [
  { label: 'Config', path: '', key: undefined },
  { label: 'Changes', path: '/changes', key: 'changes' },
  { label: 'Insights', path: '/insights', key: 'analysis' },
  { label: 'Relationships', path: '/relationships', key: 'relationships' },
  { label: 'Playbooks', path: '/playbooks', key: 'playbook_runs' },
  { label: 'Checks', path: '/checks', key: 'checks' },
] as const;

/** 'k+' over 999, as the badges show counts (spec doc 2 §9). */
function formatCount(count: number): string {
  return count > 999 ? `${Math.round(count / 1000)}k+` : String(count);
}

async function configs(page: Page): Promise<DetailRow[]> {
  const response = await page.request.get(
    '/api/db/config_detail?select=id,name,type,deleted_at,summary&limit=1000',
  );
  expect(response.ok()).toBe(true);
  return (await response.json()) as DetailRow[];
}

/** A live config with changes, relationships, playbook runs and checks. */
async function richConfig(page: Page): Promise<DetailRow> {
  const rows = await configs(page);
  const found = rows.find(
    (row) =>
      !row.deleted_at &&
      (row.summary?.changes ?? 0) > 0 &&
      (row.summary?.relationships ?? 0) > 0 &&
      (row.summary?.playbook_runs ?? 0) > 0 &&
      (row.summary?.checks ?? 0) > 0,
  );
  expect(found, 'a demo config with changes, relationships, runs and checks').toBeDefined();
  return found!;
}

/**
 * page.goto, tried again once when the previous page's own late navigation (a tab writing its
 * URL state as it unloads) aborts it.
 */
async function gotoSettled(page: Page, url: string) {
  try {
    await page.goto(url);
  } catch (error) {
    if (!String(error).includes('ERR_ABORTED')) throw error;
    await page.goto(url);
  }
}

function tabs(page: Page) {
  return page.getByRole('navigation', { name: 'Config sections' });
}

test.describe('config detail', () => {
  test.use({ storageState: storageStatePath('admin') });

  test('breadcrumb, tab badges equal to the summary, every tab path and link', async ({ page }) => {
    const config = await richConfig(page);
    await page.goto(`/catalog/${config.id}`);
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link', { name: 'Catalog' })).toHaveAttribute(
      'href',
      '/catalog',
    );
    await expect(breadcrumb.getByRole('link', { name: config.type })).toHaveAttribute(
      'href',
      `/catalog?configType=${encodeURIComponent(config.type)}`,
    );
    await expect(breadcrumb.getByRole('heading', { level: 1, name: config.name })).toBeVisible();

    for (const tab of TABS) {
      const link = tabs(page).getByRole('link', { name: new RegExp(`^${tab.label}`) });
      await expect(link).toHaveAttribute('href', `/catalog/${config.id}${tab.path}`);
      if (tab.key) {
        const count = config.summary?.[tab.key] ?? 0;
        await expect(link).toHaveText(`${tab.label}${formatCount(count)}`);
      }
    }

    // Every tab path also loads on its own (a shared link).
    for (const tab of [...TABS].reverse()) {
      await gotoSettled(page, `/catalog/${config.id}${tab.path}`);
      await expect(
        tabs(page).getByRole('link', { name: new RegExp(`^${tab.label}`) }),
      ).toHaveAttribute('aria-current', 'page');
      await expect(page.getByText('Page not found')).toHaveCount(0);
    }

    // The tab links move between the tabs in the page.
    for (const tab of TABS) {
      await tabs(page)
        .getByRole('link', { name: new RegExp(`^${tab.label}`) })
        .click();
      await expect(page).toHaveURL(new RegExp(`/catalog/${config.id}${tab.path}(\\?|$)`));
      await expect(
        tabs(page).getByRole('link', { name: new RegExp(`^${tab.label}`) }),
      ).toHaveAttribute('aria-current', 'page');
    }
  });

  for (const tab of TABS) {
    test(`the ${tab.label} tab loads and is accessible`, async ({ page }) => {
      const config = await richConfig(page);
      await page.goto(`/catalog/${config.id}${tab.path}`);
      await expect(
        tabs(page).getByRole('link', { name: new RegExp(`^${tab.label}`) }),
      ).toHaveAttribute('aria-current', 'page');
      await page.waitForLoadState('networkidle');
      await expect(page.getByText('Something went wrong')).toHaveCount(0);
      await expectAccessible(page, `/catalog/{id}${tab.path}`);
    });
  }

  test('the sidebar shows the config details', async ({ page }) => {
    const config = await richConfig(page);
    await page.goto(`/catalog/${config.id}`);
    const sidebar = page.getByRole('complementary', { name: 'Config details' });
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByText('Status', { exact: true })).toBeVisible();
    await expect(sidebar.getByText('Last scraped')).toBeVisible();
    await expect(sidebar.getByRole('heading', { name: 'Labels' })).toBeVisible();
    const scraper = sidebar.getByRole('link').filter({ hasNotText: config.type });
    await expect(scraper.first()).toHaveAttribute('href', /^\/catalog\/scrapers\//);
  });

  test('a deleted config reads Deleted and Last status', async ({ page }) => {
    const deleted = (await configs(page)).find((row) => row.deleted_at);
    expect(deleted).toBeDefined();
    await page.goto(`/catalog/${deleted!.id}`);
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByText('Deleted')).toBeVisible();
    const sidebar = page.getByRole('complementary', { name: 'Config details' });
    await expect(sidebar.getByText('Last status')).toBeVisible();
  });

  test("'Details not found' for an unknown uuid and for a garbage id, without a request for the latter", async ({
    page,
  }) => {
    await page.goto('/catalog/00000000-0000-4000-8000-00000000abcd');
    await expect(page.getByRole('heading', { name: 'Details not found' })).toBeVisible();
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('config_detail')) requests.push(request.url());
    });
    await page.goto('/catalog/not-a-uuid%27%3B--/checks');
    await expect(page.getByRole('heading', { name: 'Details not found' })).toBeVisible();
    expect(requests).toEqual([]);
    await expectAccessible(page, 'config not found');
  });

  test('selected lines go into the URL and survive a reload', async ({ page }) => {
    const config = await richConfig(page);
    await page.goto(`/catalog/${config.id}`);
    const code = page.getByRole('group', { name: /^Config of / });
    await code.getByRole('button', { name: 'Line 3', exact: true }).click();
    await code.getByRole('button', { name: 'Line 5', exact: true }).click({ modifiers: ['Shift'] });
    await code.getByRole('button', { name: 'Line 8', exact: true }).click({
      modifiers: ['Control'],
    });
    await expect(page).toHaveURL(/[?&]selected=3-5%2C8(&|$)/);
    await page.reload();
    const reloaded = page.getByRole('group', { name: /^Config of / });
    for (const line of [3, 4, 5, 8]) {
      await expect(
        reloaded.getByRole('button', { name: `Line ${line}`, exact: true }),
      ).toHaveAttribute('aria-pressed', 'true');
    }
    await expect(reloaded.getByRole('button', { name: 'Line 6', exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(page.getByText('4 selected')).toBeVisible();
    // Folding a block hides its lines and keeps them one keyboard step away.
    await reloaded.getByRole('button', { name: /^Fold lines 1–/ }).click();
    await expect(reloaded.getByRole('button', { name: 'Line 2', exact: true })).toHaveCount(0);
  });

  test('playbooks and checks tabs list the runs and checks of the config', async ({ page }) => {
    const config = await richConfig(page);
    const runs = await page.request.get(
      `/api/db/playbook_runs?config_id=eq.${config.id}&select=id,status,playbooks(name,title)&order=created_at.desc`,
    );
    const runRows = (await runs.json()) as {
      id: string;
      status: string;
      playbooks: { name: string; title?: string };
    }[];
    expect(runRows.length).toBeGreaterThan(0);
    await page.goto(`/catalog/${config.id}/playbooks`);
    const runTable = page.getByRole('table', { name: 'Playbook runs' });
    await expect(runTable.getByRole('row')).toHaveCount(runRows.length + 1);
    const first = runRows[0]!;
    const runLink = runTable.getByRole('link', {
      name: first.playbooks.title || first.playbooks.name,
    });
    await expect(runLink.first()).toHaveAttribute('href', `/playbooks/runs/${first.id}`);
    await expect(runTable.getByRole('row').nth(1)).toContainText(
      first.status.charAt(0).toUpperCase() + first.status.slice(1),
    );

    const checks = await page.request.get(
      `/api/db/check_summary_for_config?config_id=eq.${config.id}`,
    );
    const checkRows = (await checks.json()) as { id: string; name: string }[];
    expect(checkRows.length).toBe(config.summary?.checks);
    await page.goto(`/catalog/${config.id}/checks`);
    const checkTable = page.getByRole('table', { name: 'Checks' });
    await expect(checkTable.getByRole('row')).toHaveCount(checkRows.length + 1);
    await expect(checkTable.getByRole('link', { name: checkRows[0]!.name })).toHaveAttribute(
      'href',
      `/health?checkId=${checkRows[0]!.id}`,
    );
  });

  test('empty playbooks and checks tabs say so', async ({ page }) => {
    const rows = await configs(page);
    const plain = rows.find(
      (row) => !row.deleted_at && !row.summary?.playbook_runs && !row.summary?.checks,
    )!;
    const runs = await page.request.get(`/api/db/playbook_runs?config_id=eq.${plain.id}&select=id`);
    test.skip(((await runs.json()) as unknown[]).length > 0, 'runs older than 30 days');
    await page.goto(`/catalog/${plain.id}/playbooks`);
    await expect(page.getByText('No playbook runs')).toBeVisible();
    await page.goto(`/catalog/${plain.id}/checks`);
    await expect(page.getByText('No checks')).toBeVisible();
  });

  test('the sidebar is behind a toggle on a small screen, and the choice is kept', async ({
    page,
  }) => {
    const config = await richConfig(page);
    await page.setViewportSize({ width: 700, height: 900 });
    await page.goto(`/catalog/${config.id}`);
    const sidebar = page.getByRole('complementary', { name: 'Config details' });
    await expect(sidebar).toBeHidden();
    await page.getByRole('button', { name: 'Show details' }).click();
    await expect(sidebar).toBeVisible();
    await page.goto(`/catalog/${config.id}/checks`);
    await expect(page.getByRole('button', { name: 'Hide details' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(page.getByRole('complementary', { name: 'Config details' })).toBeVisible();
  });
});

test.describe('config detail as a viewer', () => {
  test.use({ storageState: storageStatePath('viewer') });

  test('shows no write actions', async ({ page }) => {
    const config = await richConfig(page);
    const writes = /^(delete|edit|remove|unlink|link|run|save|create|add|new)\b/i;
    for (const tab of TABS) {
      await gotoSettled(page, `/catalog/${config.id}${tab.path}`);
      await expect(
        tabs(page).getByRole('link', { name: new RegExp(`^${tab.label}`) }),
      ).toHaveAttribute('aria-current', 'page');
      await page.waitForLoadState('networkidle');
      const main = page.getByRole('main');
      const names = await main
        .getByRole('button')
        .evaluateAll((buttons) =>
          buttons.map((button) => button.getAttribute('aria-label') ?? button.textContent ?? ''),
        );
      expect(
        names.filter((name) => writes.test(name.trim())),
        `write actions on ${tab.label}`,
      ).toEqual([]);
    }
  });
});
