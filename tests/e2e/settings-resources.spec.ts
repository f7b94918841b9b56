/**
 * Generic settings resources (docs/settings.md, spec doc 3 §2.1): for each of the eight tables of
 * the generic editor (connections have their own page), an admin adds one through 'Add {name}'
 * (type picker, Form), opens it, breaks its spec in the YAML editor so the schema (or YAML)
 * error is shown with its place and nothing is saved, fixes it and updates (back to the list),
 * then deletes it. The health check is broken with a draft-07 rule of its schema (an HTTP body
 * only with POST or PUT, an if/then the editor checks since it validates with the schema's own
 * draft); the others with an unknown key (or broken YAML). One page load: the tables are reached
 * through the console's router. axe on the list, the add dialog and the detail page. What each
 * role is offered is tests/e2e/settings-roles.spec.ts.
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
  /**
   * How the spec is broken: a draft-07 if/then rule (an HTTP check with a body and GET), an
   * unknown key (schema) or broken YAML (no schema for teams).
   */
  breakWith?: 'draft07' | 'schema' | 'yaml';
  hasForm?: boolean;
}

const CASES: Case[] = [
  {
    table: 'canaries',
    path: '/settings/canaries',
    name: 'Health Check',
    type: /^TCP/,
    hasForm: true,
    breakWith: 'draft07',
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

/** The first line typed into each spec to break it, by how. */
const BREAKS = {
  draft07: 'http: [{name: e2e-body, url: "http://127.0.0.1:9", method: GET, body: hello}]',
  schema: 'bogusKey: 1',
  yaml: 'broken: x: y',
} as const;

/** What the problem list says about each break. */
const BREAK_MESSAGES: Record<keyof typeof BREAKS, RegExp> = {
  draft07: /Expected one of POST, PUT/,
  schema: /bogusKey/,
  yaml: /Line 1, column \d+: /,
};

/** A route change inside the console (its router follows history), without reloading it. */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function expectToast(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}

test.describe('settings resources (admin)', () => {
  test.use({ storageState: storageStatePath('admin') });

  test('create, edit with a spec error then fixed, and delete one of each table', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.goto(CASES[0]!.path);
    for (const [index, item] of CASES.entries()) {
      const name = `setres-${item.table.replace(/_/g, '-')}-${suffix}`;
      if (index > 0) await navigate(page, item.path);
      await page.getByRole('button', { name: `Add ${item.name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Add ${item.name}` });
      // The dialog's own element has no box (its panel is fixed): wait for it to exist.
      await expect(dialog).toHaveCount(1);
      if (item.type) {
        await expect(dialog.getByRole('list', { name: 'Types' })).toBeVisible();
        if (index === 0) {
          await expect(
            dialog.getByRole('link', { name: 'Health check documentation' }),
          ).toHaveAttribute('href', /^https:/);
        }
        await dialog.getByRole('button', { name: item.type }).first().click();
      }
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      if (item.table === 'properties') await dialog.getByLabel(/^Value/).fill('setres');
      await item.fill?.(dialog);
      if (index === 0) await expectAccessible(page, 'add dialog with the form');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, `${name} created successfully`);

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
        await page.keyboard.insertText(BREAKS[item.breakWith]);
        await page.keyboard.press('Escape');
        await page.keyboard.press('Enter');
        // The editor marks the problem where it is.
        await expect(page.locator('.cm-lintRange-error').first()).toBeVisible();
        if (index === 0) await expectAccessible(page, 'detail with a spec error');
        await page.getByRole('button', { name: 'Update' }).click();
        const problems = page.getByRole('alert').filter({ hasText: 'nothing was saved' });
        await expect(problems).toBeVisible();
        await expect(problems).toContainText(/Line \d+, column \d+: /);
        await expect(problems).toContainText(BREAK_MESSAGES[item.breakWith]);
        const stored = await page.request.get(
          `/api/db/${item.table}?${column}=eq.${encodeURIComponent(key)}&select=*`,
        );
        expect(JSON.stringify(await stored.json())).not.toMatch(/bogusKey|e2e-body|broken/);
        // Fix it: remove the first line again (Update lints at once, without the editor's delay).
        await editor.click();
        await page.keyboard.press('Control+Home');
        await page.keyboard.press('Shift+ArrowDown');
        await page.keyboard.press('Backspace');
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
