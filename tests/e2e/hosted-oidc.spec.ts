/**
 * The hosted organisation variant end to end (issue 16 §2, docs/hosted-oidc.md): a real OpenID
 * provider (panva's oidc-provider) and a Vigil server in VIGIL_AUTH=oidc mode, both started here on
 * their own ports (the shared e2e server runs VIGIL_AUTH=basic). The account belongs to two
 * organisations: Alpha Ops, whose backend is that Vigil server, and Beta Labs, still without a
 * backend (the provisioning wait screen).
 */
import { createServer, type Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
// @ts-expect-error -- plain ES modules shared with the other scripts
import * as serverProcess from '../../scripts/server-process.mjs';
import { expectAccessible } from './axe';

const CLIENT_ID = 'vigil-console';

interface StartedServer {
  url: string;
  up: boolean;
  stop(): Promise<void>;
}
const startServer = serverProcess.startServer as (options: {
  env: Record<string, string>;
}) => Promise<StartedServer>;
const freePort = serverProcess.freePort as () => Promise<number>;

/** The part of oidc-provider (which ships no types) this file uses. */
type ProviderConstructor = new (
  issuer: string,
  configuration: Record<string, unknown>,
) => { callback(): Parameters<typeof createServer>[1] };

let issuer = '';
let base = '';
let vigil: StartedServer | undefined;
let providerServer: Server | undefined;

test.describe.configure({ mode: 'serial' });
test.use({ storageState: { cookies: [], origins: [] } });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const providerPort = await freePort();
  issuer = `http://127.0.0.1:${providerPort}`;
  vigil = await startServer({
    env: {
      VIGIL_AUTH: 'oidc',
      VIGIL_OIDC_ISSUER: issuer,
      VIGIL_OIDC_AUDIENCE: CLIENT_ID,
      VIGIL_OIDC_ORGANIZATION: 'org_alpha',
      VIGIL_SEED: 'demo',
      VIGIL_RUNNER: 'off',
    },
  });
  expect(vigil.up, 'the oidc-mode Vigil server started').toBe(true);
  base = vigil.url;

  // @ts-expect-error -- oidc-provider ships no type declarations
  const Provider = (await import('oidc-provider')).default as ProviderConstructor;
  const organizations = [
    { id: 'org_alpha', name: 'Alpha Ops', backend_url: `${base}/api` },
    { id: 'org_beta', name: 'Beta Labs' },
  ];
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        token_endpoint_auth_method: 'none',
        redirect_uris: [`${base}/auth/callback`],
        post_logout_redirect_uris: [`${base}/login`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
      organizations: ['organizations'],
    },
    // The scope claims go into the ID token itself: it is the bearer Vigil's server verifies.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: { keys: ['hosted-oidc-e2e-cookie-key'] },
    clientBasedCORS: (_ctx: unknown, origin: string) => origin === base,
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({
        sub: id,
        email: `${id}@example.com`,
        email_verified: true,
        name: 'Hosted Tester',
        organizations,
      }),
    }),
  });
  providerServer = createServer(provider.callback());
  await new Promise<void>((done) => providerServer?.listen(providerPort, '127.0.0.1', done));
});

test.afterAll(async () => {
  await new Promise((done) => (providerServer ? providerServer.close(done) : done(undefined)));
  await vigil?.stop();
});

async function blockWebFonts(page: Page) {
  // The provider's pages import a web font; the test machine may be offline.
  await page.route(/fonts\.(googleapis|gstatic)\.com/, (route) => route.abort());
}

