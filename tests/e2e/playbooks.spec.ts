/**
 * Playbooks (issue 15; spec doc 3 §2.10, §3–§5; docs/playbooks.md) against the demo playbooks of
 * the real server: `demo-all-parameters` run from a health check's dialog and from a config's
 * page through the shared Run dialog (Run waits for a valid form, reads 'Running...', then opens
 * the run); the run page's live steps and logs, the parameters modal; `demo-failing-step` failing
 * on its second step (the Initialization step, the step's error), Re-run, and the runs list with
 * its filters in the URL; `demo-approval` waiting for approval until the editor approves it in the
 * console, refused to non-approvers; what each role is offered and refused. axe on every page.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { storageStatePath, type AccountRole } from './accounts';
import { expectAccessible } from './axe';
import { LoginPage } from './pages/login-page';

/** The demo editor (no saved sign-in: signs in here). */
const EDITOR = { username: 'editor', password: 'vigil-editor', email: 'editor@vigil.local' };

const ALL_PARAMETERS = 'Diagnose with every parameter type';
const FAILING = 'Fail on the second step';
const APPROVAL = 'Restart after approval';
/** An http check (the demo playbooks run on http checks) that no other spec runs playbooks on. */
const CHECK = 'airflow /health';
const RUN_URL = /\/playbooks\/runs\/([0-9a-f-]{36})$/;

interface RunRow {
  id: string;
  status: string;
  error: string | null;
  playbook_id: string;
  check_id: string | null;
  config_id: string | null;
  parameters: Record<string, string> | null;
}

const origin = (page: Page) => new URL(page.url()).origin;

async function checkNamed(page: Page, name: string): Promise<{ id: string; name: string }> {
  const response = await page.request.get('/api/canary/api/summary');
  const checks = ((await response.json()) as { checks_summary: { id: string; name: string }[] })
    .checks_summary;
  const check = checks.find((item) => item.name === name);
  expect(check, `a check named ${name}`).toBeDefined();
  return check!;
}

async function playbookNamed(page: Page, name: string): Promise<{ id: string; spec: object }> {
  const response = await page.request.get(
    `/api/db/playbooks?name=eq.${name}&deleted_at=is.null&select=id,spec`,
  );
  const rows = (await response.json()) as { id: string; spec: object }[];
  expect(rows, `the demo playbook ${name}`).toHaveLength(1);
  return rows[0]!;
}

