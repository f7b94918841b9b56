/**
 * Own-login identity flows end to end (issue 16 §1, docs/identity.md): registration and e-mail
 * verification through a real SMTP server, recovery of a forgotten password, TOTP with codes
 * made in the test, backup recovery codes used and refused a second time, a WebAuthn security
 * key on Chromium's virtual authenticator, the flow errors and the sign-in rate limit. Every test
 * registers its own account, so they share nothing.
 */
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { storageStatePath } from './accounts';
import { expectAccessible } from './axe';
import { codeIn, linkIn, Mailbox } from './mailbox';

const mailbox = new Mailbox();
const PASSWORD = 'Lantern-Quarry-47-Ochre';

test.beforeAll(async () => {
  await mailbox.start();
});

test.afterAll(async () => {
  await mailbox.stop();
});

let counter = 0;
function newEmail(): string {
  counter += 1;
  return `e2e-${Date.now().toString(36)}-${counter}@example.test`;
}

/** Register through /registration; the console lands on the verification page. */
async function register(
  page: Page,
  email: string,
  password = PASSWORD,
  origin = '',
): Promise<void> {
  await page.goto(`${origin}/registration`);
  await expect(page.getByRole('heading', { level: 1, name: 'Create account' })).toBeVisible();
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('First Name').fill('Erin');
  await page.getByLabel('Last Name').fill('Example');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /Create account|Sign up/ }).click();
  await expect(page).toHaveURL(/\/verification\?flow=/);
}

async function signIn(
  page: Page,
  identifier: string,
  password = PASSWORD,
  origin = '',
): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email or username').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Drop the session: leave the page first, so that it does not react to losing it. */
async function signOut(page: Page): Promise<void> {
  await page.goto('about:blank');
  await page.context().clearCookies();
}

/** Open Profile Settings, confirming with the password when the server asks (privileged). */
async function openSettings(page: Page, origin = ''): Promise<void> {
  await page.goto(`${origin}/profile-settings`);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
}

