/**
 * The hosted organisation variant end to end (issue 16 §2, docs/hosted-oidc.md): a real OpenID
 * provider (panva's oidc-provider) and a Vigil server in VIGIL_AUTH=oidc mode, both started once
 * per worker here on their own ports (the shared e2e server runs VIGIL_AUTH=basic). Accounts belong
 * to two organisations: Alpha Ops, whose backend is that Vigil server, and Beta Labs, still without
 * a backend (the provisioning wait screen). What differs per account is decided by its login, so
 * the tests share no mutable state: `ada` (a viewer, hour-long tokens), `grace` (an editor by her
 * `groups` claim, 5-second tokens renewed with a refresh token), `sam` (5-second tokens and no
 * refresh token: silent re-authorisation).
 */
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { freePort, startServer, type StartedServer } from '../../scripts/server-process.mjs';
import { expectAccessible } from './axe';

const CLIENT_ID = 'vigil-console';
/** The lifetime of `grace`'s and `sam`'s ID tokens (seconds): a few, so the tests see them expire. */
const SHORT_TOKEN_SECONDS = 5;
const SHORT_LIVED = new Set(['grace', 'sam']);
/** Accounts the provider issues no refresh token to (renewal is a silent re-authorisation). */
const NO_REFRESH = new Set(['sam']);
/** Screenshots for review (not committed). */
const SHOTS = join(process.cwd(), '.tmp', 'shots-hosted');

/** The part of oidc-provider (which ships no types) this file uses. */
type ProviderConstructor = new (
  issuer: string,
  configuration: Record<string, unknown>,
) => { callback(): Parameters<typeof createServer>[1] };

let issuer = '';
let base = '';
let vigil: StartedServer | undefined;
let providerServer: Server | undefined;

// Each test signs in in its own context; the provider and the server are per worker (beforeAll).
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
      VIGIL_OIDC_ROLES_CLAIM: 'groups',
      VIGIL_OIDC_ROLE_MAP: 'vigil-editors=editor,vigil-admins=admin',
      // No demo data: the server starts seconds sooner, and no step needs it.
      VIGIL_SEED: 'none',
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
      profile: ['name', 'groups'],
      organizations: ['organizations'],
    },
    ttl: {
      IdToken: (_ctx: unknown, token: { available?: { sub?: string } }) =>
        SHORT_LIVED.has(token.available?.sub ?? '') ? SHORT_TOKEN_SECONDS : 3600,
    },
    issueRefreshToken: (
      _ctx: unknown,
      client: { grantTypeAllowed(type: string): boolean },
      code: { accountId: string; scopes: Set<string> },
    ) =>
      client.grantTypeAllowed('refresh_token') &&
      code.scopes.has('offline_access') &&
      !NO_REFRESH.has(code.accountId),
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
        // `book-club` is no Vigil role: the server logs it and ignores it.
        groups: id === 'grace' ? ['vigil-editors', 'book-club'] : [],
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

