/**
 * Settings → Connections (spec doc 3 §2.2, §8): an admin adds a PostgreSQL and an HTTP connection
 * through the type picker and each type's form, tests them against real services (a PostgreSQL
 * server this test starts when the binaries are installed, and this Vigil server's own HTTP
 * endpoints) with the spec's success and failure texts, edits and deletes; the stored password
 * never comes back in plain text. What the other roles see, and the server's refusals, are
 * tests/e2e/settings-roles.spec.ts and server/test/settings-rbac.test.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  postgresAvailable,
  startPostgres,
  type PostgresServer,
} from '../../server/test/helpers/postgres-server';
import { storageStatePath } from './accounts';
import { expectAccessible } from './axe';

const SECRET = 'e2e-Secret-Pw-7';

interface StoredConnection {
  id: string;
  name: string;
  url: string | null;
  password: string | null;
}

async function stored(page: Page, name: string): Promise<StoredConnection | undefined> {
  const response = await page.request.get(
    `/api/db/connections?name=eq.${encodeURIComponent(name)}&deleted_at=is.null&select=id,name,url,password`,
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as StoredConnection[])[0];
}

async function addConnection(
  page: Page,
  type: string,
  fill: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  await page.getByRole('button', { name: 'Add Connection' }).click();
  const picker = page.getByRole('dialog', { name: 'Add Connection' });
  await field(picker, 'Search connection types').fill(type === 'postgres' ? 'postgre' : type);
  await picker.locator(`[data-connection-type="${type}"]`).click();
  const form = page.getByRole('dialog', { name: 'Add Connection' });
  await fill(form);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Connection added successfully')).toBeVisible();
}

/** The input of a field by its label (a secret field's group carries the same name). */
function field(scope: ReturnType<Page['getByRole']>, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // A required field's label ends with its mark (*).
  return scope.locator('input, textarea').and(scope.getByLabel(new RegExp(`^${escaped}\\s*\\*?$`)));
}

