import { expect, test, type Page, type Request } from '@playwright/test';
import { storageStatePath } from './accounts';
import { expectAccessible } from './axe';

/** Texts of spec doc 2 §8, verbatim. */
const SELECT_COMPONENT = 'Please select a component to view the logs';
const NO_LOGS = 'There are no logs matching the search query';

interface ComponentRow {
  id: string;
  name: string;
  type: string;
}

/** The demo's `vigil` workload: it has several selectors (app, istio-proxy, vigil streams). */
async function vigilComponent(page: Page): Promise<ComponentRow & { selectors: string[] }> {
  const list = await page.request.get('/api/db/components_with_logs?order=name.asc');
  expect(list.ok()).toBe(true);
  const rows = (await list.json()) as ComponentRow[];
  const component = rows.find((row) => row.name === 'vigil');
  expect(component, 'the demo seed has a vigil component with logs').toBeTruthy();
  const tree = await page.request.get(`/api/canary/api/topology?id=${component!.id}&depth=1`);
  const body = (await tree.json()) as { components: { logs?: { name: string }[] }[] };
  const selectors = (body.components[0]?.logs ?? []).map((selector) => selector.name);
  expect(selectors.length).toBeGreaterThan(1);
  return { ...component!, selectors };
}

const isLogSearch = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/logs';

function searchBody(request: Request) {
  return request.postDataJSON() as {
    id: string;
    name?: string;
    query?: string;
    start: string;
    end: string;
  };
}

const table = (page: Page) => page.getByRole('table', { name: 'Log lines' });
const filters = (page: Page) => page.getByRole('group', { name: 'Log filters' });

