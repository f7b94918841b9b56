/**
 * The identity flows' error handling end to end (issue 16, docs/identity.md "Error ids", spec
 * doc 3 §8): an expired flow starts over with the spec's text, a privileged settings change that
 * needs a recent sign-in goes through 'Confirm Action' and back, and a signed-in browser is sent
 * home from the sign-in and registration pages (`session_already_available`). Registration turned
 * off by a property is in identity.spec.ts: it would refuse that file's registrations if both ran
 * side by side.
 *
 * The reference server has no way to age a flow or a session from outside (flows live an hour,
 * privileged sign-ins 15 minutes), so the one answer that needs time (410, 403) is the server's
 * own error body put on the wire by the test; everything before and after it is the real server.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { ACCOUNTS, storageStatePath } from './accounts';
import { expectAccessible } from './axe';

const EXPIRED = 'Your interaction expired, please fill out the form again.';

/** The server's 410 for an expired flow (server/src/routes/kratos/engine.ts `flowExpired`). */
function expiredBody(origin: string, kind: string) {
  return {
    error: {
      code: 410,
      status: 'Gone',
      message: EXPIRED,
      id: 'self_service_flow_expired',
      reason: 'The self-service flow expired, please start a new one.',
    },
    redirect_to: `${origin}/api/kratos/self-service/${kind}/browser`,
  };
}

/** The server's 403 for a settings change after the privileged age (settings.ts). */
function refreshRequiredBody(flowId: string) {
  const text =
    'The login session is too old and thus not allowed to update these fields. Please re-authenticate.';
  const to = `/login?${new URLSearchParams({ refresh: 'true', return_to: `/profile-settings?flow=${flowId}` }).toString()}`;
  return {
    error: {
      code: 403,
      status: 'Forbidden',
      message: text,
      id: 'session_refresh_required',
      reason: text,
      details: { redirect_browser_to: to },
    },
    redirect_browser_to: to,
  };
}

/** The spec's text, exactly, as the page's one alert ("Error: " is said, not shown). */
async function expectExpiredMessage(page: Page) {
  await expect(page.getByRole('alert')).toHaveText(`Error: ${EXPIRED}`);
  await expect(page.getByRole('alert').locator('.sr-only')).toHaveText('Error:');
}

const flowIdOf = (page: Page) => new URL(page.url()).searchParams.get('flow') ?? '';

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('an expired flow starts over with the spec text, when opened and when sent', async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL ?? page.url()).origin;
    await page.goto('/login');
    await expect(page.getByLabel('Email or username')).toBeVisible();
    await expect(page).toHaveURL(/[?&]flow=/);
    const first = flowIdOf(page);

    // Reopened after its hour: the fetch answers 410.
    await page.route(
      `**/api/kratos/self-service/login/flows?id=${first}`,
      (route) => route.fulfill({ status: 410, json: expiredBody(origin, 'login') }),
      { times: 1 },
    );
    await page.reload();
    await expectExpiredMessage(page);
    await expect(page).not.toHaveURL(new RegExp(first));
    await expect(page.getByLabel('Email or username')).toBeVisible();
    await expectAccessible(page, 'the sign-in page with the expired-flow message');

    // Sent after its hour: the submit answers 410; a new flow, empty fields, the same text.
    const second = flowIdOf(page);
    await page.route(
      `**/api/kratos/self-service/login?flow=${second}`,
      (route) => route.fulfill({ status: 410, json: expiredBody(origin, 'login') }),
      { times: 1 },
    );
    await page.getByLabel('Email or username').fill('nobody');
    await page.getByLabel('Password', { exact: true }).fill('whatever-it-is');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectExpiredMessage(page);
    await expect(page).not.toHaveURL(new RegExp(second));
    await expect(page.getByLabel('Email or username')).toHaveValue('');
    // The new flow works: the real server checks the (wrong) password.
    await page.getByLabel('Email or username').fill('nobody');
    await page.getByLabel('Password', { exact: true }).fill('whatever-it-is');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(/The provided credentials are invalid/)).toBeVisible();
  });
});

test.describe('signed in', () => {
  // One signed-in browser for the tests below (they change nothing of the account).
  test.describe.configure({ mode: 'serial' });
  const account = ACCOUNTS.responder;
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    context = await browser.newContext({ storageState: storageStatePath('responder') });
    page = await context.newPage();
  });
  test.afterAll(async () => {
    await context.close();
  });

  test('session_already_available: /registration and /login go home', async () => {
    for (const path of ['/registration', '/login']) {
      await page.goto(path);
      await expect(page).not.toHaveURL(/\/(registration|login)/);
      await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    }
  });

  test("'Confirm Action': a privileged change after the privileged age, and back", async () => {
    await page.goto('/profile-settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
    await expect(page).toHaveURL(/[?&]flow=/);
    const flowId = flowIdOf(page);
    await expectAccessible(page, 'profile settings');
    const codes = page.getByRole('region', { name: '2FA recovery codes' });

    // Signed in more than 15 minutes ago: the server wants the password again.
    await page.route(
      `**/api/kratos/self-service/settings?flow=${flowId}`,
      (route) => route.fulfill({ status: 403, json: refreshRequiredBody(flowId) }),
      { times: 1 },
    );
    await codes.getByRole('button', { name: 'Generate new backup recovery codes' }).click();
    await expect(page).toHaveURL(/\/login\?refresh=true&return_to=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm Action' })).toBeVisible();
    const identifier = page.getByLabel('Email or username');
    await expect(identifier).toHaveAttribute('readonly', '');
    await expect(identifier).not.toHaveValue('');
    // Only the password: no other way in from here.
    await expect(page.getByRole('link', { name: 'Create account' })).toHaveCount(0);
    await expectAccessible(page, "the 'Confirm Action' sign-in");
    await page.getByLabel('Password', { exact: true }).fill('wrong-password-here');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(/The provided credentials are invalid/)).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // Back in the same settings flow, and the change goes through now (the real server).
    await expect(page).toHaveURL(new RegExp(`/profile-settings\\?flow=${flowId}`));
    await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
    await codes.getByRole('button', { name: 'Generate new backup recovery codes' }).click();
    await expect(
      codes.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
    ).toHaveCount(12);
    // Not confirmed: the account keeps signing in with its password alone.
  });
});
