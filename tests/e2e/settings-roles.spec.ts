/**
 * What each of the five roles is offered in Settings (rbac-and-flags.md §3.1–3.2, spec doc 3 §6),
 * in one journey: for admin, editor, commander, responder and viewer, the settings resource list
 * (Add only for writers), Connections (actions for admins; editors read; the others get the
 * Unauthorized page) and Users (Invite for admins; editors read), the Settings group of the
 * sidebar (hidden for viewers), and one write the role may not make refused by the server. The
 * full matrix of refusals is server/test/settings-rbac.test.ts; axe on a read-only detail.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ACCOUNTS, storageStatePath, type AccountRole } from './accounts';
import { expectAccessible } from './axe';
import { AppShell } from './pages/app-shell';
import { LoginPage } from './pages/login-page';

type Role = AccountRole | 'editor';

const UNAUTHORIZED = 'Unauthorized – You do not have permission to access this page';

/** The demo editor (no saved sign-in: signs in here). */
const EDITOR = { username: 'editor', password: 'vigil-editor' };

interface Expected {
  addCheck: boolean;
  connections: 'write' | 'read' | 'none';
  users: 'write' | 'read' | 'none';
  settingsMenu: boolean;
  /** A write this role may not make, refused with 403. */
  refused: { path: string; data: Record<string, unknown> };
}

const team = (role: string) => ({ name: `roles-${role}-${Date.now()}`, spec: {} });

const ROLES: Record<Role, Expected> = {
  admin: {
    addCheck: true,
    connections: 'write',
    users: 'write',
    settingsMenu: true,
    // An admin may write everything: the refusal is a relation nobody writes (a view).
    refused: { path: '/api/db/integrations', data: { name: 'x' } },
  },
  editor: {
    addCheck: true,
    connections: 'read',
    users: 'read',
    settingsMenu: true,
    refused: { path: '/api/db/connections', data: { name: 'x', type: 'http', url: 'http://x' } },
  },
  commander: {
    addCheck: false,
    connections: 'none',
    users: 'none',
    settingsMenu: true,
    refused: { path: '/api/db/teams', data: team('commander') },
  },
  responder: {
    addCheck: false,
    connections: 'none',
    users: 'none',
    settingsMenu: true,
    refused: { path: '/api/db/teams', data: team('responder') },
  },
  viewer: {
    addCheck: false,
    connections: 'none',
    users: 'none',
    settingsMenu: false,
    refused: { path: '/api/db/canaries', data: { name: 'x', namespace: 'default', spec: {} } },
  },
};

/** A route change inside the console (its router follows history), without reloading it. */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function signedIn(browser: Browser, role: Role): Promise<Page> {
  if (role !== 'editor') {
    const context = await browser.newContext({ storageState: storageStatePath(role) });
    const page = await context.newPage();
    await page.goto('/settings/canaries');
    return page;
  }
  const page = await (await browser.newContext()).newPage();
  const login = new LoginPage(page);
  await login.goto('/settings/canaries');
  await login.signIn(EDITOR.username, EDITOR.password);
  await expect(page).toHaveURL(/\/settings\/canaries$/);
  return page;
}

test('each role is offered the settings actions it may take, and the server refuses the rest', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  for (const [role, expected] of Object.entries(ROLES) as [Role, Expected][]) {
    const page = await signedIn(browser, role);
    await test.step(role, async () => {
      // Health checks: every role reads the list; only writers may add.
      await expect(page.getByRole('table', { name: 'Health Checks' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Add Health Check' })).toHaveCount(
        expected.addCheck ? 1 : 0,
      );
      await expect(new AppShell(page).settingsToggle()).toHaveCount(expected.settingsMenu ? 1 : 0);

      await navigate(page, '/settings/connections');
      if (expected.connections === 'none') {
        await expect(page.getByText(UNAUTHORIZED)).toBeVisible();
      } else {
        const table = page.getByRole('table', { name: 'Connections' });
        await expect(table.getByRole('row').nth(1)).toBeVisible();
        const writer = expected.connections === 'write';
        await expect(page.getByRole('button', { name: 'Add Connection' })).toHaveCount(
          writer ? 1 : 0,
        );
        await expect(table.getByRole('button', { name: /^Test / }).first()).toHaveCount(
          writer ? 1 : 0,
        );
      }

      await navigate(page, '/settings/users');
      if (expected.users === 'none') {
        await expect(page.getByText(UNAUTHORIZED)).toBeVisible();
      } else {
        await expect(page.getByRole('cell', { name: ACCOUNTS.viewer.name }).first()).toBeVisible();
        await expect(page.getByRole('button', { name: 'Invite User' })).toHaveCount(
          expected.users === 'write' ? 1 : 0,
        );
      }

      if (role === 'viewer') {
        // A resource the viewer may read opens read-only: no Update, no Delete.
        await navigate(page, '/settings/log-backends');
        await page
          .getByRole('table', { name: 'Log Backends' })
          .getByRole('link', { name: 'loki' })
          .click();
        await expect(
          page.getByText(/you do not have permission to change log backends/),
        ).toBeVisible();
        await expect(page.getByRole('button', { name: 'Update' })).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
        await expectAccessible(page, 'read-only detail as viewer');
      }

      const origin = new URL(page.url()).origin;
      const refused = await page.request.post(expected.refused.path, {
        headers: { Origin: origin },
        data: expected.refused.data,
      });
      // Views are not writable by anyone (405); everything else is the role table's 403.
      expect(refused.status()).toBe(role === 'admin' ? 405 : 403);
    });
    await page.context().close();
  }
});