/** Enable TOTP in the settings and return its secret. */
async function enableTotp(page: Page): Promise<string> {
  await openSettings(page);
  const section = page.getByRole('region', { name: 'TOTP' });
  await expect(section.getByRole('img', { name: /QR code/i })).toBeVisible();
  const secret = (await section.locator('code').first().textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await section.getByRole('textbox', { name: 'Verify code' }).fill(await generate({ secret }));
  await section.getByRole('button', { name: /Save|Verify/ }).click();
  await expect(
    section.getByRole('button', { name: 'Unlink TOTP Authenticator App' }),
  ).toBeVisible();
  return secret;
}

test('register, verify the address from the e-mail link, then sign in', async ({ page }) => {
  const email = newEmail();
  const mark = mailbox.count();
  await register(page, email);
  const mail = await mailbox.waitFor(email, mark);
  const link = linkIn(mail, '/verification');
  await expectAccessible(page, 'the verification page');
  await signOut(page);
  await page.goto(link);
  await expect(page.getByText('You successfully verified your email address.')).toBeVisible();
  await signIn(page, email);
  await expect(page).toHaveURL(/\/topology/);
  const whoami = await page.request.get('/api/kratos/sessions/whoami');
  const session = (await whoami.json()) as {
    identity: { verifiable_addresses?: { value: string; verified: boolean }[] };
  };
  expect(session.identity.verifiable_addresses?.[0]).toMatchObject({
    value: email,
    verified: true,
  });
});

test('recover a forgotten password with the mailed code, and sign in with the new one', async ({
  page,
}) => {
  const email = newEmail();
  await register(page, email);
  await signOut(page);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Reset password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recover account' })).toBeVisible();
  await expectAccessible(page, 'the recovery page');
  const mark = mailbox.count();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Submit' }).click();
  const code = codeIn(await mailbox.waitFor(email, mark));
  await page.getByLabel(/code/i).fill('000000' === code ? '111111' : '000000');
  await page
    .getByRole('button', { name: /Recover account|Submit|Verify/ })
    .first()
    .click();
  await expect(
    page.getByText('The recovery code is invalid or has already been used. Please try again.'),
  ).toBeVisible();
  await page.getByLabel(/code/i).fill(code);
  await page
    .getByRole('button', { name: /Recover account|Submit|Verify/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/profile-settings\?flow=/);
  const password = page.getByRole('region', { name: 'Change Password' });
  await password.getByLabel('Password', { exact: true }).fill('Harbour-Violet-93-Cinder');
  await password.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your changes have been saved!')).toBeVisible();
  await signOut(page);
  await signIn(page, email);
  await expect(page.getByText(/The provided credentials are invalid/)).toBeVisible();
  await signIn(page, email, 'Harbour-Violet-93-Cinder');
  await expect(page).toHaveURL(/\/topology/);
});

test('TOTP: enable it, then a sign-in asks for a code made by the authenticator', async ({
  page,
}) => {
  const email = newEmail();
  await register(page, email);
  const secret = await enableTotp(page);
  await signOut(page);
  await signIn(page, email);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Two-Factor Authentication' }),
  ).toBeVisible();
  await expectAccessible(page, 'the two-factor page');
  // A wrong code is refused, a fresh one signs in.
  await page.getByRole('textbox', { name: 'Verify code' }).fill('000000');
  await page.getByRole('button', { name: 'Use Authenticator' }).click();
  await expect(
    page.getByText('The provided authentication code is invalid, please try again.'),
  ).toBeVisible();
  // The code that enabled TOTP may not be used again (no replay): the next time step's code.
  const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
  await page.getByRole('textbox', { name: 'Verify code' }).fill(next);
  await page.getByRole('button', { name: 'Use Authenticator' }).click();
  await expect(page).toHaveURL(/\/topology/);
  const session = (await (await page.request.get('/api/kratos/sessions/whoami')).json()) as {
    authenticator_assurance_level: string;
  };
  expect(session.authenticator_assurance_level).toBe('aal2');
});

test('backup recovery codes: generate, confirm, sign in with one, and it is used up', async ({
  page,
}) => {
  const email = newEmail();
  await register(page, email);
  await openSettings(page);
  const section = page.getByRole('region', { name: '2FA recovery codes' });
  await section.getByRole('button', { name: 'Generate new backup recovery codes' }).click();
  const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(12);
  const values = (await codes.allTextContents()).map((code) => code.trim());
  await section.getByRole('button', { name: 'Confirm backup recovery codes' }).click();
  await expect(page.getByText('Your changes have been saved!')).toBeVisible();
  await signOut(page);

  await signIn(page, email);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Two-Factor Authentication' }),
  ).toBeVisible();
  await page.getByLabel('Backup recovery code').fill(values[0]!);
  await page.getByRole('button', { name: 'Use backup recovery code' }).click();
  await expect(page).toHaveURL(/\/topology/);
  await signOut(page);

  await signIn(page, email);
  await page.getByLabel('Backup recovery code').fill(values[0]!);
  await page.getByRole('button', { name: 'Use backup recovery code' }).click();
  await expect(page.getByText('This backup recovery code has already been used.')).toBeVisible();
  await page.getByLabel('Backup recovery code').fill(values[1]!);
  await page.getByRole('button', { name: 'Use backup recovery code' }).click();
  await expect(page).toHaveURL(/\/topology/);
});

test('a security key on a virtual authenticator: add it, then sign in with it', async ({
  page,
  baseURL,
}) => {
  // WebAuthn needs a domain as its relying party: an IP address such as 127.0.0.1 is refused.
  const origin = (baseURL ?? '').replace('127.0.0.1', 'localhost');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'usb',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  const email = newEmail();
  await register(page, email, PASSWORD, origin);
  await openSettings(page, origin);
  const section = page.getByRole('region', { name: /hardware tokens/i });
  await section.getByLabel('Name of the security key').fill('Desk key');
  await section.getByRole('button', { name: 'Add security key' }).click();
  await expect(section.getByText('Desk key')).toBeVisible();
  await signOut(page);

  await signIn(page, email, PASSWORD, origin);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Two-Factor Authentication' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Use security key' }).click();
  await expect(page).toHaveURL(/\/topology/);
});