test.describe('logs (admin)', () => {
  test.use({ storageState: storageStatePath('admin') });

  test('asks for a component, then shows the first selector of the chosen one', async ({
    page,
  }) => {
    const vigil = await vigilComponent(page);
    await page.goto('/logs');
    await expect(page.getByText(SELECT_COMPONENT, { exact: true })).toBeVisible();
    const component = filters(page).getByLabel('Component');
    await expect(component).toHaveValue('');
    await expect(component.locator('option').first()).toHaveText('None');
    await expect(filters(page).getByLabel('Log selector')).toHaveCount(0);
    await expectAccessible(page, 'logs without a component');

    const search = page.waitForRequest(isLogSearch);
    await component.selectOption({ label: 'vigil' });
    const body = searchBody(await search);
    expect(body.id).toBe(vigil.id);
    expect(body.name).toBe(vigil.selectors[0]);
    // The default range: the last 15 minutes, sent as instants.
    expect(Date.parse(body.end) - Date.parse(body.start)).toBe(15 * 60_000);
    await expect(page).toHaveURL(new RegExp(`topologyId=${vigil.id}`));
    const selector = filters(page).getByLabel('Log selector');
    await expect(selector).toHaveValue(vigil.selectors[0]!);
    await expect(selector.locator('option')).toHaveText(vigil.selectors);
    await expect(table(page).or(page.getByText(NO_LOGS))).toBeVisible();

    // Another selector is asked for and written to the URL.
    const second = page.waitForRequest(
      (request) => isLogSearch(request) && searchBody(request).name === vigil.selectors[1],
    );
    await selector.selectOption(vigil.selectors[1]!);
    await second;
    await expect(page).toHaveURL(new RegExp(`logsSelector=${vigil.selectors[1]}`));

    // None clears the component and the selector.
    await component.selectOption({ label: 'None' });
    await expect(page.getByText(SELECT_COMPONENT, { exact: true })).toBeVisible();
    await expect(page).not.toHaveURL(/topologyId=|logsSelector=/);
  });

  test('a shared link restores the view; bad values fall back', async ({ page }) => {
    const vigil = await vigilComponent(page);
    const search = page.waitForRequest(isLogSearch);
    await page.goto(
      `/logs?topologyId=${vigil.id}&logsSelector=${vigil.selectors[1]}&query=GET&start=6h`,
    );
    const body = searchBody(await search);
    expect(body).toMatchObject({ id: vigil.id, name: vigil.selectors[1], query: 'GET' });
    expect(Date.parse(body.end) - Date.parse(body.start)).toBe(6 * 3_600_000);
    await expect(filters(page).getByLabel('Component')).toHaveValue(vigil.id);
    await expect(filters(page).getByLabel('Log selector')).toHaveValue(vigil.selectors[1]!);
    await expect(filters(page).getByRole('searchbox', { name: 'Search logs' })).toHaveValue('GET');
    await expect(
      filters(page).getByRole('button', { name: /Time range: Last 6 hours/ }),
    ).toBeVisible();

    // An unknown selector and a bad range: the first selector and the last 15 minutes.
    const fallback = page.waitForRequest(isLogSearch);
    await page.goto(`/logs?topologyId=${vigil.id}&logsSelector=no-such&start=banana`);
    const fallbackBody = searchBody(await fallback);
    expect(fallbackBody.name).toBe(vigil.selectors[0]);
    expect(Date.parse(fallbackBody.end) - Date.parse(fallbackBody.start)).toBe(15 * 60_000);
    await expect(
      filters(page).getByRole('button', { name: /Time range: Last 15 minutes/ }),
    ).toBeVisible();

    // A component id that is not one: no component.
    await page.goto('/logs?topologyId=not-a-uuid&query=x');
    await expect(page.getByText(SELECT_COMPONENT, { exact: true })).toBeVisible();
    // A uuid of no component: no component either, and no search.
    let searched = false;
    page.on('request', (request) => {
      if (isLogSearch(request)) searched = true;
    });
    await page.goto('/logs?topologyId=00000000-0000-4000-8000-000000000000');
    await expect(page.getByText(SELECT_COMPONENT, { exact: true })).toBeVisible();
    expect(searched).toBe(false);
  });

  test('the search is written 500 ms after typing stops and can match nothing', async ({
    page,
  }) => {
    const vigil = await vigilComponent(page);
    await page.goto(`/logs?topologyId=${vigil.id}&start=2d`);
    await expect(table(page)).toBeVisible();
    const box = filters(page).getByRole('searchbox', { name: 'Search logs' });
    const sent: string[] = [];
    page.on('request', (request) => {
      if (isLogSearch(request)) sent.push(searchBody(request).query ?? '');
    });
    await box.pressSequentially('zz-no-such-line', { delay: 20 });
    const typedAt = Date.now();
    // Nothing is sent for the keystrokes in between.
    await expect(page).toHaveURL(/query=zz-no-such-line/);
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(400);
    await expect(page.getByText(NO_LOGS, { exact: true })).toBeVisible();
    expect(sent).toEqual(['zz-no-such-line']);
    await expectAccessible(page, 'logs with no matching lines');

    // A word that matches: every line holds it (case-insensitive substring).
    await box.fill('get');
    await expect(page).toHaveURL(/query=get/);
    await expect(table(page).getByRole('row').nth(1)).toBeVisible();
    const messages = await table(page).getByRole('row').allInnerTexts();
    for (const text of messages.slice(1)) expect(text.toLowerCase()).toContain('get');
  });

  test('lines are selected, counted and attached as evidence', async ({ page }) => {
    const vigil = await vigilComponent(page);
    await page.goto(`/logs?topologyId=${vigil.id}&start=2d`);
    const rows = table(page).getByRole('row');
    await expect(rows.nth(3)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Attach as Evidence' })).toHaveCount(0);
    await rows.nth(1).getByRole('checkbox').check();
    await rows.nth(3).getByRole('checkbox').check();
    const selection = page.getByRole('group', { name: 'Selected lines' });
    await expect(selection).toContainText('2 lines selected');
    // Shift-click selects the range from the last toggled line.
    await rows
      .nth(5)
      .getByRole('checkbox')
      .click({ modifiers: ['Shift'] });
    await expect(selection).toContainText('4 lines selected');
    await rows.nth(5).getByRole('checkbox').uncheck();
    await expect(selection).toContainText('3 lines selected');
    await expectAccessible(page, 'logs with selected lines');

    const expected = await Promise.all(
      [1, 3, 4].map(async (index) => rows.nth(index).locator('time').getAttribute('datetime')),
    );
    await selection.getByRole('button', { name: 'Attach as Evidence' }).click();
    const dialog = page.getByRole('dialog', { name: 'Attach as evidence' });
    // (Headless UI's dialog element itself has no box: look at its content.)
    await expect(
      dialog.getByText('Add 3 log lines of vigil as evidence to an incident.'),
    ).toBeVisible();
    await expectAccessible(page, 'attach log lines as evidence');
    const incident = dialog.getByRole('radio').and(page.locator(':enabled')).first();
    if ((await incident.count()) === 0) {
      // No incident to attach to in this database: the dialog says so and closes.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      return;
    }
    await incident.check();
    const posted = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname === '/api/db/evidences',
    );
    await dialog.getByRole('button', { name: 'Attach' }).click();
    const response = await posted;
    expect(response.ok()).toBe(true);
    const body = response.request().postDataJSON() as {
      type: string;
      component_id: string;
      evidence: { lines: { timestamp: string }[] };
    };
    expect(body.type).toBe('log');
    expect(body.component_id).toBe(vigil.id);
    expect(body.evidence.lines.map((line) => line.timestamp)).toEqual(expected);
    await expect(dialog).toHaveCount(0);

    // Clear selection empties it.
    await selection.getByRole('button', { name: 'Clear selection' }).click();
    await expect(selection).toHaveCount(0);
  });

  test('column widths are stored under logsTableColumnSizes', async ({ page }) => {
    const vigil = await vigilComponent(page);
    await page.goto(`/logs?topologyId=${vigil.id}&start=2d`);
    await expect(table(page)).toBeVisible();
    const handle = table(page).getByRole('button', { name: /^Resize Time column/ });
    const header = table(page).getByRole('columnheader', { name: /Time/ });
    const before = (await header.boundingBox())!.width;
    await handle.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await header.boundingBox())!.width).toBeGreaterThan(before + 20);
    // Saved once, after 500 ms without change.
    expect(await page.evaluate(() => localStorage.getItem('logsTableColumnSizes'))).toBeNull();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('logsTableColumnSizes')))
      .not.toBeNull();
    const stored = JSON.parse(
      (await page.evaluate(() => localStorage.getItem('logsTableColumnSizes')))!,
    ) as Record<string, number>;
    expect(stored.time).toBeGreaterThan(before);
    // A reload keeps the width.
    await page.reload();
    await expect.poll(async () => (await header.boundingBox())!.width).toBeGreaterThan(before + 20);
  });

  test('follow polls for new lines and keeps the end in view', async ({ page }) => {
    const vigil = await vigilComponent(page);
    await page.goto(`/logs?topologyId=${vigil.id}&start=2d`);
    await expect(table(page)).toBeVisible();
    const follow = page.getByRole('switch', { name: 'Follow' });
    await expect(follow).not.toBeChecked();
    await follow.click();
    await expect(follow).toBeChecked();
    await expect(page.getByText(/· following/)).toBeVisible();
    // The last line is in view.
    await expect(table(page).getByRole('row').last()).toBeInViewport();
    // A poll follows within the interval (5 s).
    await page.waitForRequest(isLogSearch, { timeout: 8_000 });
    // A past absolute range cannot receive new lines: following is off and disabled.
    await page.goto(`/logs?topologyId=${vigil.id}&start=20200101T000000Z_20200102T000000Z`);
    await expect(page.getByRole('switch', { name: 'Follow' })).toBeDisabled();
    await expect(page.getByText(NO_LOGS, { exact: true })).toBeVisible();
  });
});

test.describe('logs (viewer)', () => {
  test.use({ storageState: storageStatePath('viewer') });

  test('a viewer reads and selects lines but cannot attach them', async ({ page }) => {
    const vigil = await vigilComponent(page);
    await page.goto(`/logs?topologyId=${vigil.id}&start=2d`);
    const rows = table(page).getByRole('row');
    await rows.nth(1).getByRole('checkbox').check();
    await expect(page.getByRole('group', { name: 'Selected lines' })).toContainText(
      '1 line selected',
    );
    await expect(page.getByRole('button', { name: 'Attach as Evidence' })).toHaveCount(0);
    await expectAccessible(page, 'logs as a viewer');
  });
});
