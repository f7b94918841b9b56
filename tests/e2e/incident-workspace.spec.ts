import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { storageStatePath } from './accounts';
import { expectAccessible } from './axe';
import { sidePanel, toast, whoAmI, writeJson } from './incident-helpers';

/** Exact texts of spec doc 2 §8, copied here (tests never read the spec). */
const TEXT = {
  statusUpdated: 'Incident status updated successfully',
  selectEvidence: 'Please select atleast one evidence',
  contributingFactors: 'Add contributing factors to definition of done',
  responderAdded: 'Responder added successfully',
  responderDeleted: 'Responder deleted successfully',
  deleteResponder: 'Delete Responder ?',
  deleteResponderConfirm: 'Are you sure you want to delete the responder ?',
  invalidValue: 'Please provide valid value',
  removeDodConfirm: 'Remove from definition of done ?',
  notFound: 'Incident not found',
};

/** The default script of a check evidence (spec doc 2 §5). */
const CHECK_SCRIPT = 'check.status == "healthy" && duration(check.age) > duration("5m")';

/** Every client type but person: more than 6, so the type list scrolls. */
const TEAM_CLIENTS = [
  'email',
  'jira',
  'service_now',
  'ca',
  'aws_support',
  'aws_ams_services_request',
  'redhat',
  'oracle',
  'ms_planner',
  'vmware',
];

interface Created {
  incidentId: string;
  checkEvidence: string;
  topologyEvidence: string;
  teamName: string;
}

/** An incident with a root hypothesis, a topology and a check evidence, and a team with clients. */
async function createFixture(page: Page, admin: APIRequestContext): Promise<Created> {
  const origin = new URL(page.url()).origin;
  const me = await whoAmI(page.request);
  const stamp = Date.now().toString(36);
  const [incident] = await writeJson(page.request, origin, 'post', '/api/db/incidents?select=*', {
    title: `Checkout latency ${stamp}`,
    description: 'p99 above 2 s on checkout',
    severity: 'low',
    type: 'availability',
    status: 'open',
    created_at: 'now()',
    updated_at: 'now()',
    created_by: me,
    commander_id: me,
    communicator_id: me,
  });
  const [root] = await writeJson(page.request, origin, 'post', '/api/db/hypotheses', {
    created_by: me,
    incident_id: incident!.id,
    type: 'root',
    title: `Checkout latency ${stamp}`,
    status: 'possible',
  });
  const components = (await (
    await page.request.get('/api/db/components?select=id,name&deleted_at=is.null&limit=1')
  ).json()) as { id: string }[];
  const checks = (await (
    await page.request.get('/api/db/checks?select=id,name&deleted_at=is.null&limit=1')
  ).json()) as { id: string; name: string }[];
  const [topology] = await writeJson(page.request, origin, 'post', '/api/db/evidences', {
    hypothesis_id: root!.id,
    type: 'topology',
    description: 'Checkout service unhealthy',
    created_by: me,
    component_id: components[0]!.id,
  });
  const [check] = await writeJson(page.request, origin, 'post', '/api/db/evidences', {
    hypothesis_id: root!.id,
    type: 'check',
    description: 'Checkout health check failing',
    created_by: me,
    check_id: checks[0]!.id,
  });
  const teamName = `Checkout ${stamp}`;
  const clients = Object.fromEntries(
    TEAM_CLIENTS.map((type) => [
      type,
      type === 'email' ? { defaults: { subject: 'Incident' } } : {},
    ]),
  );
  await writeJson(admin, origin, 'post', '/api/db/teams', {
    name: teamName,
    icon: 'dollar',
    spec: { responder_clients: clients },
    created_by: me,
  });
  return {
    incidentId: incident!.id,
    topologyEvidence: topology!.id,
    checkEvidence: check!.id,
    teamName,
  };
}

let fixture: Created | undefined;

