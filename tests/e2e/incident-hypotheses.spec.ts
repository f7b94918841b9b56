import { expect, test, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS, storageStatePath } from './accounts';
import { expectAccessible } from './axe';

/** Exact texts of spec doc 2 §8, copied here (tests never read the spec). */
const TEXT = {
  removeDodConfirm: 'Remove from definition of done ?',
  addDod: 'Add to definition of done',
  removeDod: 'Remove from definition of done',
  noEvidence: 'No Evidence',
  selectHypothesis: 'Please select any hypothesis',
};

interface Fixture {
  incidentId: string;
  rootId: string;
  me: string;
  origin: string;
}

async function post(page: Page, origin: string, url: string, data: unknown) {
  const response = await page.request.post(url, {
    data,
    headers: { Origin: origin, Prefer: 'return=representation' },
  });
  expect(response.status(), `POST ${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as { id: string }[];
}

async function getJson<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

/** A fresh incident with a root hypothesis carrying one log evidence. */
async function createIncident(page: Page): Promise<Fixture> {
  await page.goto('/health');
  const origin = new URL(page.url()).origin;
  const whoami = await getJson<{ payload: { user: { id: string } } }>(page, '/api/auth/whoami');
  const me = whoami.payload.user.id;
  const stamp = Date.now().toString(36);
  const [incident] = await post(page, origin, '/api/db/incidents?select=*', {
    title: `Queue backlog ${stamp}`,
    description: 'Consumers fall behind',
    severity: 'high',
    type: 'performance',
    status: 'open',
    created_at: 'now()',
    updated_at: 'now()',
    created_by: me,
    commander_id: me,
    communicator_id: me,
  });
  const [root] = await post(page, origin, '/api/db/hypotheses', {
    created_by: me,
    incident_id: incident!.id,
    type: 'root',
    title: `Queue backlog ${stamp}`,
    status: 'possible',
  });
  await post(page, origin, '/api/db/evidences', {
    hypothesis_id: root!.id,
    type: 'log',
    description: 'Consumer errors',
    created_by: me,
    evidence: { lines: ['<b>ERROR</b> consumer lag 120s', 'WARN rebalancing'] },
  });
  return { incidentId: incident!.id, rootId: root!.id, me, origin };
}

function node(page: Page, title: string): Locator {
  return page.locator(`li[data-hypothesis-id][data-title="${title}"]`);
}

function row(nodeLocator: Locator): Locator {
  return nodeLocator.locator('> div').first();
}

async function createChild(page: Page, parent: Locator, kind: string, title: string) {
  await parent
    .getByRole('button', { name: `Add ${kind}`, exact: true })
    .last()
    .click();
  const dialog = page.getByRole('dialog', { name: `Create ${kind} hypothesis` });
  await expect(dialog.getByLabel('Status')).toHaveValue('possible');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('This field is required')).toBeVisible();
  await dialog.getByLabel('Title').fill(title);
  const created = page.waitForResponse(
    (r) => r.url().includes('/api/db/hypotheses') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Create' }).click();
  expect((await created).status()).toBeLessThan(300);
  await expect(dialog).toBeHidden();
  await expect(node(page, title)).toBeVisible();
}

test.describe('incident hypotheses, evidence and comments (commander)', () => {
  test.use({ storageState: storageStatePath('commander') });

  test('builds a three-level chain, autosaves status and title, deletes with evidence, comments with a mention', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const fixture = await createIncident(page);
    await page.goto(`/incidents/${fixture.incidentId}?tab=action-plan`);

    const root = page.locator(`li[data-hypothesis-id="${fixture.rootId}"]`);
    await expect(root).toBeVisible();
    // The root is always open and shows its evidence, as text (markup never reaches the DOM).
    const log = root.locator('article[data-evidence-type="log"]');
    await expect(log.getByText('ERROR consumer lag 120s')).toBeVisible();
    await expect(log.locator('b')).toHaveCount(0);

    // root → factor → solution; each new node opens.
    await createChild(page, root, 'factor', 'Slow consumer deploy');
    const factor = node(page, 'Slow consumer deploy');
    await expect(factor).toHaveAttribute('data-hypothesis-type', 'factor');
    await expect(factor.getByText(TEXT.noEvidence)).toBeVisible();
    await createChild(page, factor, 'solution', 'Roll back consumers');
    const solution = node(page, 'Roll back consumers');
    await expect(solution).toHaveAttribute('data-hypothesis-type', 'solution');
    await expect(solution.getByRole('button', { name: /^Add / })).toHaveCount(0);
    await expectAccessible(page, 'action plan');

    // Status autosave (200 ms) and title autosave (1 s).
    const statusSaved = page.waitForRequest(
      (r) => r.method() === 'PATCH' && r.url().includes('/api/db/hypotheses'),
    );
    await row(solution).getByTestId('hypothesis-status').selectOption('proven');
    expect((await statusSaved).postDataJSON()).toEqual({ status: 'proven' });
    const titleSaved = page.waitForRequest(
      (r) => r.method() === 'PATCH' && r.url().includes('/api/db/hypotheses'),
    );
    await row(factor).getByTestId('hypothesis-title').fill('Slow consumer deploy v2');
    expect((await titleSaved).postDataJSON()).toEqual({ title: 'Slow consumer deploy v2' });
    const saved = await getJson<{ title: string; status: string; type: string }[]>(
      page,
      `/api/db/hypotheses?incident_id=eq.${fixture.incidentId}&select=title,status,type&order=created_at.asc`,
    );
    expect(saved).toEqual([
      expect.objectContaining({ type: 'root', status: 'possible' }),
      { type: 'factor', title: 'Slow consumer deploy v2', status: 'possible' },
      { type: 'solution', title: 'Roll back consumers', status: 'proven' },
    ]);

    // After a reload only the root is open; Expand All / Collapse All.
    await page.reload();
    const factor2 = node(page, 'Slow consumer deploy v2');
    await expect(factor2).toBeVisible();
    await expect(row(factor2).getByRole('button', { name: /^Expand/ })).toBeVisible();
    await expect(node(page, 'Roll back consumers')).toHaveCount(0);
    await page.getByRole('button', { name: 'Expand All' }).click();
    await expect(page).toHaveURL(/comments=true/);
    await expect(node(page, 'Roll back consumers')).toBeVisible();
    await expect(
      row(node(page, 'Roll back consumers')).getByTestId('hypothesis-status'),
    ).toHaveValue('proven');
    await page.getByRole('button', { name: 'Collapse All' }).click();
    await expect(node(page, 'Roll back consumers')).toHaveCount(0);
    await row(factor2)
      .getByRole('button', { name: /^Expand/ })
      .click();
    await expect(node(page, 'Roll back consumers')).toBeVisible();

    // Disprove from the node's menu.
    const solution2 = node(page, 'Roll back consumers');
    await row(solution2).getByRole('button', { name: 'Actions for Roll back consumers' }).click();
    await page.getByRole('menuitem', { name: 'Disprove Hypothesis' }).click();
    await expect(row(solution2).getByTestId('hypothesis-status')).toHaveValue('disproven');

    // Definition of done from the tree, with its confirmation.
    await log.getByRole('button', { name: TEXT.addDod }).click();
    await expect(log.getByRole('button', { name: TEXT.removeDod })).toBeVisible();
    await log.getByRole('button', { name: TEXT.removeDod }).click();
    const confirm = page.getByRole('dialog', { name: TEXT.removeDodConfirm });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(log.getByRole('button', { name: TEXT.addDod })).toBeVisible();

    // Evidence on the factor, then delete the factor: comments, evidence, then the hypotheses.
    const factorRow = (
      await getJson<{ id: string }[]>(
        page,
        `/api/db/hypotheses?incident_id=eq.${fixture.incidentId}&type=eq.factor&select=id`,
      )
    )[0]!;
    await post(page, fixture.origin, '/api/db/evidences', {
      hypothesis_id: factorRow.id,
      type: 'comment',
      description: 'Deploy at 10:02 matches the lag',
      created_by: fixture.me,
    });
    await expect(factor2.getByText('Deploy at 10:02 matches the lag')).toBeVisible();
    const deletes: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'DELETE') deletes.push(new URL(r.url()).pathname.split('/').pop()!);
    });
    await row(factor2).getByRole('button', { name: 'Actions for Slow consumer deploy v2' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete hypothesis' });
    await expect(dialog.getByRole('button', { name: 'Disprove' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(node(page, 'Slow consumer deploy v2')).toHaveCount(0);
    expect(deletes).toEqual(['comments', 'comments', 'evidences', 'evidences', 'hypotheses']);
    const left = await getJson<unknown[]>(
      page,
      `/api/db/evidences?hypothesis_id=eq.${factorRow.id}&select=id`,
    );
    expect(left).toEqual([]);

    // Comments: a mention picked with the keyboard, optimistic, stored as markup.
    await page.getByRole('tab', { name: 'Comments' }).click();
    const composer = page.getByRole('form', { name: 'Add a comment' });
    const send = composer.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();
    const text = composer.getByLabel('Comment');
    await text.fill('Paging ');
    await text.pressSequentially('@cora');
    const listbox = page.getByRole('listbox', { name: 'People to mention' });
    await expect(listbox.getByRole('option', { name: /Cora Commander/ })).toBeVisible();
    await text.press('Enter');
    await expect(listbox).toBeHidden();
    await text.pressSequentially('please look');
    await expect(text).toHaveValue('Paging @Cora Commander please look');
    await send.click();
    await expect(composer.getByText(TEXT.selectHypothesis)).toBeVisible();
    await composer.getByLabel('Hypothesis').selectOption({ index: 1 });
    await send.click();
    const comment = page.locator('li[data-comment-id]').last();
    await expect(comment.locator('[data-mention]')).toHaveText('@Cora Commander');
    await expect(comment).toContainText('please look');
    await expect(text).toHaveValue('');
    const stored = await getJson<{ comment: string }[]>(
      page,
      `/api/db/comments?incident_id=eq.${fixture.incidentId}&select=comment`,
    );
    expect(stored).toEqual([
      { comment: `Paging @[${ACCOUNTS.commander.name}](user:${fixture.me}) please look` },
    ]);
    await expectAccessible(page, 'comments');
  });
});

test.describe('incident hypotheses (viewer)', () => {
  test.use({ storageState: storageStatePath('viewer') });

  test('reads the tree and comments without write actions', async ({ page }) => {
    await page.goto('/health');
    const incidents = await getJson<{ id: string }[]>(
      page,
      '/api/db/incidents?select=id,hypotheses!inner(id)&order=created_at.asc&limit=1',
    );
    await page.goto(`/incidents/${incidents[0]!.id}?tab=action-plan`);
    await expect(page.locator('li[data-hypothesis-id]').first()).toBeVisible();
    await expect(page.getByTestId('hypothesis-status')).toHaveCount(0);
    await expect(page.getByTestId('hypothesis-title')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Add / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: TEXT.addDod })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Comments' }).click();
    await expect(page.getByRole('form', { name: 'Add a comment' })).toHaveCount(0);
    await expectAccessible(page, 'viewer action plan');
  });
});