/** Start at `path` signed out, sign in as `login` with the provider's own forms, come back. */
async function signIn(page: Page, login: string, path = '/health') {
  await blockWebFonts(page);
  await page.goto(`${base}${path}`);
  await expect(page).toHaveURL(`${base}/login?return_to=${encodeURIComponent(path)}`);
  await expect(page.getByRole('heading', { name: 'Sign in to Vigil' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.href.startsWith(issuer));
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(`${base}${path}`);
}

/** Pick Alpha Ops in the picker and wait for the health page on its backend. */
async function openAlpha(page: Page) {
  await page.getByRole('button', { name: /Alpha Ops/ }).click();
  await expect(page.getByRole('heading', { name: 'Health', level: 1 })).toBeVisible();
}

interface StoredTokens {
  idToken: string;
  expiresAt: number;
  refreshToken?: string;
}

function storedTokens(page: Page): Promise<StoredTokens | null> {
  return page.evaluate(() => {
    const text = sessionStorage.getItem('vigil.hosted.tokens');
    return text ? (JSON.parse(text) as StoredTokens) : null;
  });
}

/** Wait (no longer than the token's lifetime needs) until a token has really expired. */
async function outlive(page: Page, token: StoredTokens) {
  const left = token.expiresAt * 1000 - Date.now();
  expect(left, 'a short-lived token').toBeLessThanOrEqual(SHORT_TOKEN_SECONDS * 1000);
  await page.waitForTimeout(Math.max(0, left) + 200);
}

/** Screenshot and axe in light and dark (the theme follows the system's preference). */
async function lightAndDark(page: Page, name: string, context: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
    await page.screenshot({ path: join(SHOTS, `${name}-${colorScheme}.png`) });
    await expectAccessible(page, `${context} (${colorScheme})`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('sign in through the provider, pick an organisation, switch to one being set up, sign out', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const bearerCalls: string[] = [];
  page.on('request', (request) => {
    const authorization = request.headers().authorization ?? '';
    if (request.url().startsWith(`${base}/api/`) && authorization.startsWith('Bearer ')) {
      bearerCalls.push(new URL(request.url()).pathname);
    }
  });

  // Signed out: the console's own sign-in card, carrying the return path; then the provider's
  // own login and consent forms.
  await signIn(page, 'ada');

  // Back on the console: two organisations and none chosen → the picker.
  await expect(page.getByRole('heading', { name: 'Choose an organization' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Beta Labs.*Being set up/ })).toBeVisible();
  await lightAndDark(page, 'organization-picker', 'the organisation picker');
  // The token is kept for the tab only, never in localStorage.
  const stored = await page.evaluate(() => ({
    session: sessionStorage.getItem('vigil.hosted.tokens') !== null,
    local: Object.keys(localStorage).filter((key) => key.includes('token')),
  }));
  expect(stored).toEqual({ session: true, local: [] });

  const whoami = page.waitForResponse(
    (response) => response.url() === `${base}/api/auth/whoami` && response.status() === 200,
  );
  await openAlpha(page);
  await whoami;
  await expect(page.getByText('Choose an organization')).toHaveCount(0);
  // No roles claim value: a viewer, offered no write action.
  await expect(page.getByRole('link', { name: 'Add check' })).toHaveCount(0);
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
  await lightAndDark(page, 'provisioning-wait', 'the provisioning wait screen');
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

test('expired tokens: renewed by the refresh token on the same page; without one, a silent re-authorisation keeps the path; with the provider session gone, the 401 path to sign-in', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // Two people at once, so their tokens expire while the other one is being signed in.
  const grace = await (await browser.newContext()).newPage();
  const samContext = await browser.newContext();
  const sam = await samContext.newPage();

  await signIn(grace, 'grace');
  await openAlpha(grace);
  // The server gave her the role her groups claim maps to: the write action is offered.
  await expect(grace.getByRole('link', { name: 'Add check' })).toBeVisible();
  const graceToken = (await storedTokens(grace)) as StoredTokens;
  expect(graceToken.refreshToken, 'the provider issued a refresh token').toBeTruthy();
  const grants: string[] = [];
  grace.on('request', (request) => {
    if (request.url() === `${issuer}/token`) grants.push(request.postData() ?? '');
  });
  await grace.evaluate(() => {
    (window as unknown as { samePage: boolean }).samePage = true;
  });

  await signIn(sam, 'sam');
  await openAlpha(sam);
  const samToken = (await storedTokens(sam)) as StoredTokens;
  expect(samToken.refreshToken).toBeUndefined();
  const silent: string[] = [];
  sam.on('request', (request) => {
    const url = new URL(request.url());
    if (request.url().startsWith(`${issuer}/auth`) && url.searchParams.get('prompt') === 'none') {
      silent.push(url.searchParams.get('scope') ?? '');
    }
  });

  // Grace: a call after the expiry; the console renews first and the backend takes the new token.
  await outlive(grace, graceToken);
  const answered = grace.waitForResponse(
    (response) => response.url().startsWith(`${base}/api/db/canaries`) && response.ok(),
  );
  await grace.getByRole('link', { name: 'Add check' }).click();
  const bearer = (await (await answered).request().headerValue('authorization')) ?? '';
  expect(bearer).toMatch(/^Bearer /);
  expect(bearer).not.toBe(`Bearer ${graceToken.idToken}`);
  expect(grants.some((body) => body.includes('grant_type=refresh_token'))).toBe(true);
  await expect(grace.getByRole('button', { name: 'Add Health Check' })).toBeVisible();
  // The same page (no reload, no sign-in round trip), still an editor.
  expect(await grace.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(
    true,
  );
  await expect(grace).toHaveURL(/\/settings\/canaries/);
  // The auth-state check with a live sign-in: the backend refused it, so a bad session.
  await grace.goto(`${base}/auth-state-checker?return_to=%2Fhealth`);
  await expect(grace).toHaveURL(`${base}/error?error_code=BAD_SESSION`);
  await expect(grace.getByText(/Bad Session\. Please try logging out/)).toBeVisible();
  await expect(grace.getByRole('link', { name: 'Switch organization' })).toBeVisible();

  // Sam, no refresh token: the next call meets a 401; the provider's session answers prompt=none
  // at once and the console comes back to the page it was opening, with a new token.
  await outlive(sam, samToken);
  const nav = sam.getByRole('navigation');
  const callback = sam.waitForResponse((response) =>
    response.url().startsWith(`${base}/auth/callback`),
  );
  await nav.getByRole('link', { name: 'Incidents' }).click();
  await callback;
  await sam.waitForURL(`${base}/incidents`);
  await expect(sam.getByRole('heading', { name: 'Incidents', level: 1 })).toBeVisible();
  // Without offline_access: its consent prompt would refuse to be silent.
  expect(silent).toEqual(['openid profile email organizations']);
  const renewed = (await storedTokens(sam)) as StoredTokens;
  expect(renewed.idToken).toBeTruthy();
  expect(renewed.idToken).not.toBe(samToken.idToken);

  // The provider's session ends (its cookies go): the silent request is answered login_required,
  // and the console takes the documented 401 path, /auth-state-checker, to the sign-in card.
  await samContext.clearCookies();
  await outlive(sam, renewed);
  await nav.getByRole('link', { name: 'Catalog' }).click();
  await sam.waitForURL(`${base}/login?return_to=%2Fcatalog`);
  await expect(sam.getByRole('heading', { name: 'Sign in to Vigil' })).toBeVisible();
  expect(silent).toHaveLength(2);
  expect(await storedTokens(sam)).toBeNull();
  await grace.context().close();
  await samContext.close();
});
