import { expect, test, type Locator, type Page } from '@playwright/test';
import { storageStatePath } from './accounts';
import { expectAccessible } from './axe';
import { linkedToast } from './incident-helpers';

// Facts of the spec (doc 2 §2, §4, §5, §8) and the contract (postgrest.md §8.5), copied here.
const LINKED = 'Linked to incident successfully';
const TITLE_REQUIRED = 'Title is required';

interface EvidenceRow {
  type: string;
  description: string;
  config_id: string | null;
  component_id: string | null;
  config_change_id: string | null;
  config_analysis_id: string | null;
  evidence: { lines?: string[]; selected_lines?: Record<string, string> } | null;
}

interface HypothesisRow {
  id: string;
  type: string;
  status: string;
  title: string;
  evidences: EvidenceRow[];
}

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.ok(), path).toBe(true);
  return (await response.json()) as T;
}

/** A live config with content, one of its changes and one of its insights. */
async function subjects(page: Page) {
  const insights = await getJson<{ id: string; config_id: string }[]>(
    page,
    '/api/db/config_analysis?select=id,config_id&order=first_observed.desc&limit=200',
  );
  const changes = await getJson<{ id: string; config_id: string }[]>(
    page,
    '/api/db/config_changes?select=id,config_id&order=created_at.desc&limit=200',
  );
  const withChanges = new Set(changes.map((row) => row.config_id));
  const insight = insights.find((row) => withChanges.has(row.config_id)) ?? insights[0]!;
  const change = changes.find((row) => row.config_id === insight.config_id) ?? changes[0]!;
  return { configId: insight.config_id, changeId: change.id, insightId: insight.id };
}

