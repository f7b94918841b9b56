/**
 * Notifications (spec doc 3 §2.9, §5, §8): an admin adds a rule that sends to a generic webhook
 * connection (the form's required events and the 1-minute duration minimum first), sees it in
 * the rules table, opens it by `?id=` and edits it; adds a silence on a check from
 * /notifications/silences/add, then deletes it with the spec's question; filters the send history
 * by status and opens a send's detail through `?id=`. A viewer sees no add or delete action and
 * the server refuses the writes. axe runs on every page.
 */
import { expect, test, type Page } from '@playwright/test';
import { storageStatePath } from './accounts';
import { expectAccessible } from './axe';

const MINUTE_NS = 60_000_000_000;

interface StoredRule {
  id: string;
  name: string;
  events: string[];
  title: string | null;
  repeat_interval: string | null;
  wait_for: number | null;
  custom_services: { name?: string; connection?: string }[] | null;
  person_id: string | null;
  team_id: string | null;
  source: string | null;
}

async function storedRule(page: Page, name: string): Promise<StoredRule | undefined> {
  const response = await page.request.get(
    `/api/db/notifications?name=eq.${encodeURIComponent(name)}&deleted_at=is.null&select=*`,
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as StoredRule[])[0];
}

function origin(page: Page): string {
  return new URL(page.url()).origin;
}

async function expectToast(page: Page, text: string) {
  const toast = page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text });
  await expect(toast.first()).toBeVisible({ timeout: 15_000 });
}

