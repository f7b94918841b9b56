/**
 * One incident from a failing check to its close (issue 13 §4): the test owns a tcp check (a
 * canary whose endpoint is a port the test opens and closes; the server's runner probes it on its
 * schedule), the commander creates the incident from the check dialog, adds an automatic
 * definition of done on the check evidence and sees it turn done when the port opens (the
 * server's engine evaluates the CEL script), the server refuses a forbidden transition, and the
 * responder works the incident: status, a Jira team responder prefilled from the team's
 * responder clients, a comment, Close. axe on each page and dialog.
 */
import { createServer, type Server } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { storageStatePath } from './accounts';
import { expectAccessible } from './axe';
import { linkedToast, sidePanel, toast, whoAmI, writeJson } from './incident-helpers';

/** Exact texts of spec doc 2 §8, and the server's refusal (migration 0025), copied here. */
const TEXT = {
  statusUpdated: 'Incident status updated successfully',
  contributingFactors: 'Add contributing factors to definition of done',
  responderAdded: 'Responder added successfully',
  refused: 'Cannot change incident status from investigating to open',
};
const SCRIPT = 'check.status == "healthy"';

function listen(port = 0): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => socket.end());
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const server = await listen();
  const address = server.address();
  await close(server);
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function checkStatus(page: Page, name: string): Promise<{ id: string; status: string }> {
  const response = await page.request.get(
    `/api/db/checks?select=id,status&name=eq.${encodeURIComponent(name)}&deleted_at=is.null`,
  );
  const rows = (await response.json()) as { id: string; status: string | null }[];
  return { id: rows[0]?.id ?? '', status: rows[0]?.status ?? '' };
}

const header = (page: Page) => page.locator('[data-incident-header] [data-status]');