test('sign in through the provider, pick an organisation, switch to one being set up, sign out', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await blockWebFonts(page);
  const bearerCalls: string[] = [];
  page.on('request', (request) => {
    const authorization = request.headers().authorization ?? '';
    if (request.url().startsWith(`${base}/api/`) && authorization.startsWith('Bearer ')) {
      bearerCalls.push(new URL(request.url()).pathname);
    }
  });

  // Signed out: the console's own sign-in card, carrying the return path.
  await page.goto(`${base}/health`);
  await expect(page).toHaveURL(/\/login\?return_to=%2Fhealth$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Vigil' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();

  // The provider's own login and consent forms.
  await page.waitForURL((url) => url.href.startsWith(issuer));
  await page.getByPlaceholder('Enter any login').fill('ada');
  await page.getByPlaceholder('and password').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Back on the console: two organisations and none chosen → the picker.
  await page.waitForURL(`${base}/health`);
  await expect(page.getByRole('heading', { name: 'Choose an organization' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Beta Labs.*Being set up/ })).toBeVisible();
  await expectAccessible(page, 'the organisation picker');
  // The token is kept for the tab only, never in localStorage.
  const stored = await page.evaluate(() => ({
    session: sessionStorage.getItem('vigil.hosted.tokens') !== null,
    local: Object.keys(localStorage).filter((key) => key.includes('token')),
  }));
  expect(stored).toEqual({ session: true, local: [] });

  const whoami = page.waitForResponse(
    (response) => response.url() === `${base}/api/auth/whoami` && response.status() === 200,
  );
  await page.getByRole('button', { name: /Alpha Ops/ }).click();
  await whoami;
  await expect(page.getByRole('heading', { name: 'Health', level: 1 })).toBeVisible();
  await expect(page.getByText('Choose an organization')).toHaveCount(0);
  expect(bearerCalls).toContain('/api/auth/whoami');
  await expect.poll(() => bearerCalls.some((path) => path.startsWith('/api/canary/'))).toBe(true);

  // whoami failing with a 5xx (a backend still starting) shows the wait screen, which retries.
  await page.route(`${base}/api/auth/whoami`, (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"starting"}' }),
  );
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Setting up your organization' })).toBeVisible();
  await expect(page.getByText('Alpha Ops')).toBeVisible();
  await page.unroute(`${base}/api/auth/whoami`);
  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByRole('heading', { name: 'Health', level: 1 })).toBeVisible();

  // The auth-state check with a live sign-in: the backend refused it, so a bad session.
  await page.goto(`${base}/auth-state-checker?return_to=%2Fhealth`);
  await expect(page).toHaveURL(`${base}/error?error_code=BAD_SESSION`);
  await expect(page.getByText(/Bad Session\. Please try logging out/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Switch organization' })).toBeVisible();
  await page.goto(`${base}/health`);
  await expect(page.getByRole('heading', { name: 'Health', level: 1 })).toBeVisible();

  // A call without the token is refused: cookies count for nothing in this mode.
  const anonymous = await page.evaluate(async () => (await fetch('/api/auth/whoami')).status);
  expect(anonymous).toBe(401);

  // Switch: user menu → picker → /organizations/orgs-switched → the wait screen for Beta Labs.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Switch organization' }).click();
  await expect(page).toHaveURL(`${base}/organizations`);
  await expect(page.getByRole('button', { name: /Alpha Ops/ })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await page.getByRole('button', { name: /Beta Labs/ }).click();
  await expect(page).toHaveURL(`${base}/organizations/orgs-switched`);
  await expect(page.getByRole('heading', { name: 'Setting up your organization' })).toBeVisible();
  await expect(page.getByText('Beta Labs')).toBeVisible();
  await expectAccessible(page, 'the provisioning wait screen');
  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Not ready yet/ })).toBeVisible();

  // Sign out: here and at the provider (its end-session page), back to the sign-in card.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.href.startsWith(issuer));
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await page.waitForURL(`${base}/login`);
  await expect(page.getByRole('heading', { name: 'Sign in to Vigil' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('vigil.hosted.tokens'))).toBeNull();
});

test('a 401 from the backend goes through /auth-state-checker to sign-in when signed out', async ({
  page,
}) => {
  await page.goto(`${base}/auth-state-checker?return_to=%2Fcatalog%3Fx%3D1`);
  await expect(page).toHaveURL(`${base}/login?return_to=%2Fcatalog%3Fx%3D1`);
  await page.goto(`${base}/auth-state-checker?return_to=https%3A%2F%2Fevil.example.com`);
  await expect(page).toHaveURL(`${base}/login`);
});
