import { expect, test, type Locator, type Page } from '@playwright/test';
import { storageStatePath } from './accounts';
import { expectAccessible } from './axe';

/**
 * The hand-written host pages in dist-examples (served at /examples/), loading the built widgets
 * from /widgets/: they render real data from the server, their events reach the page, theming
 * applies, axe-core passes, and the strict-CSP page reports no violation.
 */

interface PageProblems {
  console: string[];
  pageErrors: string[];
}

/** Collect console errors, uncaught exceptions and CSP violations (window.__cspViolations). */
async function watchProblems(page: Page): Promise<PageProblems> {
  const problems: PageProblems = { console: [], pageErrors: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') problems.console.push(message.text());
  });
  page.on('pageerror', (error) => problems.pageErrors.push(error.message));
  // Init scripts are injected by the browser, not the page, so the page's own CSP does not apply.
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) => {
      violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`);
    });
  });
  return problems;
}

function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

/** The number shown in a health summary's count tile (`count-passing`, `count-total`…). */
async function countValue(summary: Locator, part: string): Promise<number> {
  const value = summary.locator(`[part~="${part}"] [part~="count-value"]`);
  await expect(value).toHaveText(/^\d+$/);
  return Number(await value.textContent());
}

/** The check detail has loaded its check, its tiles and (unless no-chart) its chart. */
async function expectCheckDetail(detail: Locator, name: string) {
  await expect(detail.locator('[part~="title"]')).toContainText(name);
  await expect(detail.locator('[part~="status"]')).toBeVisible();
  await expect(
    detail.locator('[part~="stat"][data-stat="uptime"] [part~="stat-value"]'),
  ).toHaveText(/\d/);
}

function computed(locator: Locator, property: string): Promise<string> {
  return locator.evaluate(
    (element, name) => getComputedStyle(element).getPropertyValue(name).trim(),
    property,
  );
}

/** A CSS colour as the browser computes it (`rgb(…)`), for comparing with computed styles. */
function resolveColour(page: Page, colour: string): Promise<string> {
  return page.evaluate((value) => {
    const probe = document.createElement('span');
    probe.style.color = value;
    document.body.append(probe);
    const resolved = getComputedStyle(probe).color;
    probe.remove();
    return resolved;
  }, colour);
}

/** Pick a relative range in a time-range picker ("Last 6 hours"). */
async function pickRange(picker: Locator, option: string) {
  await picker.getByRole('button').first().click();
  await picker.getByRole('option', { name: option, exact: true }).click();
}

test.describe('host pages with a viewer session', () => {
  test.use({ storageState: storageStatePath('viewer') });

  test('wiki article: health summary and check detail with live data, status mirrored', async ({
    page,
  }) => {
    const problems = await watchProblems(page);
    await page.goto('/examples/wiki.html');
    await expect(page.getByRole('heading', { level: 1, name: 'Payments gateway' })).toBeVisible();

    const summary = page.locator('#wiki-health');
    const total = await countValue(summary, 'count-total');
    expect(total).toBeGreaterThan(0);
    // vigil-status-change reached the page's script, which rewrote its banner.
    const banner = page.locator('#wiki-status');
    await expect(banner).toHaveAttribute('data-status', /^(healthy|unhealthy)$/);
    await expect(banner).toContainText(String(total));

    const detail = page.locator('vigil-check-detail#wiki-check');
    await expectCheckDetail(detail, 'gateway /healthz');
    await expect(detail.locator('[part~="chart"]')).toBeVisible();
    // The topology card of the gateway, with its health written out and its summary.
    const card = page.locator('vigil-topology-card#wiki-topology');
    await expect(card.locator('[part~="title"]')).toHaveText('Payment gateway');
    await expect(card.locator('[part~="card"]')).toHaveAttribute('data-size', 'large');
    await expect(card.locator('[part~="status"]')).toContainText(/Healthy|Unhealthy|Warning/);
    await expect(card.locator('[part~="summary"]')).toBeVisible();
    // Its open incidents, counted by severity and listed with links into the console.
    const incidents = page.locator('vigil-incident-summary#wiki-incidents');
    await expect(incidents.locator('[part~="incident"]').first()).toBeVisible();
    const listed = await incidents.locator('[part~="incident"]').count();
    expect(listed).toBeGreaterThan(0);
    expect(listed).toBeLessThanOrEqual(5);
    await expect(incidents.locator('[part~="incident-link"]').first()).toHaveAttribute(
      'href',
      /\/incidents\/[0-9a-f-]{36}$/,
    );
    await expect(incidents.locator('[part~="counts"]')).toContainText(/Critical/);

    await expectAccessible(page, '/examples/wiki.html');
    expect(problems.pageErrors).toEqual([]);
  });

  test('themed page: brand custom properties and parts apply, light/dark/auto switch', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/examples/themed.html');
    const summary = page.locator('#themed-summary');
    await countValue(summary, 'count-total');
    const detail = page.locator('vigil-check-detail#themed-check');
    await expectCheckDetail(detail, 'gateway /healthz');

    // Light: the element's box uses the overridden --vigil-color-surface and --vigil-radius-lg.
    const surface = await computed(summary, '--vigil-color-surface');
    expect(surface).toBe('#fdfbff');
    expect(await computed(summary, 'background-color')).toBe(await resolveColour(page, surface));
    expect(await computed(summary, 'border-top-left-radius')).toBe('20px');
    expect(await computed(summary, 'font-family')).toContain('Trebuchet MS');
    // A colour inside the shadow root follows an overridden custom property.
    const healthy = await computed(summary, '--vigil-color-status-healthy');
    expect(healthy).toBe('#0f766e');
    // ::part(title) from the page's stylesheet.
    expect(await computed(summary.locator('[part~="title"]'), 'font-family')).toContain('Georgia');
    // ::part(stat) gets the brand's primary colour as its top border.
    const stat = detail.locator('[part~="stat"]').first();
    expect(await computed(stat, 'border-top-color')).toBe(await resolveColour(page, '#6d28d9'));
    await expectAccessible(page, '/examples/themed.html (light)');

    // Dark: every widget switches, with the dark brand overrides.
    await page.getByRole('radio', { name: 'Dark' }).check();
    for (const widget of await page.locator('.brand-widget').all()) {
      await expect(widget).toHaveAttribute('theme', 'dark');
    }
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await computed(summary, 'background-color')).toBe(await resolveColour(page, '#1c1530'));
    expect(await computed(stat, 'border-top-color')).toBe(await resolveColour(page, '#c4b5fd'));
    await expectAccessible(page, '/examples/themed.html (dark)');

    // Auto follows the reader's preference, live.
    await page.getByRole('radio', { name: 'Auto' }).check();
    await expect(summary).toHaveAttribute('theme', 'auto');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect
      .poll(() => computed(summary, 'background-color'))
      .toBe(await resolveColour(page, '#1c1530'));
    await page.emulateMedia({ colorScheme: 'light' });
    await expect
      .poll(() => computed(summary, 'background-color'))
      .toBe(await resolveColour(page, '#fdfbff'));
  });

  test('kiosk page: dark wall of live widgets with large type and a refresh', async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto('/examples/kiosk.html');
    const summary = page.locator('#kiosk-summary');
    expect(await countValue(summary, 'count-total')).toBeGreaterThan(0);
    await expect(summary).toHaveAttribute('refresh', '15');
    await expect(page.locator('vigil-health-summary[layout="compact"]')).toHaveCount(3);
    const detail = page.locator('vigil-check-detail#kiosk-check');
    await expectCheckDetail(detail, 'gateway /healthz');
    await expect(detail).toHaveAttribute('theme', 'dark');

    // Dark: the kiosk's surface override on a dark widget.
    expect(await computed(summary, 'background-color')).toBe(await resolveColour(page, '#0b1120'));
    expect(await computed(summary, 'color')).toBe(await resolveColour(page, '#e5e9f0'));
    // Large type: the count values are far bigger than body text.
    const value = summary.locator('[part~="count-value"]').first();
    expect(parseFloat(await computed(value, 'font-size'))).toBeGreaterThan(48);
    // The page heard the widgets' status events.
    await expect(page.locator('#kiosk-updated')).toHaveText(/^Updated \d/);

    // A refresh (15 s) asks the server again.
    const refreshed = page.waitForRequest((request) =>
      request.url().includes('/api/canary/api/summary'),
    );
    await refreshed;

    await expectAccessible(page, '/examples/kiosk.html');
  });

  test('strict CSP page: widgets render, style and react with no policy violation', async ({
    page,
  }) => {
    const problems = await watchProblems(page);
    const response = await page.goto('/examples/strict-csp.html');
    expect(response?.ok()).toBe(true);
    const policy = await page
      .locator('meta[http-equiv="Content-Security-Policy"]')
      .getAttribute('content');
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');

    const summary = page.locator('#csp-summary');
    expect(await countValue(summary, 'count-total')).toBeGreaterThan(0);
    // Adopted stylesheets applied: the host is the card (token border radius and surface).
    expect(await computed(summary, 'border-top-left-radius')).toBe('10px');
    expect(await computed(summary, 'background-color')).toBe('rgb(255, 255, 255)');
    const adopted = await summary.evaluate(
      (element) => element.shadowRoot?.adoptedStyleSheets.length ?? 0,
    );
    expect(adopted).toBeGreaterThan(0);
    const styleElements = await summary.evaluate(
      (element) => element.shadowRoot?.querySelectorAll('style').length ?? -1,
    );
    expect(styleElements).toBe(0);

    const detail = page.locator('vigil-check-detail#csp-check');
    await expectCheckDetail(detail, 'gateway /healthz');
    // ECharts' SVG renderer draws the chart (the element carrying the instance attribute).
    const chart = detail.locator('[part~="chart"] [_echarts_instance_]');
    await expect(chart.locator('svg path').first()).toBeAttached();
    await expect(detail.locator('[part~="history"]').getByRole('table')).toBeVisible();

    // The picker opens its panel (positioned with styles) and drives the check detail.
    const picker = page.locator('#csp-range');
    await pickRange(picker, 'Last 6 hours');
    await expect(picker).toHaveAttribute('value', '6h');
    await expect(detail).toHaveAttribute('time-range', '6h');
    await expect(detail.locator('[part~="stat"][data-stat="time-range"]')).toContainText(/6/);
    // Hover the chart: its tooltip is styled at run time as well.
    await chart.hover();
    await chart.hover({ position: { x: 40, y: 40 } });

    await expectAccessible(page, '/examples/strict-csp.html');
    expect(await cspViolations(page)).toEqual([]);
    await expect(page.locator('#csp-report')).toHaveAttribute('data-violations', '0');
    expect(problems.console.filter((text) => /Content.Security.Policy/i.test(text))).toEqual([]);
    expect(problems.pageErrors).toEqual([]);

    // Self-check: the policy is enforced and a violation would have been seen (the server's own
    // header allows inline styles; the page's meta policy does not).
    await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.setAttribute('style', 'color: red');
      document.body.append(probe);
    });
    await expect.poll(() => cspViolations(page)).toHaveLength(1);
    await expect(page.locator('#csp-report')).toHaveAttribute('data-violations', '1');
  });
});

test.describe('portal page with an embed token and no session', () => {
  test('the token provider authenticates the widgets; the picker drives the check detail', async ({
    browser,
    playwright,
    baseURL,
  }) => {
    // An admin mints a read-only embed token for the payments checks.
    const admin = await playwright.request.newContext({
      baseURL,
      storageState: storageStatePath('admin'),
    });
    const minted = await admin.post('/api/embed-tokens', {
      data: {
        name: 'e2e portal example',
        scope: { check_labels: { team: 'payments' } },
        expires_in: '1h',
      },
    });
    expect(minted.status()).toBe(201);
    const { token, id } = (await minted.json()) as { token: string; id: string };
    expect(token).toMatch(/^vgl_embed_/);

    // What the token may read: the payments checks only.
    const scoped = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { Authorization: `Bearer ${token}` },
    });
    const summaryResponse = await scoped.get('/api/canary/api/summary');
    expect(summaryResponse.ok()).toBe(true);
    const scopedTotal = ((await summaryResponse.json()) as { checks_summary: unknown[] })
      .checks_summary.length;
    expect(scopedTotal).toBeGreaterThan(0);

    // A browser context without cookies: only the token can authenticate.
    const context = await browser.newContext({ baseURL });
    expect(await context.cookies()).toEqual([]);
    const page = await context.newPage();
    const apiRequests: { url: string; authorization?: string }[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) {
        apiRequests.push({ url: request.url(), authorization: request.headers().authorization });
      }
    });
    const unauthorized: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() === 401) {
        unauthorized.push(response.url());
      }
    });

    await page.goto(`/examples/portal.html#token=${encodeURIComponent(token)}`);
    const summary = page.locator('#portal-summary');
    expect(await countValue(summary, 'count-total')).toBe(scopedTotal);
    await expect(page.locator('#portal-auth')).toContainText('embed token');

    const detail = page.locator('vigil-check-detail#portal-check');
    await expectCheckDetail(detail, 'gateway /v1/charges (dry run)');
    await expect(detail).toHaveAttribute('time-range', '1d');

    // vigil-time-range-change from the picker sets the check detail's time-range.
    const picker = page.locator('#portal-range');
    await pickRange(picker, 'Last 6 hours');
    await expect(detail).toHaveAttribute('time-range', '6h');
    await expect(page.locator('#portal-range-note')).toHaveText('Showing the last 6 hours.');
    await expect(detail.locator('[part~="stat"][data-stat="time-range"]')).toContainText(/6/);

    await expectAccessible(page, '/examples/portal.html');

    // Every API request carried the token; none was refused.
    expect(apiRequests.length).toBeGreaterThan(2);
    for (const request of apiRequests) {
      expect(request.authorization, request.url).toBe(`Bearer ${token}`);
    }
    expect(unauthorized).toEqual([]);

    // Without the token the same page, still without cookies, is refused.
    const anonymous = await context.newPage();
    await anonymous.goto('/examples/portal.html');
    await expect(anonymous.locator('#portal-summary [part~="message"]')).toBeVisible();
    await expect(anonymous.locator('#portal-summary [part~="count-total"]')).toHaveCount(0);

    await context.close();
    await admin.delete(`/api/embed-tokens/${id}`);
    await admin.dispose();
    await scoped.dispose();
  });
});
