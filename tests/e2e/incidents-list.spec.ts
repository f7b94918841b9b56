import { readFile } from 'node:fs/promises';
import { expect, test, type Page, type Request } from '@playwright/test';
import { storageStatePath } from './accounts';
import { expectAccessible } from './axe';

// Facts of the contract (postgrest.md §8.5 "list [P]") and the spec (doc 2 §2, §8), copied here.
const LIST_SELECT =
  'id,incident_id,title,severity,type,status,created_at,updated_at,created_by,' +
  'commander:commander_id(id,name,avatar),' +
  'responders(id,type,deleted_at,person:person_id(id,name,avatar),team:team_id(id,name,icon))';
const COMPONENT_EMBED = 'hypotheses!inner(id,evidences!inner(component_id))';
const EMPTY = 'There are no incidents matching this criteria';
const CSV_HEADER = 'Id,Type,Severity,Status,Name,Created,Responders';

const isListRequest = (request: Request) =>
  request.method() === 'GET' && new URL(request.url()).pathname === '/api/db/incidents';

/** Every list read the page sends, in order. */
function recordListRequests(page: Page): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  page.on('request', (request) => {
    if (isListRequest(request)) seen.push(new URL(request.url()).searchParams);
  });
  return seen;
}

/** The exact number of incidents a PostgREST query matches, from the API the page uses. */
async function countIncidents(page: Page, query: string, select = 'id'): Promise<number> {
  const response = await page.request.get(`/api/db/incidents?select=${select}&limit=1&${query}`, {
    headers: { Prefer: 'count=exact' },
  });
  expect(response.ok()).toBe(true);
  return Number((response.headers()['content-range'] ?? '').split('/')[1]);
}

const table = (page: Page) => page.getByRole('table', { name: 'Incidents' });
const filters = (page: Page) => page.getByRole('group', { name: 'Incident filters' });
const COUNT_TEXT = /^(\d+) incidents?$/;

/** A count query and what it matched before an action: the least the page may show after it. */
interface CountBound {
  query: string;
  select: string;
  atLeast: number;
}

/** `query`'s count now, read before the action whose result {@link expectCountShown} checks. */
async function countBefore(page: Page, query: string, select = 'id'): Promise<CountBound> {
  return { query, select, atLeast: await countIncidents(page, query, select) };
}

/**
 * The page shows the number of incidents the bound's query matches. Other test files create
 * incidents meanwhile, so it is a range: at least the count read before the action, at most the
 * count read now. Returns the number shown.
 */
async function expectCountShown(
  page: Page,
  { query, select, atLeast }: CountBound,
): Promise<number> {
  let shown = -1;
  await expect
    .poll(async () => {
      const text = await page
        .getByText(COUNT_TEXT)
        .first()
        .textContent({ timeout: 1000 })
        .catch(() => '');
      shown = Number(COUNT_TEXT.exec((text ?? '').trim())?.[1] ?? -1);
      return shown >= atLeast && shown <= (await countIncidents(page, query, select));
    })
    .toBe(true);
  return shown;
}

