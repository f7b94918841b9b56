import { expect, test } from '@playwright/test';
import { storageStatePath } from './accounts';
import { expectAccessible } from './axe';

test.describe('agents (admin)', () => {
  test.use({ storageState: storageStatePath('admin') });

  test('create, use the token, edit and delete an agent', async ({ page, playwright }) => {
    const name = `e2e-${Date.now().toString(36)}`;
    await page.goto('/agents');
    const table = page.getByRole('table', { name: 'Agents' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expectAccessible(page, '/agents');

    await page.getByRole('button', { name: 'Add Agent' }).click();
    await expect(page).toHaveURL(/addAgent=true/);
    const create = page.getByRole('dialog', { name: 'Add Agent' });
    await create.getByLabel(/^Name/).fill(name);
    await create.getByRole('button', { name: 'Add property' }).click();
    await create.getByLabel('Property 1 key').fill('region');
    await create.getByLabel('Property 1 value').fill('eu');
    await create.getByRole('button', { name: 'Create' }).click();

    const instructions = page.getByRole('dialog', { name: 'Installation Instructions' });
    // Headless UI's dialog root has no box of its own: check its heading.
    await expect(
      instructions.getByRole('heading', { name: 'Installation Instructions' }),
    ).toBeVisible();
    await expect(page.getByText('Agent created')).toBeVisible();
    await expect(instructions.getByRole('tab', { name: 'Flux' })).toBeVisible();
    await expect(instructions.getByRole('tab', { name: 'Helm CLI' })).toBeVisible();
    await expectAccessible(page, 'installation instructions');
    const token = (await instructions.locator('code[data-secret]').textContent())?.trim() ?? '';
    expect(token.length).toBeGreaterThan(20);

    // The token authenticates as the agent (HTTP Basic, user `token`) and marks it seen.
    const agentApi = await playwright.request.newContext({
      baseURL: new URL(page.url()).origin,
      httpCredentials: { username: 'token', password: token, send: 'always' },
    });
    // Authenticated (not 401); agents hold no console role, so /db itself refuses them.
    expect((await agentApi.get('/api/db/agents?limit=1')).status()).toBe(403);
    await agentApi.dispose();
    await instructions.getByRole('button', { name: 'Done' }).click();

    const row = table.getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await page.reload();
    await expect(row).toContainText('Online');

    await row.getByRole('button', { name }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Agent' });
    await expect(edit.getByLabel('Name')).toHaveAttribute('readonly');
    await edit.getByLabel('Property 1 value').fill('us');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Agent updated')).toBeVisible();

    await row.getByRole('button', { name }).click();
    await page
      .getByRole('dialog', { name: 'Edit Agent' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page
      .getByRole('dialog', { name: 'Delete agent resources?' })
      .getByRole('button', { name: 'No' })
      .click();
    await page
      .getByRole('dialog', { name: 'Delete agent?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('Agent deleted')).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  });
});

test.describe('agents (viewer)', () => {
  test.use({ storageState: storageStatePath('viewer') });

  test('a viewer cannot add agents and the server refuses', async ({ page }) => {
    await page.goto('/agents');
    await expect(page.getByRole('table', { name: 'Agents' }).getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Agent' })).toHaveCount(0);
    const response = await page.request.post('/api/agent/generate', { data: { name: 'nope' } });
    expect(response.status()).toBe(403);
  });
});