async function runRow(page: Page, runId: string): Promise<RunRow> {
  const response = await page.request.get(`/api/playbook/run/${runId}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as RunRow;
}

function runIdOf(page: Page): string {
  const match = RUN_URL.exec(new URL(page.url()).pathname);
  expect(match, `a run page: ${page.url()}`).not.toBeNull();
  return match![1]!;
}

/** A value of the run's details list (`Status`, `Resource`, `Error`, …). */
function detail(page: Page, label: string) {
  return page
    .getByRole('region', { name: 'Run details' })
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');
}

function step(page: Page, name: string) {
  return page.getByRole('list', { name: 'Steps' }).getByRole('button', { name });
}

/** A window flag that a reload or a full page load would drop. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { e2eSameDocument?: boolean }).e2eSameDocument = true;
  });
}

async function expectSameDocument(page: Page) {
  expect(
    await page.evaluate(
      () => (window as unknown as { e2eSameDocument?: boolean }).e2eSameDocument === true,
    ),
    'the console was not reloaded',
  ).toBe(true);
}

/**
 * Clicks Run while `POST /playbook/run` is held back, checks the button reads 'Running...', then
 * lets the request through and waits for the run's page.
 */
async function runAndOpen(page: Page, dialog: Locator): Promise<string> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/playbook/run', async (route) => {
    await held;
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(dialog.getByRole('button', { name: 'Running...' })).toBeDisabled();
  release();
  await expect(page).toHaveURL(RUN_URL);
  await page.unroute('**/api/playbook/run');
  await expect(dialog).toHaveCount(0);
  return runIdOf(page);
}

async function signInAsEditor(browser: Browser, path: string): Promise<Page> {
  // A context of its own, signed out (not the describe's saved admin sign-in).
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.goto(path);
  await login.signIn(EDITOR.username, EDITOR.password);
  await expect(page).toHaveURL(path);
  return page;
}

async function asRole(browser: Browser, role: AccountRole, path: string): Promise<Page> {
  const context = await browser.newContext({ storageState: storageStatePath(role) });
  const page = await context.newPage();
  if (path) await page.goto(path);
  return page;
}

test.describe('playbooks (admin)', () => {
  test.use({ storageState: storageStatePath('admin') });

  test('every parameter type from a health check: Run waits for a valid form, then the run completes live', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const suffix = Date.now().toString(36);
    const check = await checkNamed(page, CHECK);
    const directory = async (path: string) =>
      (await (await page.request.get(path)).json()) as { id: string; name: string }[];
    const [sre] = await directory('/api/db/teams?name=eq.SRE&select=id,name');
    const [editor] = await directory(
      `/api/db/people?email=eq.${EDITOR.email}&select=id,name,email`,
    );

    await page.goto(`/health?checkId=${check.id}`);
    const checkDialog = page.getByRole('dialog', { name: new RegExp(CHECK) });
    await expect(checkDialog.getByRole('heading', { name: new RegExp(CHECK) })).toBeVisible();
    await checkDialog.getByRole('button', { name: 'Playbooks' }).click();
    await page.getByRole('menuitem', { name: ALL_PARAMETERS }).click();

    const dialog = page.getByRole('dialog', { name: `Run ${ALL_PARAMETERS}` });
    const run = dialog.getByRole('button', { name: 'Run', exact: true });
    // The defaults come from the server, rendered for the check.
    const summary = dialog.getByRole('textbox', { name: 'Summary', exact: true });
    await expect(summary).toHaveValue(`Investigate ${CHECK}`);
    await expect(dialog.getByLabel('Ticket (dns-1123 name)')).toHaveValue('ops-1');
    await expect(dialog.getByLabel('Patch')).toHaveValue('spec:\n  replicas: 3\n');
    await expect(dialog.getByLabel('Dry run')).toBeChecked();
    await expect(dialog.getByLabel('Severity')).toHaveValue('medium');
    await expect(run).toBeEnabled();
    await expectAccessible(page, 'Run dialog on a check');

    // text: required, at least 3 characters; text with the dns1123 format.
    await summary.fill('');
    await summary.blur();
    await expect(dialog.getByText('This field is required')).toBeVisible();
    await expect(run).toBeDisabled();
    await summary.fill('ab');
    await expect(dialog.getByText('Must be at least 3 characters')).toBeVisible();
    await expect(run).toBeDisabled();
    await summary.fill(`e2e every type ${suffix}`);
    await expect(run).toBeEnabled();
    const ticket = dialog.getByLabel('Ticket (dns-1123 name)');
    await ticket.fill('Ops_1');
    await expect(
      dialog.getByText(/^Must be lowercase letters, digits, hyphens and dots/),
    ).toBeVisible();
    await expect(run).toBeDisabled();
    await ticket.fill(`ops-${suffix}`);
    await expect(run).toBeEnabled();

    // code, checkbox, list, team and people.
    await dialog.getByLabel('Patch').fill('spec:\n  replicas: 2\n');
    await dialog.getByLabel('Dry run').uncheck();
    await dialog.getByLabel('Severity').selectOption('high');
    await dialog.getByLabel('Owning team').selectOption({ label: 'SRE' });
    await dialog.getByLabel('Assignee').selectOption(editor!.id);
    // component, config and check: a search box and the matching resources (optional here).
    for (const [label, kind] of [
      ['Related component', 'component'],
      ['Related config', 'config'],
      ['Related check', 'check'],
    ] as const) {
      await expect(dialog.getByRole('searchbox', { name: `Search ${label}` })).toHaveAttribute(
        'placeholder',
        `Search ${kind}s`,
      );
      await expect(dialog.getByLabel(label, { exact: true })).toHaveValue('');
    }
    await expect(run).toBeEnabled();

    await markDocument(page);
    const runId = await runAndOpen(page, dialog);

    // The run page follows the run without a reload until it is completed.
    await expect(page.getByRole('heading', { level: 2, name: ALL_PARAMETERS })).toBeVisible();
    await expect(detail(page, 'Status')).toHaveText('Completed', { timeout: 20_000 });
    await expect(step(page, 'record parameters')).toContainText('Completed');
    await expect(step(page, 'server log')).toContainText('Completed');
    await expect(detail(page, 'Resource')).toContainText(`Check${CHECK}`);
    await expect(detail(page, 'Triggered by')).toContainText('Ada Admin');
    // The last step is selected: its log is the server's log store.
    await expect(step(page, 'server log')).toHaveAttribute('aria-current', 'step');
    await expect(page.getByRole('region', { name: 'logs' })).toContainText(
      /line\(s\) from stream "vigil"/,
    );
    await expect(page.getByRole('region', { name: 'stdout' })).toContainText('[info]');
    await step(page, 'record parameters').click();
    await expect(page.getByRole('heading', { level: 3, name: 'record parameters' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'logs' })).toContainText(
      /GET http:\/\/\S+\/api\/health\n< 200 OK/,
    );
    await expect(page.getByRole('region', { name: 'result' })).toContainText('code: 200');
    await expectSameDocument(page);
    await expectAccessible(page, 'run detail (completed)');

    // What the server received: the values typed, every one a string.
    const stored = await runRow(page, runId);
    expect(stored).toMatchObject({ check_id: check.id, config_id: null });
    expect(stored.parameters).toMatchObject({
      summary: `e2e every type ${suffix}`,
      ticket: `ops-${suffix}`,
      manifest: 'spec:\n  replicas: 2\n',
      dry_run: 'false',
      severity: 'high',
      team: sre!.id,
      assignee: editor!.id,
    });

    await page.getByRole('button', { name: 'Parameters', exact: true }).click();
    const parameters = page.getByRole('dialog', { name: 'Parameters' });
    for (const [key, value] of [
      ['summary', `e2e every type ${suffix}`],
      ['ticket', `ops-${suffix}`],
      ['dry_run', 'false'],
      ['severity', 'high'],
      ['team', sre!.id],
      ['assignee', editor!.id],
    ]) {
      await expect(
        parameters.locator('dl > div').filter({ has: page.locator('dt', { hasText: key }) }),
      ).toContainText(value!);
    }
    await expect(parameters).toContainText('replicas: 2');
    await expectAccessible(page, 'run parameters modal');
    await page.keyboard.press('Escape');
    await expect(parameters).toHaveCount(0);
  });

  test('from a config page: the defaults are rendered for the config and the run is on it', async ({
    page,
  }) => {
    // A Deployment with past runs and no checks (other specs pick configs with both, or neither).
    const response = await page.request.get(
      '/api/db/config_detail?type=eq.Kubernetes::Deployment&deleted_at=is.null&select=id,name,summary&order=name.asc',
    );
    const configs = (await response.json()) as {
      id: string;
      name: string;
      summary?: { playbook_runs?: number; checks?: number };
    }[];
    const config = configs.find(
      (row) => (row.summary?.playbook_runs ?? 0) > 0 && !row.summary?.checks,
    );
    expect(config, 'a Deployment with runs and no checks').toBeDefined();

    await page.goto(`/catalog/${config!.id}`);
    await page.getByRole('button', { name: 'Playbooks' }).click();
    await page.getByRole('menuitem', { name: ALL_PARAMETERS }).click();
    const dialog = page.getByRole('dialog', { name: `Run ${ALL_PARAMETERS}` });
    await expect(dialog.getByRole('textbox', { name: 'Summary', exact: true })).toHaveValue(
      `Investigate ${config!.name}`,
    );
    await dialog.getByLabel('Severity').selectOption('low');
    await dialog.getByLabel('Owning team').selectOption({ label: 'Platform' });
    await expectAccessible(page, 'Run dialog on a config');
    const runId = await runAndOpen(page, dialog);

    await expect(detail(page, 'Status')).toHaveText('Completed', { timeout: 20_000 });
    await expect(detail(page, 'Resource')).toContainText(`Config${config!.name}`);
    await expect(detail(page, 'Resource').getByRole('link')).toHaveAttribute(
      'href',
      `/catalog/${config!.id}`,
    );
    const stored = await runRow(page, runId);
    expect(stored).toMatchObject({ config_id: config!.id, check_id: null });
    expect(stored.parameters).toMatchObject({
      summary: `Investigate ${config!.name}`,
      severity: 'low',
      dry_run: 'true',
    });
  });

  test('a failing step fails the run with its error; Re-run starts a new run; the runs list filters in the URL', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const check = await checkNamed(page, CHECK);
    const failing = await playbookNamed(page, 'demo-failing-step');
    await page.goto(`/health?checkId=${check.id}`);
    const checkDialog = page.getByRole('dialog', { name: new RegExp(CHECK) });
    await checkDialog.getByRole('button', { name: 'Playbooks' }).click();
    await page.getByRole('menuitem', { name: FAILING }).click();
    const dialog = page.getByRole('dialog', { name: `Run ${FAILING}` });
    await expect(dialog.getByText('No parameters for this playbook.')).toBeVisible();
    const firstId = await runAndOpen(page, dialog);

    const closedPort = /^action "call a closed port" failed: .*127\.0\.0\.1:2/;
    await expect(detail(page, 'Status')).toHaveText('Failed', { timeout: 20_000 });
    await expect(detail(page, 'Error')).toHaveText(closedPort);
    const steps = page.getByRole('list', { name: 'Steps' });
    await expect(steps.getByRole('listitem').first()).toContainText('Initialization');
    await expect(step(page, 'Initialization')).toContainText('Failed');
    await expect(step(page, 'check the server')).toContainText('Completed');
    await expect(step(page, 'call a closed port')).toContainText('Failed');
    await expect(step(page, 'never runs')).toContainText('Skipped');
    await expect(step(page, 'never runs')).toBeDisabled();
    await expect(step(page, 'clean up')).toContainText('Completed');

    await step(page, 'call a closed port').click();
    await expect(page.getByRole('heading', { level: 3, name: 'call a closed port' })).toBeVisible();
    await expect(page.getByTestId('step-log')).toContainText(/127\.0\.0\.1:2.*ECONNREFUSED/);
    await step(page, 'Initialization').click();
    await expect(page.getByRole('heading', { level: 3, name: 'Initialization' })).toBeVisible();
    await expect(page.locator('[aria-live="polite"] pre')).toHaveText(closedPort);
    await expectAccessible(page, 'run detail (failed)');

    // Re-run: the same playbook, check and parameters, as a new run.
    await page.getByRole('button', { name: 'Re-run' }).click();
    await expect(page).not.toHaveURL(new RegExp(firstId));
    await expect(page).toHaveURL(RUN_URL);
    const secondId = runIdOf(page);
    await expect(detail(page, 'Status')).toHaveText('Failed', { timeout: 20_000 });
    expect(await runRow(page, secondId)).toMatchObject({
      playbook_id: failing.id,
      check_id: check.id,
      status: 'failed',
    });

    // The playbook's runs: both, newest first; the status filter is written to the URL.
    await detail(page, 'Playbook').getByRole('link', { name: FAILING }).click();
    await expect(page).toHaveURL(`/playbooks/runs?playbook=${failing.id}`);
    const filters = page.getByRole('group', { name: 'Playbook run filters' });
    await expect(filters.getByLabel('Playbook')).toHaveValue(failing.id);
    const table = page.getByRole('table', { name: 'Playbook runs' });
    const link = (id: string) => table.locator(`a[href="/playbooks/runs/${id}"]`);
    await expect(link(secondId)).toBeVisible();
    await expect(link(firstId)).toBeVisible();
    await expect(table.locator('tbody tr').filter({ hasNotText: FAILING })).toHaveCount(0);
    await filters.getByLabel('Status').selectOption('failed');
    await expect(page).toHaveURL(/[?&]status=failed/);
    await expect(page).toHaveURL(new RegExp(`[?&]playbook=${failing.id}`));
    await expect(link(firstId)).toBeVisible();
    await expect(table.locator('tbody tr').filter({ hasNotText: 'Failed' })).toHaveCount(0);
    await expectAccessible(page, '/playbooks/runs (filtered)');
    await filters.getByLabel('Status').selectOption('completed');
    await expect(page).toHaveURL(/[?&]status=completed/);
    await expect(link(firstId)).toHaveCount(0);
    await expect(link(secondId)).toHaveCount(0);
    // A shared address opens the same filters.
    await page.goto(`/playbooks/runs?playbook=${failing.id}&status=failed`);
    await expect(filters.getByLabel('Status')).toHaveValue('failed');
    await expect(filters.getByLabel('Playbook')).toHaveValue(failing.id);
    await expect(link(secondId)).toBeVisible();
  });

  test('a run waits for approval until a listed approver approves it in the console', async ({
    page,
    browser,
  }) => {
    test.setTimeout(75_000);
    const suffix = Date.now().toString(36);
    const check = await checkNamed(page, CHECK);
    const approval = await playbookNamed(page, 'demo-approval');
    await page.goto('/playbooks');
    const created = await page.request.post('/api/playbook/run', {
      headers: { Origin: origin(page) },
      data: { id: approval.id, check_id: check.id, params: { reason: `e2e ${suffix}` } },
    });
    expect(created.status(), await created.text()).toBe(201);
    const runId = ((await created.json()) as { run_id: string }).run_id;
    expect((await runRow(page, runId)).status).toBe('pending_approval');

    // Not an approver: the commander (not listed), and SRE members whose role may not write runs.
    for (const role of ['commander', 'responder', 'viewer'] as const) {
      const other = await asRole(
        browser,
        role,
        role === 'viewer' ? `/playbooks/runs/${runId}` : '',
      );
      const refused = await other.request.post(`/api/playbook/run/approve/${runId}`, {
        headers: { Origin: origin(page) },
      });
      expect(refused.status(), `${role} approving`).toBe(403);
      if (role === 'viewer') {
        // The viewer reads the run but is offered neither Approve nor Re-run.
        await expect(detail(other, 'Status')).toHaveText('Pending approval');
        await expect(other.getByRole('button', { name: 'Parameters', exact: true })).toBeVisible();
        await expect(other.getByRole('button', { name: 'Approve' })).toHaveCount(0);
        await expect(other.getByRole('button', { name: 'Re-run' })).toHaveCount(0);
      }
      await other.context().close();
    }
    expect((await runRow(page, runId)).status).toBe('pending_approval');

    // The editor is listed by e-mail: approves in the console, and the page follows the run.
    const editor = await signInAsEditor(browser, `/playbooks/runs/${runId}`);
    await expect(editor.getByRole('heading', { level: 2, name: APPROVAL })).toBeVisible();
    await expect(detail(editor, 'Status')).toHaveText('Pending approval');
    await expect(editor.getByRole('status').filter({ hasText: 'waits for approval' })).toHaveText(
      'This run waits for approval by editor@vigil.local, team SRE.',
    );
    await expect(detail(editor, 'Started')).toHaveText('Not started');
    await expect(editor.getByText('No step has started yet.')).toBeVisible();
    await expectAccessible(editor, 'run detail (pending approval)');
    await markDocument(editor);
    await editor.getByRole('button', { name: 'Approve' }).click();
    await expect(
      editor.getByRole('status').filter({ hasText: 'playbook run approved' }),
    ).toBeVisible();
    await expect(detail(editor, 'Status')).toHaveText('Completed', { timeout: 20_000 });
    await expect(step(editor, 'restart')).toContainText('Completed');
    await expect(step(editor, 'record')).toContainText('Completed');
    await expect(editor.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expectSameDocument(editor);
    await editor.context().close();
    // Approving a run that no longer waits is a conflict.
    const late = await page.request.post(`/api/playbook/run/approve/${runId}`, {
      headers: { Origin: origin(page) },
    });
    expect(late.status()).toBe(409);
  });

  test('a writer who is not a listed approver is refused and offered no Approve', async ({
    page,
  }) => {
    // A copy of demo-approval that lists only the editor: the admin may write runs but is not listed.
    const suffix = Date.now().toString(36);
    const check = await checkNamed(page, CHECK);
    const approval = await playbookNamed(page, 'demo-approval');
    await page.goto('/playbooks');
    const headers = { Origin: origin(page), Prefer: 'return=representation' };
    const spec = {
      ...approval.spec,
      title: `e2e editor-only approval ${suffix}`,
      approval: { type: 'any', approvers: { people: [EDITOR.email] } },
    };
    const inserted = await page.request.post('/api/db/playbooks', {
      headers,
      data: {
        name: `e2e-approval-${suffix}`,
        title: spec.title,
        category: 'e2e',
        spec,
        source: 'UI',
      },
    });
    expect(inserted.status(), await inserted.text()).toBe(201);
    const playbookId = ((await inserted.json()) as { id: string }[])[0]!.id;
    try {
      const created = await page.request.post('/api/playbook/run', {
        headers,
        data: { id: playbookId, check_id: check.id, params: { reason: 'not mine to approve' } },
      });
      expect(created.status(), await created.text()).toBe(201);
      const runId = ((await created.json()) as { run_id: string }).run_id;
      const refused = await page.request.post(`/api/playbook/run/approve/${runId}`, { headers });
      expect(refused.status()).toBe(403);
      expect(await refused.json()).toEqual({
        error: 'you are not allowed to approve this playbook run',
      });
      await page.goto(`/playbooks/runs/${runId}`);
      await expect(detail(page, 'Status')).toHaveText('Pending approval');
      await expect(page.getByRole('status').filter({ hasText: 'waits for approval' })).toHaveText(
        `This run waits for approval by ${EDITOR.email}.`,
      );
      await expect(page.getByRole('button', { name: 'Re-run' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Reject' })).toHaveCount(0);
      const cancelled = await page.request.post(`/api/playbook/run/cancel/${runId}`, { headers });
      expect(cancelled.status()).toBe(200);
    } finally {
      await page.request.patch(`/api/db/playbooks?id=eq.${playbookId}`, {
        headers,
        data: { deleted_at: 'now()' },
      });
    }
  });
});

test('each role is offered the playbook actions it may take, and the server refuses the rest', async ({
  browser,
}) => {
  test.setTimeout(75_000);
  // rolePermits (src/rbac/roles.ts): playbooks and playbook_runs are written by admin and editor.
  const roles = ['admin', 'editor', 'commander', 'responder', 'viewer'] as const;
  let check: { id: string } | undefined;
  let playbook: { id: string } | undefined;
  for (const role of roles) {
    const writer = role === 'admin' || role === 'editor';
    const page =
      role === 'editor'
        ? await signInAsEditor(browser, '/playbooks')
        : await asRole(browser, role, '/playbooks');
    await test.step(role, async () => {
      const card = page.getByRole('listitem', { name: ALL_PARAMETERS });
      await expect(card.getByRole('link', { name: `Runs of ${ALL_PARAMETERS}` })).toBeVisible();
      await expect(page.getByText(/^\d+ playbooks$/)).toBeVisible();
      await expect(page.getByRole('button', { name: 'New Playbook' })).toHaveCount(writer ? 1 : 0);
      await expect(card.getByRole('button', { name: `Run ${ALL_PARAMETERS}` })).toHaveCount(
        writer ? 1 : 0,
      );
      await expect(card.getByRole('button', { name: `Actions for ${ALL_PARAMETERS}` })).toHaveCount(
        writer ? 1 : 0,
      );

      check ??= await checkNamed(page, CHECK);
      playbook ??= await playbookNamed(page, 'demo-failing-step');
      const headers = { Origin: origin(page) };
      // Asking for a run's parameters is a write on playbook_runs (api.md §10.2).
      const params = await page.request.post(`/api/playbook/${playbook.id}/params`, {
        headers,
        data: { id: playbook.id, check_id: check.id },
      });
      expect(params.status(), `${role}: parameters`).toBe(writer ? 200 : 403);
      const listed = await page.request.get(`/api/playbook/list?check_id=${check.id}`);
      expect(listed.status(), `${role}: runnable list`).toBe(200);
      if (!writer) {
        const run = await page.request.post('/api/playbook/run', {
          headers,
          data: { id: playbook.id, check_id: check.id, params: {} },
        });
        expect(run.status(), `${role}: run`).toBe(403);
        const save = await page.request.post('/api/db/playbooks', {
          headers,
          data: { name: `e2e-${role}-${Date.now()}`, title: 'x', spec: {}, source: 'UI' },
        });
        expect(save.status(), `${role}: new playbook`).toBe(403);
      }

      if (role === 'admin') {
        // The cards page, and a card's Run dialog, which asks for a resource first.
        await expectAccessible(page, '/playbooks as admin');
        await card.getByRole('button', { name: `Run ${ALL_PARAMETERS}` }).click();
        const dialog = page.getByRole('dialog', { name: `Run ${ALL_PARAMETERS}` });
        await expect(
          dialog.getByText('Please select a resource to see the parameters.'),
        ).toBeVisible();
        await expect(dialog.getByLabel('Run on')).toHaveValue('check');
        await expect(dialog.getByLabel('Run on').locator('option')).toHaveText([
          'Health check',
          'Config',
          'Component',
        ]);
        await expect(dialog.getByRole('button', { name: 'Run', exact: true })).toBeDisabled();
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await expect(dialog).toHaveCount(0);
      }
      if (role === 'viewer') {
        // The check dialog offers no Playbooks menu either.
        await page.goto(`/health?checkId=${check.id}`);
        const checkDialog = page.getByRole('dialog', { name: new RegExp(CHECK) });
        await expect(checkDialog.getByRole('heading', { name: new RegExp(CHECK) })).toBeVisible();
        await expect(checkDialog.getByRole('button', { name: 'Playbooks' })).toHaveCount(0);
      }
    });
    await page.context().close();
  }
});

test.describe('resource pickers (admin)', () => {
  test.use({ storageState: storageStatePath('admin') });

  test('component, config and check parameters, and the card Run dialog, find resources by search', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.goto('/playbooks');
    // api.md §4.3: the pickers search through POST /resources/search.
    const probe = await page.request.post('/api/resources/search', {
      headers: { Origin: origin(page) },
      data: { checks: [{ search: 'airflow' }], limit: 1 },
    });
    expect(probe.status()).toBe(200);
    const check = await checkNamed(page, CHECK);
    const other = await checkNamed(page, 'spark history');
    const component = (
      (await (
        await page.request.get(
          '/api/db/components?deleted_at=is.null&select=id,name&order=name&limit=1',
        )
      ).json()) as { id: string; name: string }[]
    )[0]!;
    const config = (
      (await (
        await page.request.get(
          '/api/db/config_items?type=eq.Kubernetes::Deployment&deleted_at=is.null&select=id,name&order=name&limit=1',
        )
      ).json()) as { id: string; name: string }[]
    )[0]!;

    await page
      .getByRole('listitem', { name: ALL_PARAMETERS })
      .getByRole('button', { name: `Run ${ALL_PARAMETERS}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Run ${ALL_PARAMETERS}` });
    await dialog.getByRole('searchbox', { name: 'Search Health check' }).fill(CHECK);
    await dialog
      .getByRole('combobox', { name: 'Health check', exact: true })
      .selectOption(check.id);
    await expect(dialog.getByRole('textbox', { name: 'Summary', exact: true })).toHaveValue(
      `Investigate ${CHECK}`,
    );
    for (const [label, item] of [
      ['Related component', component],
      ['Related config', config],
      ['Related check', other],
    ] as const) {
      await dialog.getByRole('searchbox', { name: `Search ${label}` }).fill(item.name);
      await dialog.getByRole('combobox', { name: label, exact: true }).selectOption(item.id);
    }
    const runId = await runAndOpen(page, dialog);
    await expect(detail(page, 'Status')).toHaveText('Completed', { timeout: 20_000 });
    expect((await runRow(page, runId)).parameters).toMatchObject({
      component: component.id,
      config: config.id,
      check: other.id,
    });
  });
});
