/**
 * Generic settings resources (docs/settings.md, spec doc 3 §2.1): for each of the eight tables of
 * the generic editor (connections have their own page), an admin adds one through 'Add {name}'
 * (type picker, Form), opens it, breaks its spec in the YAML editor so the schema (or YAML)
 * error is shown with its place and nothing is saved, fixes it and updates (back to the list),
 * then deletes it. A viewer and a responder see no write action and the server refuses them.
 * axe on the list, the add dialog and the detail page.
 */
import { expect, test, type Page } from '@playwright/test';
import { storageStatePath } from './accounts';
import { expectAccessible } from './axe';

interface Case {
  table: string;
  path: string;
  name: string;
  /** The type picked in the add dialog's grid. */
  type?: RegExp;
  /** Fills what the form requires besides Name. */
  fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>;
  /** How the spec is broken: an unknown key (schema) or broken YAML (no schema for teams). */
  breakWith?: 'schema' | 'yaml';
  hasForm?: boolean;
}

const CASES: Case[] = [
  {
    table: 'canaries',
    path: '/settings/canaries',
    name: 'Health Check',
    type: /^TCP/,
    hasForm: true,
    breakWith: 'schema',
    fill: async (dialog) => {
      await dialog.getByLabel(/^Check name/).fill('setres-port');
      await dialog.getByRole('textbox', { name: /^URL/ }).fill('127.0.0.1:9');
    },
  },
  {
    table: 'topologies',
    path: '/settings/topologies',
    name: 'Topology',
    type: /^Custom Topology/,
    hasForm: true,
    breakWith: 'schema',
  },
  {
    table: 'config_scrapers',
    path: '/settings/config_scrapers',
    name: 'Catalog Scraper',
    type: /^Kubernetes/,
    hasForm: true,
    breakWith: 'schema',
    fill: async (dialog) => {
      await dialog.getByLabel(/^Cluster name/).fill('setres-cluster');
    },
  },
  {
    table: 'logging_backends',
    path: '/settings/log-backends',
    name: 'Log Backend',
    type: /^Loki/,
    breakWith: 'schema',
  },
  {
    table: 'notifications',
    path: '/settings/notifications',
    name: 'Notification',
    breakWith: 'schema',
  },
  { table: 'properties', path: '/settings/properties', name: 'Property' },
  {
    table: 'incident_rules',
    path: '/settings/incident_rules',
    name: 'Incident Rule',
    hasForm: true,
    breakWith: 'schema',
  },
  { table: 'teams', path: '/settings/teams', name: 'Team', breakWith: 'yaml' },
];

const suffix = Date.now().toString(36);

async function expectToast(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}