test.describe('incident workspace', () => {
  test.describe.configure({ mode: 'serial' });

  test.describe('as commander', () => {
    test.use({ storageState: storageStatePath('commander') });

    test('status transitions, contributing factors, responders, definition of done, changelog', async ({
      page,
      playwright,
    }) => {
      test.setTimeout(120_000);
      await page.goto('/incidents');
      const admin = await playwright.request.newContext({
        baseURL: new URL(page.url()).origin,
        storageState: storageStatePath('admin'),
      });
      fixture = await createFixture(page, admin);
      await admin.dispose();

      await page.goto(`/incidents/${fixture.incidentId}`);
      await expect(page.locator('[data-incident-header] h1')).toContainText('Checkout latency');
      const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
      await expect(breadcrumb.getByRole('link', { name: 'Incidents' })).toHaveAttribute(
        'href',
        '/incidents',
      );
      await expect(page.getByText('Linked components')).toBeVisible();
      await expectAccessible(page, 'incident workspace');

      // Allowed targets only: from open, 'New' is not offered.
      const status = page.getByLabel('Status', { exact: true });
      await expect(status.locator('option')).toHaveText([
        'Open',
        'Investigating',
        'Mitigated',
        'Resolved',
        'Closed',
      ]);
      await status.selectOption('investigating');
      await expect(toast(page, TEXT.statusUpdated)).toBeVisible();
      await expect(page.locator('[data-incident-header] [data-status]')).toHaveText(
        'Investigating',
      );
      // From investigating, 'Open' is refused and not offered.
      await expect(status.locator('option')).toHaveText([
        'Investigating',
        'Mitigated',
        'Resolved',
        'Closed',
      ]);

      // Mitigated asks for contributing factors; submit needs one.
      await status.selectOption('mitigated');
      const factors = page.getByRole('dialog', { name: TEXT.contributingFactors });
      await expect(factors.getByRole('heading', { name: TEXT.contributingFactors })).toBeVisible();
      await factors.getByRole('button', { name: 'Submit' }).click();
      await expect(factors.getByText(TEXT.selectEvidence)).toBeVisible();
      await expectAccessible(page, 'contributing factors dialog');
      await factors.getByLabel('Checkout service unhealthy').check();
      await factors.getByRole('button', { name: 'Submit' }).click();
      await expect(factors).toHaveCount(0);
      await expect(page.locator('[data-incident-header] [data-status]')).toHaveText('Mitigated');
      const dod = page.getByRole('list', { name: 'Definition of done' });
      await expect(dod.getByText('Checkout service unhealthy')).toBeVisible();

      // Close / Reopen.
      await page.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(page.locator('[data-incident-header] [data-status]')).toHaveText('Closed');
      await page.getByRole('button', { name: 'Reopen' }).click();
      await expect(page.locator('[data-incident-header] [data-status]')).toHaveText('Open');

      // A team responder of a type with fields.
      await sidePanel(page).getByRole('button', { name: 'Add Responder' }).click();
      const wizard = page.getByRole('dialog', { name: 'Add Responder' });
      await wizard.getByLabel('Team').selectOption({ label: fixture.teamName });
      await wizard.getByRole('button', { name: 'Next' }).click();
      await expect(wizard.locator('[data-scrolls="true"]')).toBeVisible();
      await wizard.getByLabel('Email', { exact: true }).check();
      await expect(wizard.getByLabel('Subject', { exact: true })).toHaveValue('Incident');
      await wizard.getByLabel('Subject', { exact: true }).fill('');
      await wizard.getByRole('button', { name: 'Save Team Responder' }).click();
      await expect(wizard.getByText(TEXT.invalidValue)).toHaveCount(3);
      await expectAccessible(page, 'add responder wizard');
      await wizard.getByLabel('To', { exact: true }).fill('checkout@example.com');
      await wizard.getByLabel('Subject', { exact: true }).fill('Checkout latency');
      await wizard.getByLabel('Body', { exact: true }).fill('Please look at the checkout p99.');
      await wizard.getByRole('button', { name: 'Save Team Responder' }).click();
      await expect(toast(page, TEXT.responderAdded)).toBeVisible();
      const responders = page.getByRole('list', { name: 'Responders' });
      await expect(responders.getByText(fixture.teamName)).toBeVisible();

      // A person goes straight to Add.
      await sidePanel(page).getByRole('button', { name: 'Add Responder' }).click();
      await wizard.getByLabel('Person').selectOption({ label: 'Vic Viewer' });
      await wizard.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(responders.getByText('Vic Viewer')).toBeVisible();
      await expect(responders.getByRole('list', { name: 'Timeline of Vic Viewer' })).toBeVisible();

      // Soft delete after confirmation.
      await responders.getByRole('button', { name: 'Delete responder Vic Viewer' }).click();
      const confirm = page.getByRole('dialog', { name: TEXT.deleteResponder });
      await expect(confirm.getByText(TEXT.deleteResponderConfirm)).toBeVisible();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(toast(page, TEXT.responderDeleted)).toBeVisible();
      await expect(responders.getByText('Vic Viewer')).toHaveCount(0);

      // Manual definition of done.
      await sidePanel(page).getByRole('button', { name: 'Add definition of done' }).click();
      const dodWizard = page.getByRole('dialog', { name: 'Add definition of done' });
      await dodWizard.getByRole('button', { name: 'Manual' }).click();
      await dodWizard
        .getByLabel('Definition of done', { exact: true })
        .fill('Checkout p99 under 500 ms for an hour');
      await dodWizard.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(dodWizard).toHaveCount(0);
      await expect(dod.getByText('Checkout p99 under 500 ms for an hour')).toBeVisible();

      // Automatic: evidence → script (the check default) → submit.
      await sidePanel(page).getByRole('button', { name: 'Add definition of done' }).click();
      await expect(dodWizard.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
      await expectAccessible(page, 'definition of done wizard');
      await dodWizard.getByLabel('Checkout health check failing').check();
      await dodWizard.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(dodWizard.getByLabel('Script (CEL expression, optional)')).toHaveValue(
        CHECK_SCRIPT,
      );
      await dodWizard.getByRole('button', { name: 'Submit' }).click();
      await expect(dodWizard).toHaveCount(0);
      await expect(dod.getByText(CHECK_SCRIPT)).toBeVisible();

      // Remove from the definition of done, after its confirmation.
      await dod
        .getByRole('button', {
          name: 'Remove from definition of done: Checkout service unhealthy',
        })
        .click();
      const remove = page.getByRole('dialog', { name: TEXT.removeDodConfirm });
      await remove.getByRole('button', { name: 'Remove' }).click();
      await expect(dod.getByText('Checkout service unhealthy')).toHaveCount(0);

      // The changelog tells what happened.
      const changelog = page.getByRole('list', { name: 'Changelog' });
      await expect(changelog.getByText('changed the status to Mitigated')).toBeVisible();
      await expect(changelog.getByText(`added ${fixture.teamName} as a responder`)).toBeVisible();

      // Tabs and Expand All live in the URL.
      await page.getByRole('tab', { name: 'Action Plan' }).click();
      await expect(page).toHaveURL(/tab=action-plan/);
      await page.getByRole('button', { name: 'Expand All' }).click();
      await expect(page).toHaveURL(/comments=true/);
      await expect(page.getByRole('button', { name: 'Collapse All' })).toBeVisible();

      // Another user's change shows within the 2 s refresh.
      await writeJson(
        page.request,
        new URL(page.url()).origin,
        'patch',
        `/api/db/incidents?id=eq.${fixture.incidentId}`,
        { severity: 'critical', type: 'security' },
      );
      await expect(page.getByLabel('Severity')).toHaveValue('critical', { timeout: 4000 });
      await expect(page.locator('[data-incident-header] [data-type]')).toHaveText('Security');
    });
  });

  test.describe('as viewer', () => {
    test.use({ storageState: storageStatePath('viewer') });

    test('reads without write actions; the server refuses a write', async ({ page }) => {
      await page.goto('/incidents');
      const origin = new URL(page.url()).origin;
      const id =
        fixture?.incidentId ??
        (
          (await (
            await page.request.get('/api/db/incidents?select=id&order=created_at.desc&limit=1')
          ).json()) as { id: string }[]
        )[0]!.id;
      await page.goto(`/incidents/${id}`);
      await expect(page.locator('[data-incident-header] h1')).toBeVisible();
      await expect(sidePanel(page).getByRole('heading', { name: 'Details' })).toBeVisible();
      await expect(page.getByLabel('Status', { exact: true })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Close', exact: true })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Reopen' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Add Responder' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Add definition of done' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^Delete responder/ })).toHaveCount(0);
      await expect(
        page.getByRole('button', { name: /^Remove from definition of done/ }),
      ).toHaveCount(0);
      await expect(page.getByLabel('Severity')).toHaveCount(0);
      await expectAccessible(page, 'incident workspace as viewer');

      const write = await page.request.patch(`/api/db/incidents?id=eq.${id}`, {
        data: { status: 'closed' },
        headers: { Origin: origin },
      });
      expect(write.status()).toBe(403);

      await page.goto('/incidents/00000000-0000-4000-8000-000000000000');
      await expect(page.getByRole('heading', { name: TEXT.notFound })).toBeVisible();
    });
  });
});