test.describe('incident list (commander)', () => {
  test.use({ storageState: storageStatePath('commander') });

  test('filters in the URL (default open, debounced search, component), CSV, create and open', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const sent = recordListRequests(page);

    // Default: open incidents, newest first, the contract's call.
    const openBound = await countBefore(page, 'status=eq.open');
    await page.goto('/incidents');
    const openTotal = await expectCountShown(page, openBound);
    await expect(table(page).getByRole('row')).toHaveCount(Math.min(openTotal, 50) + 1);
    const first = sent[0];
    expect(first?.get('select')).toBe(LIST_SELECT);
    expect(first?.get('responders.deleted_at')).toBe('is.null');
    expect(first?.get('order')).toBe('created_at.desc');
    expect(first?.get('status')).toBe('eq.open');
    expect(first?.get('limit')).toBe('50');
    expect(first?.get('offset')).toBe('0');
    await expect(filters(page).getByLabel('Status')).toHaveValue('open');
    await expect(page).toHaveURL(/\/incidents$/);
    await expectAccessible(page, '/incidents');

    // Severity and every status: in the URL, sent as eq./omitted.
    await filters(page).getByLabel('Status').selectOption({ label: 'All' });
    await expect(page).toHaveURL(/[?&]status=all/);
    const highBound = await countBefore(page, 'severity=eq.high');
    await filters(page).getByLabel('Severity').selectOption({ label: 'High' });
    await expect(page).toHaveURL(/[?&]severity=high/);
    await expectCountShown(page, highBound);
    const highRequest = sent.at(-1);
    expect(highRequest?.get('severity')).toBe('eq.high');
    expect(highRequest?.has('status')).toBe(false);
    await expect(table(page).getByRole('row').nth(1)).toContainText('High');

    // The search is written once, 400 ms after the last key. Reads go out per pause in typing,
    // not per key: a machine under load may pause mid-word (a read of what was typed so far),
    // so the reads are at most one per pause, the whole word last.
    const before = sent.length;
    const search = filters(page).getByRole('searchbox', { name: 'Search for incident' });
    const latencyBound = await countBefore(page, 'severity=eq.high&title=ilike.*latency*');
    await search.pressSequentially('latency', { delay: 60 });
    await expect(page).toHaveURL(/[?&]search=latency/);
    const titles = () =>
      sent.slice(before).flatMap((params) => (params.has('title') ? [params.get('title')] : []));
    await expect.poll(() => titles().at(-1)).toBe('ilike.*latency*');
    expect(titles().length).toBeLessThan('latency'.length);
    for (const title of titles())
      expect('ilike.*latency*'.startsWith(title!.replace(/\*$/, ''))).toBe(true);
    expect(sent.at(-1)?.get('title')).toBe('ilike.*latency*');
    await expectCountShown(page, latencyBound);

    // A component (searchable): only incidents with evidence on it, through an inner join.
    await search.fill('');
    await expect(page).not.toHaveURL(/search=/);
    const evidence = await page.request.get(
      '/api/db/evidences?select=component_id,components(name,external_id)&component_id=not.is.null&limit=1',
    );
    const [linked] = (await evidence.json()) as {
      component_id: string;
      components: { name: string; external_id: string | null };
    }[];
    expect(linked).toBeDefined();
    const componentId = linked?.component_id ?? '';
    const componentName = linked?.components.name ?? '';
    const componentQuery = `hypotheses.evidences.component_id=eq.${componentId}`;
    const componentBound = await countBefore(page, componentQuery, `id,${COMPONENT_EMBED}`);
    await filters(page).getByLabel('Severity').selectOption({ label: 'All' });
    await filters(page)
      .getByRole('button', { name: /^Component/ })
      .click();
    // The find box also matches the external id, which tells same-named components apart.
    await page
      .getByRole('searchbox', { name: 'Find a component' })
      .fill(linked?.components.external_id ?? componentName);
    const escaped = componentName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await page
      .getByRole('button', { name: new RegExp(`^${escaped}`) })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`[?&]component=${componentId}`));
    const componentRequest = () => sent.at(-1);
    await expect
      .poll(() => componentRequest()?.get('hypotheses.evidences.component_id'))
      .toBe(`eq.${componentId}`);
    expect(componentRequest()?.get('select')).toBe(`${LIST_SELECT},${COMPONENT_EMBED}`);
    expect(componentBound.atLeast).toBeGreaterThan(0);
    await expectCountShown(page, componentBound);

    // The URL restores the view after a reload; a bad value falls back to the default.
    const reloadBound = await countBefore(page, componentQuery, `id,${COMPONENT_EMBED}`);
    await page.goto(`/incidents?status=all&component=${componentId}&severity=nonsense`);
    await expect(filters(page).getByLabel('Status')).toHaveValue('');
    await expect(filters(page).getByLabel('Severity')).toHaveValue('');
    await expect(filters(page).getByRole('button', { name: /^Component/ })).toContainText(
      componentName,
    );
    await expectCountShown(page, reloadBound);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/incidents$/);
    await expect(filters(page).getByLabel('Status')).toHaveValue('open');

    // Nothing matches: the spec's empty message.
    await page.goto('/incidents?search=no-such-incident-anywhere');
    await expect(table(page).getByText(EMPTY)).toBeVisible();

    // Export CSV: every incident of the filter, all pages. Other test files create incidents
    // meanwhile, so the counts are bounds taken before and after, not one figure.
    const allBefore = await countIncidents(page, '');
    await page.goto('/incidents?status=all&pageSize=25');
    const shown = page.getByText(/^\d+ incidents?$/);
    await expect(shown).toBeVisible();
    const shownTotal = Number.parseInt((await shown.textContent()) ?? '', 10);
    expect(shownTotal).toBeGreaterThanOrEqual(allBefore);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const text = await readFile(await (await download).path(), 'utf8');
    const allAfter = await countIncidents(page, '');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines.length - 1).toBeGreaterThanOrEqual(shownTotal);
    expect(lines.length - 1).toBeLessThanOrEqual(allAfter);
    expect(lines[1]).toMatch(/^INC-\d+,/);

    // Create New Incident: the defaults, then the new incident opens; the list shows it.
    const title = `Checkout errors ${Date.now()}`;
    await page.goto('/incidents');
    await page.getByRole('button', { name: 'Create New Incident' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Incident' });
    await expect(dialog.getByLabel('Type')).toHaveValue('availability');
    await expect(dialog.getByLabel('Severity')).toHaveValue('low');
    await expect(dialog.getByLabel('Status')).toHaveValue('open');
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]{36}$/);
    const newId = new URL(page.url()).pathname.split('/').pop() ?? '';

    await page.goto(`/incidents?search=${encodeURIComponent(title)}`);
    const row = table(page).getByRole('row').nth(1);
    await expect(row).toContainText(title);
    await expect(row).toContainText('Availability');
    await expect(row).toContainText('Low');
    await expect(row).toContainText('Open');
    await expect(row).toContainText(/INC-\d+/);
    // The row opens the incident from the keyboard (its name link) and by a click.
    await row.getByRole('link', { name: title }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/incidents/${newId}$`));
    await page.goBack();
    await row.getByText('Availability').click();
    await expect(page).toHaveURL(new RegExp(`/incidents/${newId}$`));
  });
});

test.describe('incident list (viewer)', () => {
  test.use({ storageState: storageStatePath('viewer') });

  test('a viewer reads the list and has no create button', async ({ page }) => {
    await page.goto('/incidents?status=all');
    await expect(table(page).getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create New Incident' })).toHaveCount(0);
    await expectAccessible(page, '/incidents (viewer)');
  });
});
