/**
 * Cross-site request forgery from a same-site attacker page: a page served on another port of
 * 127.0.0.1 (the same site, so the browser sends the SameSite=Lax session cookie along) tries to
 * write with the signed-in user's session and to sign the visitor in through a /login link. The
 * server must write nothing and sign nobody in.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, storageStatePath } from './accounts';
import { LoginPage } from './pages/login-page';

let attacker: Server;
let attackerUrl = '';
let pages: Record<string, string> = {};

test.beforeAll(async ({ baseURL }) => {
  const target = baseURL ?? '';
  const marker = 'csrf.e2e';
  pages = {
    '/form.html': `<!doctype html><html><body>
      <form id="f" method="POST" action="${target}/api/db/properties" enctype="text/plain">
        <input name='{"name":"${marker}.form","value":"' value='x"}'>
      </form>
      <script>document.getElementById('f').submit();</script></body></html>`,
    '/fetch.html': `<!doctype html><html><body><p id="done">pending</p><script>
      fetch('${target}/api/db/properties', {
        method: 'POST', mode: 'no-cors', credentials: 'include',
        headers: { 'Content-Type': 'text/plain' },
        body: JSON.stringify({ name: '${marker}.fetch', value: 'x' }),
      }).finally(() => { document.getElementById('done').textContent = 'sent'; });
    </script></body></html>`,
    '/link.html': `<!doctype html><html><body>
      <a id="go" href="${target}/login?username=${ACCOUNTS.viewer.username}&password=${ACCOUNTS.viewer.password}">Open the console</a>
      </body></html>`,
  };
  attacker = createServer((request, response) => {
    const body = pages[request.url ?? ''];
    response.writeHead(body ? 200 : 404, { 'content-type': 'text/html' });
    response.end(body ?? 'not found');
  });
  await new Promise<void>((done) => attacker.listen(0, '127.0.0.1', done));
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((done) => attacker.close(done));
});

async function propertyCount(page: Page, name: string): Promise<number> {
  const response = await page.request.get(`/api/db/properties?select=name&name=eq.${name}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as unknown[]).length;
}

test.describe('a signed-in admin visits a same-site attacker page', () => {
  test.use({ storageState: storageStatePath('admin') });

  test('an auto-submitted cross-origin form writes nothing', async ({ page }) => {
    const refused = page.waitForResponse((response) =>
      response.url().endsWith('/api/db/properties'),
    );
    await page.goto(`${attackerUrl}/form.html`);
    expect((await refused).status()).toBe(403);
    expect(await propertyCount(page, 'csrf.e2e.form')).toBe(0);
  });

  test('a no-cors fetch with the cookie writes nothing', async ({ page }) => {
    const refused = page.waitForResponse((response) =>
      response.url().endsWith('/api/db/properties'),
    );
    await page.goto(`${attackerUrl}/fetch.html`);
    await expect(page.locator('#done')).toHaveText('sent');
    expect((await refused).status()).toBe(403);
    expect(await propertyCount(page, 'csrf.e2e.fetch')).toBe(0);
  });
});

test.describe('a signed-out visitor follows a /login link with credentials', () => {
  test('is not signed in, and the credentials leave the address bar', async ({ page }) => {
    await page.goto(`${attackerUrl}/link.html`);
    await page.locator('#go').click();
    await expect(page).toHaveURL(/\/login(\?|$)/);
    const login = new LoginPage(page);
    await expect(login.identifier).toBeVisible();
    expect(page.url()).not.toContain('password');
    expect(page.url()).not.toContain('username');
    const whoami = await page.request.get('/api/kratos/sessions/whoami', {
      headers: { Accept: 'application/json' },
    });
    expect(whoami.status()).toBe(401);
  });
});