test.describe('incident journey (commander, then responder)', () => {
  test.use({ storageState: storageStatePath('commander') });

  test('from a failing check to an automatic definition of done that turns done, a refused transition, the responder closing it', async ({
    page,
    browser,
    playwright,
  }) => {
    test.setTimeout(150_000);
    const stamp = Date.now().toString(36);
    const checkName = `inc13 journey tcp ${stamp}`;
    const port = await freePort();
    let portServer: Server | undefined;
    await page.goto('/incidents');
    const origin = new URL(page.url()).origin;
    const admin = await playwright.request.newContext({
      baseURL: origin,
      storageState: storageStatePath('admin'),
    });
    // The canary is the admin's (writes on canaries); the runner syncs its check and probes it.
    const [canary] = await writeJson(admin, origin, 'post', '/api/db/canaries', {
      name: `inc13-journey-${stamp}`,
      namespace: 'default',
      spec: { schedule: '@every 2s', tcp: [{ name: checkName, endpoint: `127.0.0.1:${port}` }] },
    });
    try {
      // Nothing listens: the check fails.
      await expect
        .poll(async () => (await checkStatus(page, checkName)).status, { timeout: 45_000 })
        .toBe('unhealthy');
      const { id: checkId } = await checkStatus(page, checkName);

      // 1. The check dialog: Attach as Evidence → Create new incident, the check as evidence.
      await page.goto(`/health?checkId=${checkId}`);
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: new RegExp(checkName) })).toBeVisible();
      await dialog.getByRole('button', { name: 'Attach as Evidence' }).click();
      const attach = page.getByRole('dialog', { name: 'Attach as evidence' });
      await attach.getByRole('button', { name: 'Create new incident' }).click();
      const create = page.getByRole('dialog', { name: 'Create New Incident' });
      await expect(create.getByText('Check evidence')).toBeVisible();
      await expect(create.getByText(`Health check ${checkName}`)).toBeVisible();
      await expectAccessible(page, 'create incident from a check');
      const title = `Journey ${stamp}: ${checkName} is down`;
      await create.getByLabel('Title').fill(title);
      await create.getByLabel('Severity').selectOption('high');
      await create.getByRole('button', { name: 'Create' }).click();
      const incidentPath = await linkedToast(page);
      const incidentId = incidentPath.split('/').pop()!;
      const hypotheses = (await (
        await page.request.get(
          `/api/db/hypotheses?incident_id=eq.${incidentId}&select=type,status,evidences(type,check_id,evidence)`,
        )
      ).json()) as Record<string, unknown>[];
      expect(hypotheses).toEqual([
        {
          type: 'root',
          status: 'possible',
          evidences: [
            {
              type: 'check',
              check_id: checkId,
              evidence: expect.objectContaining({ check_id: checkId, includeMessages: true }),
            },
          ],
        },
      ]);

      // 2. The workspace: an automatic definition of done on the check evidence.
      await page.goto(incidentPath);
      await expect(page.locator('[data-incident-header] h1')).toContainText(title);
      await sidePanel(page).getByRole('button', { name: 'Add definition of done' }).click();
      const wizard = page.getByRole('dialog', { name: 'Add definition of done' });
      await wizard.getByLabel(`Health check ${checkName}`).check();
      await wizard.getByRole('button', { name: 'Add', exact: true }).click();
      const script = wizard.getByLabel('Script (CEL expression, optional)');
      await expect(script).toHaveValue(/^check\.status == "healthy" && /);
      await script.fill(SCRIPT);
      await wizard.getByRole('button', { name: 'Submit' }).click();
      await expect(wizard).toHaveCount(0);
      const item = page
        .getByRole('list', { name: 'Definition of done' })
        .getByRole('listitem')
        .filter({ hasText: SCRIPT });
      await expect(item).toHaveAttribute('data-done', 'false');
      await expect(item.getByText('Not done')).toBeVisible();
      await expectAccessible(page, 'incident workspace with an automatic definition of done');

      // 3. The port opens: the runner finds the check healthy, the engine marks the item done,
      // the workspace's refresh shows it.
      portServer = await listen(port);
      await expect(item).toHaveAttribute('data-done', 'true', { timeout: 45_000 });
      await expect(item.getByText('Done', { exact: true })).toBeVisible();
      expect((await checkStatus(page, checkName)).status).toBe('healthy');

      // 4. An allowed transition, then a forbidden one refused by the server.
      const status = page.getByLabel('Status', { exact: true });
      await status.selectOption('investigating');
      await expect(toast(page, TEXT.statusUpdated)).toBeVisible();
      await expect(header(page)).toHaveText('Investigating');
      const refused = await page.request.patch(`/api/db/incidents?id=eq.${incidentId}`, {
        data: { status: 'open' },
        headers: { Origin: origin },
      });
      expect(refused.status()).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toBe(TEXT.refused);
      await page.reload();
      await expect(header(page)).toHaveText('Investigating');

      // 5. The responder works the incident.
      const context = await browser.newContext({ storageState: storageStatePath('responder') });
      const responder = await context.newPage();
      const responderId = await whoAmI(responder.request);
      expect(responderId).not.toBe('');
      await responder.goto(incidentPath);
      await expect(responder.locator('[data-incident-header] h1')).toContainText(title);
      const responderStatus = responder.getByLabel('Status', { exact: true });
      await expect(responderStatus.locator('option')).toHaveText([
        'Investigating',
        'Mitigated',
        'Resolved',
        'Closed',
      ]);
      await responderStatus.selectOption('mitigated');
      const factors = responder.getByRole('dialog', { name: TEXT.contributingFactors });
      await factors.getByRole('button', { name: 'Skip' }).click();
      await expect(header(responder)).toHaveText('Mitigated');

      // A Jira team responder, prefilled from the Payments team's responder clients.
      await sidePanel(responder).getByRole('button', { name: 'Add Responder' }).click();
      const add = responder.getByRole('dialog', { name: 'Add Responder' });
      await add.getByLabel('Team').selectOption({ label: 'Payments' });
      await add.getByRole('button', { name: 'Next' }).click();
      await add.getByLabel('Jira', { exact: true }).check();
      await expect(add.getByLabel('Project', { exact: true })).toHaveValue('PAY');
      await expect(add.getByLabel('Issue Type', { exact: true })).toHaveValue('Incident');
      await expect(add.getByLabel('Priority', { exact: true })).toHaveValue('High');
      await add.getByLabel('Summary', { exact: true }).fill(title);
      await add.getByLabel('Description', { exact: true }).fill('The tcp check failed.');
      await expectAccessible(responder, 'add responder wizard as responder');
      await add.getByRole('button', { name: 'Save Team Responder' }).click();
      await expect(toast(responder, TEXT.responderAdded)).toBeVisible();
      await expect(
        responder.getByRole('list', { name: 'Responders' }).getByText('Payments'),
      ).toBeVisible();

      // A comment on the root hypothesis.
      await responder.getByRole('tab', { name: 'Comments' }).click();
      const composer = responder.getByRole('form', { name: 'Add a comment' });
      await composer.getByLabel('Hypothesis').selectOption({ index: 1 });
      await composer.getByLabel('Comment').fill('Port is back, watching for an hour.');
      await composer.getByRole('button', { name: 'Send' }).click();
      await expect(
        responder.locator('li[data-comment-id]').filter({ hasText: 'Port is back' }),
      ).toBeVisible();

      // Close.
      await responder.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(header(responder)).toHaveText('Closed');
      const changelog = responder.getByRole('list', { name: 'Changelog' });
      await expect(changelog.getByText('changed the status to Closed')).toBeVisible();
      await expect(changelog.getByText('added Payments as a responder')).toBeVisible();
      await expectAccessible(responder, 'incident workspace as responder');
      const stored = (await (
        await responder.request.get(
          `/api/db/responders?incident_id=eq.${incidentId}&select=type,created_by,properties`,
        )
      ).json()) as { type: string; created_by: string; properties: Record<string, string> }[];
      expect(stored).toEqual([
        {
          type: 'jira',
          created_by: responderId,
          properties: expect.objectContaining({
            responderType: 'jira',
            project: 'PAY',
            issueType: 'Incident',
            priority: 'High',
            summary: title,
          }),
        },
      ]);
      await context.close();
    } finally {
      await writeJson(admin, origin, 'patch', `/api/db/canaries?id=eq.${canary!.id}`, {
        deleted_at: 'now()',
      });
      await admin.dispose();
      if (portServer) await close(portServer);
    }
  });
});