function row(page: Page, name: string) {
  return page
    .getByRole('table', { name: 'Connections' })
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Test ${name}` }) });
}

async function expectToast(page: Page, text: string | RegExp) {
  const toast = page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text });
  await expect(toast.first()).toBeVisible({ timeout: 20_000 });
}

test.describe('connections (admin)', () => {
  test.use({ storageState: storageStatePath('admin') });
  let pg: PostgresServer | undefined;
  test.beforeAll(async () => {
    if (postgresAvailable) pg = await startPostgres();
  });
  test.afterAll(async () => {
    await pg?.stop();
  });

  test('add, test, edit and delete PostgreSQL and HTTP connections', async ({ page }) => {
    test.setTimeout(120_000);
    const suffix = Date.now().toString(36);
    const pgName = `e2e-pg-${suffix}`;
    const httpName = `e2e-http-${suffix}`;

    await page.goto('/settings/connections');
    await expect(
      page.getByRole('table', { name: 'Connections' }).getByRole('row').nth(1),
    ).toBeVisible();
    await expectAccessible(page, '/settings/connections');

    // The picker, then the PostgreSQL form: required fields are checked before anything is sent.
    await page.getByRole('button', { name: 'Add Connection' }).click();
    const picker = page.getByRole('dialog', { name: 'Add Connection' });
    await expect(picker.getByRole('heading', { name: 'Databases' })).toBeVisible();
    await expect(picker.locator('[data-connection-type]')).toHaveCount(24);
    await picker.locator('[data-connection-type="postgres"]').click();
    const pgForm = page.getByRole('dialog', { name: 'Add Connection' });
    await expect(pgForm.getByText('New PostgreSQL connection')).toBeVisible();
    await expect(field(pgForm, 'Namespace')).toHaveValue('default');
    await pgForm.getByRole('button', { name: 'Save' }).click();
    await expect(pgForm.getByText('This field is required')).toHaveCount(2);
    await expectAccessible(page, 'postgres form');

    const pgUrl = pg
      ? pg.connectionString.replace('postgres@', '$(username):$(password)@')
      : 'postgres://$(username):$(password)@127.0.0.1:1/postgres';
    await field(pgForm, 'Name').fill(pgName);
    await field(pgForm, 'URL').fill(pgUrl);
    await field(pgForm, 'Username').fill('postgres');
    await field(pgForm, 'Password').fill(SECRET);
    await pgForm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Connection added successfully')).toBeVisible();

    // Stored encrypted: no role reads the password (nor the URL holding it) back.
    const pgRow = await stored(page, pgName);
    expect(pgRow?.password).toBe('***');
    expect(JSON.stringify(pgRow)).not.toContain(SECRET);

    await row(page, pgName)
      .getByRole('button', { name: `Test ${pgName}` })
      .click();
    if (pg) {
      await expectToast(page, 'Connection successful');
    } else {
      await expectToast(page, /ECONNREFUSED/);
    }

    // HTTP: this server's own health endpoint answers; a path it does not serve does not.
    const base = new URL(page.url()).origin;
    await addConnection(page, 'http', async (form) => {
      await field(form, 'Name').fill(httpName);
      await field(form, 'URL').fill(`${base}/api/health`);
    });
    await row(page, httpName)
      .getByRole('button', { name: `Test ${httpName}` })
      .click();
    await expectToast(page, 'Connection successful');

    // Edit: Name is read-only, the URL changes; the test now fails with the server's reason.
    await row(page, httpName)
      .getByRole('button', { name: `Edit ${httpName}` })
      .click();
    const edit = page.getByRole('dialog', { name: `Edit ${httpName}` });
    await expect(field(edit, 'Name')).toHaveAttribute('readonly', '');
    await field(edit, 'URL').fill(`${base}/api/no-such-endpoint`);
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Connection updated successfully')).toBeVisible();
    await row(page, httpName)
      .getByRole('button', { name: `Test ${httpName}` })
      .click();
    await expectToast(page, /answered HTTP 404/);

    // A PostgreSQL failure shows the server's reason too.
    await row(page, pgName)
      .getByRole('button', { name: `Edit ${pgName}` })
      .click();
    const pgEdit = page.getByRole('dialog', { name: `Edit ${pgName}` });
    // The stored password stays unless replaced; the URL changes to a database that is not there.
    await expect(field(pgEdit, 'Password')).toHaveValue('');
    await field(pgEdit, 'URL').fill(pgUrl.replace(/\/postgres$/, '/nope'));
    await pgEdit.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Connection updated successfully')).toBeVisible();
    await row(page, pgName)
      .getByRole('button', { name: `Test ${pgName}` })
      .click();
    await expectToast(page, pg ? 'database "nope" does not exist' : /ECONNREFUSED/);
    expect((await stored(page, pgName))?.password).toBe('***');

    // A type this server cannot test.
    const awsName = `e2e-aws-${suffix}`;
    await addConnection(page, 'aws', async (form) => {
      await field(form, 'Name').fill(awsName);
      await field(form, 'Access Key').fill('AKIAE2E');
      await field(form, 'Secret Key').fill('e2e-aws-secret');
    });
    await row(page, awsName)
      .getByRole('button', { name: `Test ${awsName}` })
      .click();
    await expectToast(page, 'We currently do not support testing this connection type');

    // Delete (confirmed) from the table and from the edit dialog.
    for (const name of [httpName, awsName]) {
      await row(page, name)
        .getByRole('button', { name: `Delete ${name}` })
        .click();
      const confirm = page.getByRole('dialog', { name: 'Delete connection?' });
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('Connection deleted successfully').first()).toBeVisible();
      await expect(row(page, name)).toHaveCount(0);
    }
    await row(page, pgName)
      .getByRole('button', { name: `Edit ${pgName}` })
      .click();
    await page
      .getByRole('dialog', { name: `Edit ${pgName}` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page
      .getByRole('dialog', { name: 'Delete connection?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(row(page, pgName)).toHaveCount(0);
    expect(await stored(page, pgName)).toBeUndefined();
  });
});
