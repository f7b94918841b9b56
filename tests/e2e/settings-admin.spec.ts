/**
 * Settings administration (docs/settings-admin.md): feature flags toggling a sidebar entry, the
 * event queue, job history filters kept in the URL with the details modal, invite → set password
 * → sign in, team members added and removed, and a viewer and an editor seeing no admin actions
 * while the server refuses them. axe on each page and dialog.
 */
import { expect, test, type Page } from '@playwright/test';
import { storageStatePath } from './accounts';
import { expectAccessible } from './axe';
import { AppShell } from './pages/app-shell';
import { LoginPage } from './pages/login-page';

const suffix = () => Date.now().toString(36);

async function toast(page: Page, text: string | RegExp) {
  await expect(page.getByText(text).first()).toBeVisible();
}

test.describe('settings administration (admin)', () => {
  test.use({ storageState: storageStatePath('admin') });
  // Long journeys on a shared 2-core machine.
  test.describe.configure({ timeout: 120_000 });

  test('flags toggle a sidebar entry; event queue; job filters in the URL', async ({ page }) => {
    const shell = new AppShell(page);
    await page.goto('/settings/feature-flags');
    await expect(page.getByRole('table', { name: 'Feature flags' })).toBeVisible();
    await expect(shell.navLink('Event Queue')).toBeVisible();
    await expectAccessible(page, 'feature flags');

    await page.getByRole('button', { name: 'Add Feature Flag' }).click();
    const add = page.getByRole('dialog', { name: 'Add Feature Flag' });
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add.getByText('please provide all details')).toBeVisible();
    await expectAccessible(page, 'add feature flag dialog');
    await add.getByLabel(/^Name/).fill('settings.event_queue_status.disable');
    await add.getByLabel(/^Value/).fill('true');
    await add.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Feature flag added successfully');
    // The console reacts at once: the entry leaves the sidebar without a reload.
    await expect(shell.navLink('Event Queue')).toHaveCount(0);

    const table = page.getByRole('table', { name: 'Feature flags' });
    await table.getByRole('button', { name: 'settings.event_queue_status.disable' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Feature Flag' });
    await expect(edit.getByLabel(/^Name/)).toHaveAttribute('readonly');
    await edit.getByLabel(/^Value/).fill('false');
    await edit.getByRole('button', { name: 'Update' }).click();
    await toast(page, 'Feature flag updated successfully');
    await expect(shell.navLink('Event Queue')).toBeVisible();

    await table.getByRole('button', { name: 'settings.event_queue_status.disable' }).click();
    await page
      .getByRole('dialog', { name: 'Edit Feature Flag' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page
      .getByRole('dialog', { name: /Delete the feature flag/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await toast(page, 'Feature flag removed successfully');
    await expect(table.getByText('settings.event_queue_status.disable')).toHaveCount(0);

    // Event queue: one row per queue from event_queue_summary.
    await shell.navLink('Event Queue').click();
    await expect(page).toHaveURL(/\/settings\/event-queue-status$/);
    const queue = page.getByRole('table', { name: 'Event queue' });
    await expect(queue.getByRole('row').filter({ hasText: 'notification.send' })).toBeVisible();
    await expect(queue.getByRole('columnheader', { name: 'Most Common Error' })).toBeVisible();
    await expectAccessible(page, 'event queue');

    // Job history: SUCCESS excluded by default, filters written to the URL.
    await page.goto('/settings/jobs');
    const jobs = page.getByRole('table', { name: 'Job history' });
    await expect(jobs.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Status \d+ active/ })).toContainText('1');
    await expect(jobs.getByRole('cell', { name: 'SUCCESS', exact: true })).toHaveCount(0);
    await expectAccessible(page, 'job history');

    await page
      .getByRole('button', { name: /^Resource Type( \d+ active)?/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Include Topology' }).click();
    await expect(page).toHaveURL(/resourceType=topology%3A1/);
    await page.keyboard.press('Escape');
    await page.getByLabel('Run Duration').selectOption('1000');
    await expect(page).toHaveURL(/duration=1000/);
    await expect(page).not.toHaveURL(/[?&]status=/);
    const rows = jobs.getByRole('row');
    // The previous page's rows stay on screen, dimmed and busy, until the filtered page comes.
    await expect(jobs).not.toHaveAttribute('aria-busy', 'true');
    await expect(rows.nth(1)).toBeVisible();
    for (const text of await jobs
      .locator('tbody:not([hidden]) tr:not([aria-hidden])')
      .allInnerTexts()) {
      expect(text).toContain('Topology');
      expect(text).not.toContain('SUCCESS');
    }
    // A reload keeps the filters (they live in the URL).
    await page.reload();
    await expect(page.getByRole('button', { name: 'Resource Type 1 active filter' })).toBeVisible();

    // The details modal opens on the first tab that has data.
    await page.goto('/settings/jobs?status=FAILED:1');
    await expect(page.getByRole('button', { name: /^Status \d+ active/ })).toContainText('1');
    await jobs
      .getByRole('button', { name: /details$/ })
      .first()
      .click();
    const details = page.getByRole('dialog');
    const tabs = details.getByRole('tab');
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.first()).toHaveText(/Errors|Scrape Summary|Reconcile Summary/);
    await expectAccessible(page, 'job details');
    await details.getByRole('button', { name: 'Close' }).first().click();
  });

  test('integrations: rows, unknown type, the GitOps manifest and Helm command', async ({
    page,
  }) => {
    await page.goto('/settings/integrations');
    const integrations = page.getByRole('table', { name: 'Integrations' });
    await expect(integrations.getByRole('row').nth(1)).toBeVisible();
    await expectAccessible(page, 'integrations');
    await integrations.getByRole('row').nth(1).getByRole('link').first().click();
    await expect(page).toHaveURL(
      /\/settings\/integrations\/(scrapers|topologies|logging_backends)\//,
    );
    await expect(page.getByRole('tab', { name: 'Job History' })).toBeVisible();
    await page.goto('/settings/integrations/widgets/123');
    await expect(page.getByText('Unknown type')).toBeVisible();
    await page.goto('/settings/integrations');
    await page.getByRole('button', { name: 'Add Integration' }).click();
    await expect(page.getByRole('heading', { name: 'Add via GitOps' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Add Directly' })).toBeVisible();
    await expectAccessible(page, 'add integration');
    await page.getByRole('button', { name: /^Kubernetes/ }).click();
    const manifest = page.getByLabel('Flux HelmRelease manifest');
    await expect(manifest).toContainText('kind: HelmRelease');
    await expect(manifest).toContainText('chart: mission-control-kubernetes');
    await expect(manifest).toContainText('namespace: mission-control');
    await expect(manifest).toContainText('clusterName: production');
    await page.getByLabel(/^Namespace/).fill('');
    await expect(page.getByRole('button', { name: 'Copy manifest' })).toBeDisabled();
    await page.getByLabel(/^Namespace/).fill('ops');
    await page.getByRole('tab', { name: 'Helm' }).click();
    await expect(page.getByLabel('Helm command')).toContainText(
      'helm upgrade --install mission-control-kubernetes flanksource/mission-control-kubernetes',
    );
    await expect(page.getByRole('button', { name: 'Copy command' })).toBeEnabled();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: /^Flux/ }).click();
    await expect(page.getByText('must be installed in Flux')).toBeVisible();
  });

  test('invite → set password → sign in; delete the user', async ({ page, browser }) => {
    const id = suffix();
    const email = `ivy-${id}@example.com`;
    await page.goto('/settings/users');
    await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
    await expectAccessible(page, 'users');

    await page.getByRole('button', { name: 'Invite User' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite User' });
    await invite.getByRole('button', { name: 'Invite' }).click();
    for (const text of [
      'Please provide valid first name',
      'Please provide valid last name',
      'Please provide valid email',
      'Please select any role',
    ]) {
      await expect(invite.getByText(text)).toBeVisible();
    }
    await invite.getByLabel(/^First Name/).fill('Ivy');
    await invite.getByLabel(/^Last Name/).fill(`Invitee ${id}`);
    await invite.getByLabel(/^Email/).fill('ivy-at-example');
    await invite.getByRole('button', { name: 'Invite' }).click();
    await expect(invite.getByText('Entered value does not match email format')).toBeVisible();
    await invite.getByLabel(/^Email/).fill(email);
    await invite.getByLabel(/^Role/).selectOption('editor');
    await expectAccessible(page, 'invite user dialog');
    await invite.getByRole('button', { name: 'Invite' }).click();
    const created = page.getByRole('dialog', { name: 'Invitation created' });
    const link = await created.getByLabel('Invitation link').inputValue();
    expect(link).toMatch(/\/invite#token=[A-Za-z0-9_-]{40,}$/);
    await created.getByRole('button', { name: 'Done' }).click();

    // The invitee, signed out, opens the link and sets a password.
    const guest = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const invitee = await guest.newPage();
    await invitee.goto(link);
    await expect(invitee.getByRole('heading', { name: 'Set your password' })).toBeVisible();
    await expect(invitee.getByText(email)).toBeVisible();
    await invitee.getByLabel(/^New password/).fill('a-long-passphrase');
    await invitee.getByLabel(/^Confirm password/).fill('another-passphrase');
    await invitee.getByRole('button', { name: 'Set password' }).click();
    await expect(invitee.getByText('The passwords do not match.')).toBeVisible();
    await expectAccessible(invitee, 'set password');
    await invitee.getByLabel(/^Confirm password/).fill('a-long-passphrase');
    await invitee.getByRole('button', { name: 'Set password' }).click();
    await expect(invitee.getByRole('heading', { name: 'Your password is set' })).toBeVisible();
    await invitee.getByRole('link', { name: 'Sign in' }).click();
    await new LoginPage(invitee).signIn(email, 'a-long-passphrase');
    await expect(invitee.getByRole('button', { name: 'User menu' })).toBeVisible();
    // The link worked once.
    await invitee.goto(link);
    await expect(invitee.getByText('not valid or has already been used')).toBeVisible();
    await guest.close();

    // Delete the invited user.
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Editor');
    await row.getByRole('button', { name: /Actions for/ }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: /^Delete Ivy/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await toast(page, 'user deleted successfully');
    await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  });

  test('team members: add several, remove one', async ({ page }) => {
    await page.goto('/settings/teams');
    const teams = page.getByRole('table').first();
    await teams.getByRole('row').nth(1).getByRole('link').first().click();
    await page.getByRole('tab', { name: 'Members' }).click();
    const panel = page.getByRole('region', { name: 'Team members' });
    await expect(panel.getByRole('table', { name: 'Members' })).toBeVisible();
    await panel.getByRole('button', { name: 'Add Members' }).click();
    const addMembers = page.getByRole('dialog', { name: 'Add Members' });
    const choices = addMembers.getByRole('checkbox');
    await expect(choices.first()).toBeVisible();
    await choices.nth(0).check();
    await choices.nth(1).check();
    await expectAccessible(page, 'add members');
    await addMembers.getByRole('button', { name: 'Add 2' }).click();
    await toast(page, /added to the team successfully$/);
    const removeButtons = panel.getByRole('button', { name: /^Remove user / });
    const before = await removeButtons.count();
    const target = ((await removeButtons.first().getAttribute('aria-label')) ?? '').replace(
      'Remove user ',
      '',
    );
    await removeButtons.first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove user' }).click();
    await toast(page, `${target} removed from team successfully`);
    await expect(removeButtons).toHaveCount(before - 1);
    await expectAccessible(page, 'team members');
  });
});

test.describe('settings administration (viewer)', () => {
  test.use({ storageState: storageStatePath('viewer') });
  test.describe.configure({ timeout: 90_000 });

  test('a viewer and an editor see no admin actions; the server refuses them', async ({
    page,
    browser,
  }) => {
    await page.goto('/settings/feature-flags');
    await expect(page.getByRole('table', { name: 'Feature flags' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Feature Flag' })).toHaveCount(0);
    await page.goto('/settings/users');
    await expect(page.getByText(/Unauthorized/)).toBeVisible();
    const base = new URL(page.url()).origin;
    const flag = await page.request.post('/api/db/properties', {
      headers: { Origin: base },
      data: { name: 'logs.disable', value: 'true' },
    });
    expect(flag.status()).toBe(403);

    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const editor = await context.newPage();
    await editor.goto('/login');
    await new LoginPage(editor).signIn('editor', 'vigil-editor');
    await expect(editor.getByRole('button', { name: 'User menu' })).toBeVisible();
    await editor.goto('/settings/users');
    await expect(editor.getByRole('table', { name: 'Users' })).toBeVisible();
    await expect(editor.getByRole('row').nth(1)).toBeVisible();
    await expect(editor.getByRole('button', { name: 'Invite User' })).toHaveCount(0);
    await expect(editor.getByRole('button', { name: /Actions for/ })).toHaveCount(0);
    await expectAccessible(editor, 'users (editor)');
    const invite = await editor.request.post('/api/auth/invite_user', {
      headers: { Origin: base },
      data: { firstName: 'E', lastName: 'Ditor', email: 'e@example.com', role: 'admin' },
    });
    expect(invite.status()).toBe(403);
    expect(await invite.text()).toBe('unauthorized. Access Denied');
    await context.close();
  });
});