test.describe('notifications (admin)', () => {
  test.use({ storageState: storageStatePath('admin') });

  test('rule with a webhook recipient, ?id= edit, a silence added and deleted, history filters', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const suffix = Date.now().toString(36);
    const ruleName = `e2e-rule-${suffix}`;
    const hookName = `e2e-hook-${suffix}`;

    // A notification connection for the Others tab (Settings → Connections is tested elsewhere).
    await page.goto('/notifications/rules');
    const created = await page.request.post('/api/db/connections', {
      data: {
        name: hookName,
        namespace: 'default',
        type: 'generic_webhook',
        url: 'http://127.0.0.1:9/hook',
        properties: { contentType: 'application/json', requestMethod: 'POST' },
      },
      headers: { Origin: origin(page) },
    });
    expect(created.status()).toBeLessThan(300);

    const rules = page.getByRole('table', { name: 'Notification rules' });
    await expect(rules.getByRole('row').nth(1)).toBeVisible();
    await expectAccessible(page, '/notifications/rules');

    // The form checks name, events, recipient and durations before anything is sent.
    await page.getByRole('button', { name: 'Add Rule' }).click();
    const form = page.getByRole('dialog', { name: 'Add Notification' });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Please select at least one event')).toBeVisible();
    await expect(form.getByText('This field is required')).toBeVisible();
    await form.getByLabel(/^Name/).fill(ruleName);
    await form.getByLabel('check.failed').check();
    await form.getByRole('button', { name: 'Others' }).click();
    await form.getByRole('button', { name: 'Add service' }).click();
    await form.getByLabel('Service 1 name').fill('on-call hook');
    await form
      .getByLabel(/^Service 1 connection/)
      .selectOption({ label: `${hookName} (generic_webhook)` });
    await form.getByLabel('Repeat Interval').fill('30s');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Duration must be greater than 1 minute')).toBeVisible();
    await expectAccessible(page, 'rule form');
    await form.getByLabel('Repeat Interval').fill('5m');
    await form.getByLabel('Wait For').fill('1m');
    await form.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Notification added successfully');

    const rule = await storedRule(page, ruleName);
    expect(rule).toMatchObject({
      events: ['check.failed'],
      repeat_interval: '5m',
      wait_for: MINUTE_NS,
      person_id: null,
      team_id: null,
      custom_services: [{ name: 'on-call hook', connection: `connection://default/${hookName}` }],
      source: 'UI',
    });
    await expect(rules.getByRole('button', { name: ruleName })).toBeVisible();

    // The rule is linkable: /notifications/rules?id=… opens its edit modal on its own.
    await page.goto(`/notifications/rules?id=${rule!.id}`);
    const edit = page.getByRole('dialog', { name: `Edit ${ruleName}` });
    await expect(edit.getByLabel(/^Name/)).toHaveValue(ruleName);
    await expect(edit.getByLabel('Repeat Interval')).toHaveValue('5m');
    await edit.getByLabel('Title').fill('Check {{.check.name}} failed');
    await edit.getByLabel('Wait For').fill('');
    await edit.getByRole('button', { name: 'Update' }).click();
    await expectToast(page, 'Notification updated successfully');
    await expect(page).toHaveURL(/\/notifications\/rules$/);
    expect(await storedRule(page, ruleName)).toMatchObject({
      title: 'Check {{.check.name}} failed',
      wait_for: null,
    });

    // A silence on a check, from the add page; then deleted with the spec's question.
    await page.getByRole('link', { name: 'Silences' }).click();
    const silences = page.getByRole('table', { name: 'Notification silences' });
    await expect(silences.getByRole('row').nth(1)).toBeVisible();
    await expectAccessible(page, '/notifications/silences');
    await page.getByRole('link', { name: 'Add Silence' }).click();
    await expect(page).toHaveURL(/\/notifications\/silences\/add$/);
    const reason = `e2e maintenance ${suffix}`;
    await page
      .getByRole('group', { name: 'Resource type' })
      .getByRole('button', { name: 'Check' })
      .click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('This field is required')).toBeVisible();
    await page.getByRole('button', { name: /^Check:/ }).click();
    await page.getByLabel('Find a check').fill('kafka');
    await page.getByLabel('Find a check').press('Enter');
    await page.getByRole('button', { name: '1d', exact: true }).click();
    await page.getByLabel('Reason').fill(reason);
    await expectAccessible(page, '/notifications/silences/add');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Notification silence added successfully');
    await expect(page).toHaveURL(/\/notifications\/silences$/);
    const silenceRow = silences.getByRole('row').filter({ hasText: reason });
    await expect(silenceRow).toContainText('Active');
    await expect(silenceRow).toContainText('1d');

    // Edit by row, then delete.
    await silenceRow.getByRole('cell').nth(3).click();
    const silenceEdit = page.getByRole('dialog', { name: 'Edit Silence' });
    await silenceEdit.getByLabel('Reason').fill(`${reason} (extended)`);
    await silenceEdit.getByRole('button', { name: 'Update' }).click();
    await expectToast(page, 'Notification silence updated successfully');
    const edited = silences.getByRole('row').filter({ hasText: `${reason} (extended)` });
    await edited.getByRole('button', { name: /^Delete silence of/ }).click();
    const confirm = page.getByRole('dialog', {
      name: 'Are you sure you want to delete this notification silence?',
    });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Notification silence deleted successfully');
    await expect(silences.getByRole('row').filter({ hasText: reason })).toHaveCount(0);

    // Send history: the status filter goes to the server; a row opens its detail by ?id=.
    await page
      .getByRole('navigation', { name: 'Notification sections' })
      .getByRole('link', { name: 'Notifications', exact: true })
      .click();
    const history = page.getByRole('table', { name: 'Notification send history' });
    await expect(history.getByRole('row').nth(1)).toBeVisible();
    await expectAccessible(page, '/notifications');
    const filtered = page.waitForRequest((request) =>
      request.url().includes('status.filter=repeat-interval'),
    );
    await page.getByRole('button', { name: /^Status/ }).click();
    await page.getByRole('button', { name: 'Include Repeated' }).click();
    await filtered;
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/status=repeat-interval%3A1/);
    const statuses = history.locator('[data-status]');
    await expect(statuses.first()).toHaveAttribute('data-status', 'repeat-interval');
    expect(
      new Set(
        await statuses.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-status'))),
      ),
    ).toEqual(new Set(['repeat-interval']));
    await history.getByRole('row').nth(1).getByRole('cell').first().click();
    await expect(page).toHaveURL(/[?&]id=/);
    const detail = page.getByRole('dialog');
    await expect(detail.getByText('Repeated')).toBeVisible();
    await expectAccessible(page, 'send detail');
    const detailUrl = page.url();
    await page.goto(detailUrl);
    await expect(page.getByRole('dialog').getByText('Repeated')).toBeVisible();

    // Delete the rule (soft delete) with its toast.
    await page.goto(`/notifications/rules?id=${rule!.id}`);
    await page
      .getByRole('dialog', { name: `Edit ${ruleName}` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page
      .getByRole('dialog', { name: `Delete ${ruleName}?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expectToast(page, `${ruleName} deleted successfully`);
    expect(await storedRule(page, ruleName)).toBeUndefined();
  });
});

test.describe('notifications (viewer)', () => {
  test.use({ storageState: storageStatePath('viewer') });

  test('reads every tab without add or delete actions; the server refuses writes', async ({
    page,
  }) => {
    await page.goto('/notifications/rules');
    await expect(
      page.getByRole('table', { name: 'Notification rules' }).getByRole('row').nth(1),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Rule' })).toHaveCount(0);
    await page.goto('/notifications/silences');
    await expect(
      page.getByRole('table', { name: 'Notification silences' }).getByRole('row').nth(1),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Silence' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete silence of/ })).toHaveCount(0);
    await page.goto('/notifications/silences/add');
    await expect(page.getByText('You do not have permission to access this page')).toBeVisible();

    const headers = { Origin: origin(page) };
    const rule = await page.request.post('/api/db/notifications', {
      data: { name: 'viewer-rule', events: ['check.failed'] },
      headers,
    });
    expect(rule.status()).toBe(403);
    const silence = await page.request.post('/api/notification/silence', {
      data: { from: 'now', until: 'now+1h', check_id: '00000000-0000-0000-0000-000000000001' },
      headers,
    });
    expect(silence.status()).toBe(403);
  });
});