test('flow errors: a forbidden return_to, an unknown flow, a lost CSRF cookie', async ({
  page,
}) => {
  await page.goto('/login?return_to=https://evil.example/steal');
  // The console sanitises return_to itself; the server refuses it when asked directly.
  const refused = await page.request.get(
    '/api/kratos/self-service/login/browser?return_to=https://evil.example/',
    { headers: { accept: 'application/json' } },
  );
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { error: { id: string } }).error.id).toBe(
    'self_service_flow_return_to_forbidden',
  );

  // An unknown flow id starts a new flow.
  await page.goto('/login?flow=01a21fae-0000-4000-8000-000000000000');
  await expect(page.getByLabel('Email or username')).toBeVisible();
  await expect(page).not.toHaveURL(/01a21fae-0000-4000-8000-000000000000/);

  // The CSRF cookie lost between showing the form and sending it.
  await page.context().clearCookies();
  await page.getByLabel('Email or username').fill('nobody');
  await page.getByLabel('Password', { exact: true }).fill('whatever-it-is');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByText('A security violation was detected, please fill out the form again.'),
  ).toBeVisible();
});

test('the sign-in rate limit answers with a wait, not a password check', async ({ page }) => {
  const email = newEmail();
  await register(page, email);
  await signOut(page);
  let limited = false;
  for (let attempt = 0; attempt < 12 && !limited; attempt += 1) {
    await signIn(page, email, `wrong-${attempt}-password`);
    const message = page.getByText(/Too many sign-in attempts|credentials are invalid/);
    await expect(message.first()).toBeVisible();
    limited = await page.getByText(/Too many sign-in attempts/).isVisible();
  }
  expect(limited).toBe(true);
  // Even the right password waits now.
  await signIn(page, email);
  await expect(page.getByText(/Too many sign-in attempts/)).toBeVisible();
});

// Here rather than in identity-errors.spec.ts: while registration is off, this file's other
// registrations would be refused, and a file's tests never run side by side.
test('registration turned off by the property: /registration says so, sign-in offers no account', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
  const admin = await browser.newContext({ storageState: storageStatePath('admin') });
  const property = 'identity.registration.disabled';
  const setDisabled = async (disabled: boolean) => {
    await admin.request.delete(`/api/db/properties?name=eq.${property}`, {
      headers: { Origin: origin },
    });
    if (disabled) {
      const created = await admin.request.post('/api/db/properties', {
        headers: { Origin: origin },
        data: { name: property, value: 'true' },
      });
      expect(created.ok()).toBe(true);
    }
  };
  const signedOut = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    await setDisabled(true);
    await page.goto('/registration');
    await expect(page.getByRole('heading', { level: 1, name: 'Create account' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(
      'Error: Registration is not allowed because it was disabled.',
    );
    // Nothing to try again; a way to sign in instead.
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expect(page.getByLabel('E-Mail')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expectAccessible(page, 'the registration page, registration turned off');

    // A browser that has not asked before: the sign-in page asks once its flow exists.
    const login = await signedOut.newPage();
    const probe = login.waitForResponse(/\/self-service\/registration\/browser/);
    await login.goto('/login');
    expect((await probe).status()).toBe(400);
    await expect(login.getByLabel('Email or username')).toBeVisible();
    await expect(login.getByRole('link', { name: 'Reset password' })).toBeVisible();
    await expect(login.getByRole('link', { name: 'Create account' })).toHaveCount(0);

    // Turned on again: a browser without a kept answer offers it.
    await setDisabled(false);
    await login.evaluate(() => window.localStorage.clear());
    await login.reload();
    await expect(login.getByRole('link', { name: 'Create account' })).toBeVisible();
  } finally {
    await setDisabled(false);
    await signedOut.close();
    await admin.close();
  }
});