test.describe('settings resources (admin)', () => {
  test.use({ storageState: storageStatePath('admin') });

  test('create, edit with a spec error then fixed, and delete one of each table', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    for (const [index, item] of CASES.entries()) {
      const name = `setres-${item.table.replace(/_/g, '-')}-${suffix}`;
      await page.goto(item.path);
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
      await page.getByRole('button', { name: `Add ${item.name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Add ${item.name}` });
      if (item.type) {
        await expect(dialog.getByRole('list', { name: 'Types' })).toBeVisible();
        if (index === 0) {
          await expect(
            dialog.getByRole('link', { name: 'Health check documentation' }),
          ).toHaveAttribute('href', /^https:/);
          await expectAccessible(page, 'type picker');
        }
        await dialog.getByRole('button', { name: item.type }).first().click();
      }
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      if (item.table === 'properties') await dialog.getByLabel(/^Value/).fill('setres');
      await item.fill?.(dialog);
      if (index === 0) await expectAccessible(page, 'add dialog with the form');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, `${name} created successfully`);
      await expect(dialog).toHaveCount(0);

      const link = page.getByRole('table').getByRole('link', { name, exact: true });
      await expect(link).toBeVisible();
      if (index === 0) await expectAccessible(page, 'list');
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${item.path}/[^/]+$`));
      const key = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
      const column = item.table === 'properties' ? 'name' : 'id';

      if (item.breakWith) {
        if (item.hasForm) await page.getByRole('tab', { name: 'Code' }).click();
        const editor = page.getByRole('textbox', { name: `${item.name} spec (YAML)` });
        await expect(editor).toBeVisible();
        await editor.click();
        await page.keyboard.press('Control+Home');
        await page.keyboard.type(item.breakWith === 'schema' ? 'bogusKey: 1' : 'broken: x: y');
        await page.keyboard.press('Escape');
        await page.keyboard.press('Enter');
        // The editor marks the problem where it is.
        await expect(page.locator('.cm-lintRange-error').first()).toBeVisible();
        if (index === 0) await expectAccessible(page, 'detail with a spec error');
        await page.getByRole('button', { name: 'Update' }).click();
        const problems = page.getByRole('alert').filter({ hasText: 'nothing was saved' });
        await expect(problems).toBeVisible();
        await expect(problems).toContainText(/Line \d+, column \d+: /);
        if (item.breakWith === 'schema') await expect(problems).toContainText(/bogusKey/);
        const stored = await page.request.get(
          `/api/db/${item.table}?${column}=eq.${encodeURIComponent(key)}&select=*`,
        );
        expect(JSON.stringify(await stored.json())).not.toContain('bogusKey');

        // Fix it: remove the first line again.
        await editor.click();
        await page.keyboard.press('Control+Home');
        await page.keyboard.press('Shift+ArrowDown');
        await page.keyboard.press('Backspace');
        await expect(page.locator('.cm-lintRange-error')).toHaveCount(0);
      } else {
        await page.getByLabel(/^Value/).fill('setres-updated');
      }
      await page.getByRole('button', { name: 'Update' }).click();
      await expectToast(page, `${name} updated successfully`);
      await expect(page).toHaveURL(new RegExp(`${item.path}$`));

      await page.getByRole('link', { name, exact: true }).click();
      await page.getByRole('button', { name: 'Delete' }).click();
      await page
        .getByRole('dialog', { name: `Delete ${name}?` })
        .getByRole('button', { name: 'Delete' })
        .click();
      await expectToast(page, `${name} deleted successfully`);
      await expect(page).toHaveURL(new RegExp(`${item.path}$`));
      await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
    }
  });
});

test.describe('settings resources (viewer and responder)', () => {
  test.use({ storageState: storageStatePath('viewer') });

  test('no write actions are shown and the server refuses writes', async ({ page, browser }) => {
    await page.goto('/settings/canaries');
    await expect(page.getByRole('table', { name: 'Health Checks' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Health Check' })).toHaveCount(0);
    // The demo's log backends were created in the UI: only the missing permission locks them.
    await page.goto('/settings/log-backends');
    await page
      .getByRole('table', { name: 'Log Backends' })
      .getByRole('link', { name: 'loki' })
      .click();
    await expect(page.getByRole('form', { name: 'Log Backend spec' })).toBeVisible();
    await expect(page.getByText(/you do not have permission to change log backends/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expectAccessible(page, 'read-only detail');
    const origin = new URL(page.url()).origin;
    const refused = await page.request.post('/api/db/teams', {
      headers: { Origin: origin },
      data: { name: `setres-viewer-${suffix}`, spec: {} },
    });
    expect(refused.status()).toBe(403);

    const context = await browser.newContext({ storageState: storageStatePath('responder') });
    const responder = await context.newPage();
    await responder.goto('/settings/topologies');
    await expect(responder.getByRole('table', { name: 'Topologies' })).toBeVisible();
    await expect(responder.getByRole('button', { name: 'Add Topology' })).toHaveCount(0);
    const canary = await responder.request.post('/api/db/canaries', {
      headers: { Origin: origin },
      data: { name: `setres-responder-${suffix}`, namespace: 'default', spec: {} },
    });
    expect(canary.status()).toBe(403);
    const rules = await responder.request.get('/api/db/incident_rules?select=id&limit=1');
    const [first] = (await rules.json()) as { id: string }[];
    const patch = await responder.request.patch(`/api/db/incident_rules?id=eq.${first!.id}`, {
      headers: { Origin: origin },
      data: { deleted_at: 'now()' },
    });
    expect(patch.status()).toBe(403);
    await context.close();
  });
});
