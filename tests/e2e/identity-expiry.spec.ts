/**
 * The identity errors that need time, on a real server (issue 16, spec doc 3 §8): a flow that
 * outlived its lifespan answers 410 and the console starts over with the spec's text, and a
 * privileged settings change after the privileged age answers 403 `session_refresh_required`,
 * which goes through 'Confirm Action' and back. This file starts its own server with short
 * lifespans (`VIGIL_FLOW_LIFESPAN_MS`, `VIGIL_PRIVILEGED_SESSION_MAX_AGE_MS`, Kratos's `lifespan`
 * and `privileged_session_max_age`); the shared e2e server keeps the defaults (an hour, 15 minutes).
 * The waits are for the server's clocks: the flow's expiry is polled on the server, the privileged
 * age is the time since the sign-in.
 */
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import { startServer, type StartedServer } from '../../scripts/server-process.mjs';
import { expectAccessible } from './axe';

const EXPIRED = 'Your interaction expired, please fill out the form again.';
const FLOW_LIFESPAN_MS = 12_000;
const PRIVILEGED_AGE_MS = 6_000;
const ACCOUNT = {
  email: 'expiry@example.test',
  password: 'a-long-and-unusual-passphrase-42',
};

let server: StartedServer | undefined;
let base = '';

test.use({ storageState: { cookies: [], origins: [] } });

/** A flow started as JSON with the caller's cookies: its id and CSRF token. */
async function startFlow(api: APIRequestContext, kind: string) {
  const response = await api.get(`${base}/api/kratos/self-service/${kind}/browser`, {
    headers: { Accept: 'application/json' },
  });
  expect(response.status()).toBe(200);
  const flow = (await response.json()) as {
    id: string;
    ui: { nodes: { attributes: { name: string; value?: unknown } }[] };
  };
  const csrf = flow.ui.nodes.find((node) => node.attributes.name === 'csrf_token')?.attributes
    .value;
  return { id: flow.id, csrf: String(csrf) };
}

async function submit(api: APIRequestContext, kind: string, flowId: string, body: object) {
  return api.post(`${base}/api/kratos/self-service/${kind}?flow=${flowId}`, {
    headers: { Accept: 'application/json', Origin: base },
    data: body,
  });
}

/** Wait until the server answers 410 for the flow (its lifespan is over). */
async function untilExpired(api: APIRequestContext, kind: string, flowId: string) {
  await expect
    .poll(
      async () =>
        (
          await api.get(`${base}/api/kratos/self-service/${kind}/flows?id=${flowId}`, {
            headers: { Accept: 'application/json' },
          })
        ).status(),
      { timeout: FLOW_LIFESPAN_MS + 10_000, intervals: [500] },
    )
    .toBe(410);
}

async function expectExpiredMessage(page: Page) {
  await expect(page.getByRole('alert')).toHaveText(`Error: ${EXPIRED}`);
}

const flowIdOf = (page: Page) => new URL(page.url()).searchParams.get('flow') ?? '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({
    env: {
      VIGIL_AUTH: 'basic',
      VIGIL_SEED: 'none',
      VIGIL_RUNNER: 'off',
      VIGIL_WARMUP: 'off',
      VIGIL_FLOW_LIFESPAN_MS: String(FLOW_LIFESPAN_MS),
      VIGIL_PRIVILEGED_SESSION_MAX_AGE_MS: String(PRIVILEGED_AGE_MS),
    },
  });
  if (!server.up) throw new Error('the short-lifespan server did not start');
  base = server.url;
  // The account, registered through the real registration flow.
  const api = await playwrightRequest.newContext({ baseURL: base });
  const flow = await startFlow(api, 'registration');
  const registered = await submit(api, 'registration', flow.id, {
    method: 'password',
    csrf_token: flow.csrf,
    traits: { email: ACCOUNT.email, name: { first: 'Ex', last: 'Piry' } },
    password: ACCOUNT.password,
  });
  expect(registered.status(), await registered.text()).toBe(200);
  await api.dispose();
});

test.afterAll(async () => {
  await server?.stop();
});

test('a flow past its lifespan answers 410: the console starts over with the spec text, when opened and when sent', async ({
  page,
}) => {
  test.setTimeout(3 * FLOW_LIFESPAN_MS + 60_000);
  const api = page.context().request;
  await page.goto(`${base}/login`);
  await expect(page.getByLabel('Email or username')).toBeVisible();
  await expect(page).toHaveURL(/[?&]flow=/);
  const first = flowIdOf(page);

  // Reopened after its lifespan.
  await untilExpired(api, 'login', first);
  await page.reload();
  await expectExpiredMessage(page);
  await expect(page).not.toHaveURL(new RegExp(first));
  await expect(page.getByLabel('Email or username')).toBeVisible();
  await expectAccessible(page, 'the sign-in page with the expired-flow message');

  // Sent after its lifespan: a new flow, empty fields, the same text.
  const second = flowIdOf(page);
  await page.getByLabel('Email or username').fill(ACCOUNT.email);
  await untilExpired(api, 'login', second);
  await page.getByLabel('Password', { exact: true }).fill(ACCOUNT.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectExpiredMessage(page);
  await expect(page).not.toHaveURL(new RegExp(second));
  await expect(page.getByLabel('Email or username')).toHaveValue('');
  // The new flow signs in.
  await page.getByLabel('Email or username').fill(ACCOUNT.email);
  await page.getByLabel('Password', { exact: true }).fill(ACCOUNT.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
});

test("a privileged change after the privileged age: 'Confirm Action', then the change goes through", async ({
  page,
}) => {
  test.setTimeout(PRIVILEGED_AGE_MS + 60_000);
  // Signed in through the API (the browser shares its cookies), then older than the privileged age.
  const api = page.context().request;
  const login = await startFlow(api, 'login');
  const signedIn = await submit(api, 'login', login.id, {
    method: 'password',
    csrf_token: login.csrf,
    identifier: ACCOUNT.email,
    password: ACCOUNT.password,
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const signedInAt = Date.now();
  await expect
    .poll(() => Date.now() - signedInAt, { timeout: PRIVILEGED_AGE_MS + 5_000, intervals: [250] })
    .toBeGreaterThan(PRIVILEGED_AGE_MS + 500);

  await page.goto(`${base}/profile-settings`);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]flow=/);
  const flowId = flowIdOf(page);
  const codes = page.getByRole('region', { name: '2FA recovery codes' });
  await codes.getByRole('button', { name: 'Generate new backup recovery codes' }).click();

  await expect(page).toHaveURL(/\/login\?refresh=true&return_to=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm Action' })).toBeVisible();
  const identifier = page.getByLabel('Email or username');
  await expect(identifier).toHaveAttribute('readonly', '');
  await expect(identifier).toHaveValue(ACCOUNT.email);
  await expectAccessible(page, "the 'Confirm Action' sign-in");
  await page.getByLabel('Password', { exact: true }).fill(ACCOUNT.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // Back in the same settings flow; signed in just now, the change goes through.
  await expect(page).toHaveURL(new RegExp(`/profile-settings\\?flow=${flowId}`));
  await codes.getByRole('button', { name: 'Generate new backup recovery codes' }).click();
  await expect(
    codes.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(12);
});