/** The 'Linked to incident successfully' toast; returns its link's incident path. */
/** In an open attach dialog: find the incident by title, choose it, attach. */
async function attachTo(page: Page, title: string) {
  const dialog = page.getByRole('dialog', { name: 'Attach as evidence' });
  await dialog.getByLabel('Search incidents').fill(title);
  await dialog.getByRole('radio', { name: new RegExp(title) }).check();
  await dialog.getByRole('button', { name: 'Attach', exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

function codeLine(code: Locator, line: number) {
  return code.getByRole('button', { name: `Line ${line}`, exact: true });
}

test.describe('attach as evidence from everywhere (admin)', () => {
  test.use({ storageState: storageStatePath('admin') });

  test('create an incident from config lines, then attach config lines, a topology card, a change and an insight', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const { configId, changeId, insightId } = await subjects(page);
    const title = `Evidence journey ${Date.now()}`;

    // 1. Config detail: select line 3, 'Attach as Evidence', then 'Create new incident'.
    await page.goto(`/catalog/${configId}`);
    const code = page.getByRole('group', { name: /^Config of / });
    await codeLine(code, 3).click();
    await page.getByRole('button', { name: 'Attach as Evidence' }).click();
    const attach = page.getByRole('dialog', { name: 'Attach as evidence' });
    await expect(attach.getByText(/Add 1 selected line of .+ as evidence/)).toBeVisible();
    await expectAccessible(page, 'attach dialog');
    await attach.getByRole('button', { name: 'Create new incident' }).click();

    const create = page.getByRole('dialog', { name: 'Create New Incident' });
    await expect(create.getByText('Config evidence')).toBeVisible();
    await expect(create.getByLabel('Type')).toHaveValue('availability');
    await expect(create.getByLabel('Severity')).toHaveValue('low');
    await expect(create.getByLabel('Status')).toHaveValue('open');
    await create.getByLabel('Description').fill('Memory limit too low');
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(create.getByLabel('Title')).toHaveAccessibleDescription(TITLE_REQUIRED);
    await expect(create.getByLabel('Description')).toHaveValue('Memory limit too low');
    await expectAccessible(page, 'create incident dialog with an error');
    await create.getByLabel('Title').fill(title);
    await create.getByLabel('Severity').selectOption('high');
    const posted = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname === '/api/db/incidents',
    );
    await create.getByRole('button', { name: 'Create' }).click();
    const incidentBody = (await posted).request().postDataJSON() as Record<string, unknown>;
    expect(incidentBody).toMatchObject({
      title,
      description: 'Memory limit too low',
      severity: 'high',
      type: 'availability',
      status: 'open',
    });
    const incidentPath = await linkedToast(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const incidentId = incidentPath.split('/').pop()!;

    // 2. The same config, lines 5-6, attached to that incident.
    await codeLine(code, 3).click({ modifiers: ['Control'] });
    await codeLine(code, 5).click();
    await codeLine(code, 6).click({ modifiers: ['Shift'] });
    await page.getByRole('button', { name: 'Attach as Evidence' }).click();
    await attachTo(page, title);
    expect(await linkedToast(page)).toBe(incidentPath);

    // 3. A topology card's 'Link to Incident'.
    await page.goto('/topology');
    const menu = page.getByRole('button', { name: /^Actions of / }).first();
    const componentName = ((await menu.getAttribute('aria-label')) ?? '').replace(
      'Actions of ',
      '',
    );
    await menu.click();
    await page.getByRole('menuitem', { name: 'Link to Incident' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Attach as evidence' }).getByRole('button', {
        name: 'Create new incident',
      }),
    ).toBeVisible();
    await attachTo(page, title);
    await linkedToast(page);

    // 4. A change's detail.
    await page.goto(`/catalog/changes?changeId=${changeId}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Attach as Evidence' }).click();
    // Changes and insights offer no 'Create new incident' (spec doc 2 §4: configs and components).
    await expect(
      page
        .getByRole('dialog', { name: 'Attach as evidence' })
        .getByRole('button', { name: 'Create new incident' }),
    ).toHaveCount(0);
    await attachTo(page, title);
    await linkedToast(page);
    // Dismissing the toast leaves the change dialog under it open.
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'Summary' })).toBeVisible();

    // 5. An insight's detail.
    await page.goto(`/catalog/insights?insightId=${insightId}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Attach as Evidence' }).click();
    await attachTo(page, title);
    // The toast stays usable over the insight dialog: its link opens the incident.
    const toast = page.getByRole('status').filter({ hasText: LINKED });
    await expect(toast).toBeVisible();
    await expect(page.getByRole('dialog').getByRole('heading', { level: 2 })).toBeVisible();
    await toast.getByRole('link').click();
    await expect(page).toHaveURL(incidentPath);

    // The rows as stored: one root hypothesis (Possible, the title) holding every evidence.
    const [incident] = await getJson<{ created_by: string; commander_id: string }[]>(
      page,
      `/api/db/incidents?id=eq.${incidentId}&select=created_by,commander_id,communicator_id`,
    );
    expect(incident).toMatchObject({ commander_id: incident!.created_by });
    const hypotheses = await getJson<HypothesisRow[]>(
      page,
      `/api/db/hypotheses?incident_id=eq.${incidentId}&select=id,type,status,title,evidences(type,description,config_id,component_id,config_change_id,config_analysis_id,evidence)`,
    );
    expect(hypotheses).toHaveLength(1);
    const root = hypotheses[0]!;
    expect(root).toMatchObject({ type: 'root', status: 'possible', title });
    const byType = (type: string) => root.evidences.filter((row) => row.type === type);
    expect(root.evidences.map((row) => row.type).sort()).toEqual([
      'config',
      'config',
      'config_analysis',
      'config_change',
      'topology',
    ]);
    const [created, attached] = byType('config');
    expect(created).toMatchObject({ config_id: configId });
    const lines = created!.evidence!.lines!;
    expect(created!.evidence!.selected_lines).toEqual({ '2': lines[2] });
    expect(attached!.evidence!.selected_lines).toEqual({ '4': lines[4], '5': lines[5] });
    expect(byType('topology')[0]!.component_id).toBeTruthy();
    expect(byType('topology')[0]!.description).toContain(componentName);
    expect(byType('config_change')[0]).toMatchObject({ config_change_id: changeId });
    expect(byType('config_change')[0]!.config_id).toBeTruthy();
    expect(byType('config_analysis')[0]).toMatchObject({
      config_analysis_id: insightId,
      config_id: configId,
    });
  });
});

test.describe('attach as evidence (viewer)', () => {
  test.use({ storageState: storageStatePath('viewer') });

  test('a viewer is offered no evidence action and the server refuses it', async ({
    page,
    baseURL,
  }) => {
    const { configId, insightId } = await subjects(page);
    await page.goto(`/catalog/${configId}`);
    await expect(page.getByRole('group', { name: /^Config of / })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Attach as Evidence' })).toHaveCount(0);
    await page.goto(`/catalog/insights?insightId=${insightId}`);
    await expect(page.getByRole('dialog').getByRole('heading', { level: 2 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Attach as Evidence' })).toHaveCount(0);
    const refused = await page.request.post('/api/db/incidents?select=*', {
      headers: { Origin: new URL(baseURL!).origin, Prefer: 'return=representation' },
      data: { title: 'x', description: '', severity: 'low', type: 'cost', status: 'open' },
    });
    expect(refused.status()).toBe(403);
  });
});
