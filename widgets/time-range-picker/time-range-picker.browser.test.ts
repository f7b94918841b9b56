/**
 * Browser tests of `<vigil-time-range-picker>` (@web/test-runner, Chromium). They load the BUILT
 * bundle, as host pages do (see web-test-runner.config.mjs). The picker sends no API requests;
 * what two pickers on a page share is the recently used ranges (one store per page, kept in
 * localStorage under `vigil-time-range-recent`, as in the console).
 */
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import { assert, assertEqual, part, root, waitFor } from '../test-support/browser-test';

const TAG = 'vigil-time-range-picker';
const BUNDLE = '/dist/widgets/vigil-time-range-picker.js';
const DROP_IN = '/dist/widgets/vigil-widgets.js';
const LIGHT_TEXT = 'rgb(17, 24, 39)'; // --vigil-color-text, light
const DARK_TEXT = 'rgb(229, 233, 240)'; // --vigil-color-text, dark
const RANGE = '20240131T090000Z_20240131T170000Z';

interface ChangeDetail {
  value: string;
  from: string;
  to: string;
}

function mount(attributes: Record<string, string>) {
  const element = document.createElement(TAG);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}

/** The picker's button (the Popover button: the only button with aria-expanded). */
function button(element: HTMLElement): HTMLButtonElement | null {
  return root(element).querySelector<HTMLButtonElement>('button[aria-expanded]');
}

async function waitForButton(element: HTMLElement): Promise<HTMLButtonElement> {
  return waitFor(() => button(element), 'the picker button');
}

function panel(element: HTMLElement): HTMLElement | null {
  return root(element).querySelector<HTMLElement>('[role="dialog"]');
}

async function open(element: HTMLElement): Promise<HTMLElement> {
  const trigger = await waitForButton(element);
  if (!panel(element)) trigger.click();
  return waitFor(() => panel(element), 'the panel to open');
}

/**
 * Type `text` into `input` of the open panel. On opening, the panel moves focus to its selected or
 * first option, and while it fades in its fields may not take focus yet: on a loaded machine keys
 * typed too early land in the list. So this waits for the panel's own focus, focuses the field
 * until it has focus, types, and types again (cleared first) until the field holds the text.
 */
async function typeInto(element: HTMLElement, input: HTMLInputElement, text: string) {
  await waitFor(() => root(element).activeElement !== null, "the panel's first focus");
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await waitFor(() => {
      if (root(element).activeElement !== input) {
        input.focus();
        input.select();
      }
      return root(element).activeElement === input;
    }, 'focus on the field');
    if (input.value !== '') await sendKeys({ press: 'Backspace' });
    await sendKeys({ type: text });
    if (input.value === text) return;
  }
  throw new Error(`the field did not take "${text}" (holds "${input.value}")`);
}

function option(element: HTMLElement, name: string): HTMLElement | undefined {
  return Array.from(root(element).querySelectorAll<HTMLElement>('[role="option"]')).find(
    (candidate) => (candidate.getAttribute('aria-label') ?? candidate.textContent) === name,
  );
}

function recordEvents<T>(name: string) {
  const seen: { detail: T; event: CustomEvent<T> }[] = [];
  const listener = (event: Event) =>
    seen.push({ detail: (event as CustomEvent<T>).detail, event: event as CustomEvent<T> });
  document.addEventListener(name, listener);
  return { seen, stop: () => document.removeEventListener(name, listener) };
}

function chartRequested(): boolean {
  return performance
    .getEntriesByType('resource')
    .some((entry) => /theme-chart|echarts/.test(entry.name));
}

const pageErrors: unknown[] = [];
window.addEventListener('error', (event) => pageErrors.push(event.error ?? event.message));
window.addEventListener('unhandledrejection', (event) => pageErrors.push(event.reason));

describe('<vigil-time-range-picker>', () => {
  before(async () => {
    localStorage.removeItem('vigil-time-range-recent');
    const loaded: unknown = await import(BUNDLE);
    assert(loaded, 'the bundle loaded');
  });

  afterEach(async () => {
    document.body.replaceChildren();
    await emulateMedia({ colorScheme: 'light' });
  });

  it('registers once, also through the drop-in, without loading the chart', async () => {
    const defined = customElements.get(TAG);
    assert(defined, `${TAG} is defined`);
    const second = (await import(`${BUNDLE}?copy=2`)) as { VigilTimeRangePickerElement: unknown };
    assertEqual(second.VigilTimeRangePickerElement, defined, 'a second copy reuses the class');
    const dropIn = (await import(DROP_IN)) as Record<string, unknown>;
    assertEqual(dropIn.VigilTimeRangePickerElement, defined, 'the drop-in exports the same class');
    for (const tag of ['vigil-health-summary', 'vigil-check-detail', TAG]) {
      assert(customElements.get(tag), `the drop-in registers ${tag}`);
    }
    const element = mount({});
    await open(element);
    assertEqual(chartRequested(), false, 'no chart code (ECharts) was requested');
  });

  it('reads value, label, time-zone and no-future, and follows their changes', async () => {
    const element = mount({ value: 'yesterday', label: 'Reporting window' });
    const trigger = await waitForButton(element);
    assertEqual(element.children.length, 0, 'nothing is rendered in the light DOM');
    assertEqual(trigger.textContent, 'Yesterday', 'quick range label');
    assertEqual(trigger.getAttribute('aria-label'), 'Reporting window: Yesterday', 'label');

    element.setAttribute('value', '6h');
    await waitFor(() => trigger.textContent === 'Last 6 hours', 'the relative range label');
    element.setAttribute('value', 'next-30m');
    await waitFor(() => trigger.textContent === 'Next 30 minutes', 'a future range');
    element.removeAttribute('value');
    await waitFor(() => trigger.textContent === 'Last 15 minutes', 'the default range');
    element.removeAttribute('label');
    await waitFor(
      () => trigger.getAttribute('aria-label') === 'Time range: Last 15 minutes',
      'the default label',
    );

    element.setAttribute('value', RANGE);
    element.setAttribute('time-zone', 'UTC');
    await waitFor(
      () => trigger.textContent === '2024-01-31 09:00 to 2024-01-31 17:00',
      `the range in UTC, got ${trigger.textContent}`,
    );
    element.setAttribute('time-zone', 'Asia/Tokyo');
    await waitFor(
      () => trigger.textContent === '2024-01-31 18:00 to 2024-02-01 02:00',
      `the range in Tokyo, got ${trigger.textContent}`,
    );

    const opened = await open(element);
    assert(
      opened.textContent?.includes('Times in Asia/Tokyo'),
      'the absolute form reads times in the zone',
    );
    assert(
      Array.from(opened.querySelectorAll('button')).some((item) => item.textContent === 'Future'),
      'future ranges are offered by default',
    );
    element.setAttribute('no-future', '');
    await waitFor(
      () =>
        !Array.from(opened.querySelectorAll('button')).some(
          (item) => item.textContent === 'Future',
        ),
      'no-future to hide the future ranges',
    );
  });

  it('reads week-starts-on in the calendar and in week ranges', async () => {
    const changes = recordEvents<ChangeDetail>('vigil-time-range-change');
    const element = mount({ 'time-zone': 'UTC' });
    const firstWeekday = () => panel(element)?.querySelector('th')?.getAttribute('abbr');

    await open(element);
    assertEqual(firstWeekday(), 'Monday', 'weeks start on Monday by default');
    const thisWeek = option(element, 'This week');
    assert(thisWeek, 'the "This week" option');
    thisWeek.click();
    const monday = await waitFor(() => changes.seen[0]?.detail, 'the change event');
    assertEqual(new Date(monday.from).getUTCDay(), 1, 'this week starts on a Monday');

    element.setAttribute('week-starts-on', 'sunday');
    await open(element);
    await waitFor(() => firstWeekday() === 'Sunday', 'the calendar to start on Sunday');
    const again = option(element, 'This week');
    assert(again, 'the "This week" option');
    again.click();
    const sunday = await waitFor(() => changes.seen[1]?.detail, 'the second change event');
    assertEqual(new Date(sunday.from).getUTCDay(), 0, 'this week starts on a Sunday');
    changes.stop();
  });

  it('dispatches vigil-time-range-change across the shadow boundary and keeps value', async () => {
    const changes = recordEvents<ChangeDetail>('vigil-time-range-change');
    const container = document.createElement('div');
    const fromContainer: ChangeDetail[] = [];
    container.addEventListener('vigil-time-range-change', (event) =>
      fromContainer.push((event as CustomEvent<ChangeDetail>).detail),
    );
    document.body.append(container);
    const element = document.createElement(TAG);
    container.append(element);

    await open(element);
    const lastHour = option(element, 'Last 1 hour');
    assert(lastHour, 'the "Last 1 hour" option');
    const before = Date.now();
    lastHour.click();

    const { detail, event } = await waitFor(() => changes.seen[0], 'the change event');
    assertEqual(event.bubbles && event.composed, true, 'bubbles and composed');
    assertEqual(event.target, element, 'retargeted to the element');
    assertEqual(fromContainer.length, 1, 'a container hears it too');
    assertEqual(detail.value, '1h', 'detail.value (URL format)');
    const from = Date.parse(detail.from);
    const to = Date.parse(detail.to);
    assertEqual(to - from, 3_600_000, 'from and to are one hour apart');
    assert(to >= before - 1000 && to <= Date.now() + 1000, 'the range ends now');
    assertEqual(element.getAttribute('value'), '1h', 'the element keeps the value');
    await waitFor(() => panel(element) === null, 'the panel to close');
    // The attribute's re-render may land a task after the panel closes.
    await waitFor(
      () => button(element)?.textContent === 'Last 1 hour',
      `the button to show the pick, got ${button(element)?.textContent}`,
    );

    changes.stop();
  });

  it('works from the keyboard inside the shadow root: open, focus, Escape', async () => {
    const element = mount({ value: '1h' });
    const trigger = await waitForButton(element);
    trigger.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => panel(element), 'the panel to open from the keyboard');
    await waitFor(
      () => root(element).activeElement?.getAttribute('aria-selected') === 'true',
      'focus on the selected option',
    );
    assertEqual(document.activeElement, element, 'the page sees focus on the element');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => panel(element) === null, 'Escape to close the panel');
    assertEqual(root(element).activeElement, trigger, 'focus back on the button');
  });

  it('moves with the arrow keys and picks with Enter inside the shadow root', async () => {
    const changes = recordEvents<ChangeDetail>('vigil-time-range-change');
    const element = mount({ value: '1h' });
    const trigger = await waitForButton(element);
    trigger.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(
      () => root(element).activeElement?.getAttribute('aria-selected') === 'true',
      'focus on the selected option',
    );
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    const picked = await waitFor(() => changes.seen[0]?.detail, 'a pick from the keyboard');
    assertEqual(picked.value, '3h', 'the option after "Last 1 hour"');
    assertEqual(element.getAttribute('value'), '3h', 'value after the keyboard pick');
    changes.stop();
  });

  it('applies the design tokens inside the shadow root, overridable by the host', async () => {
    const element = mount({});
    const trigger = await waitForButton(element);
    assertEqual(getComputedStyle(trigger).color, LIGHT_TEXT, 'token colour');
    assertEqual(root(element).querySelector('style'), null, 'no <style> element (strict CSP)');
    assertEqual(getComputedStyle(element).display, 'inline-block', 'an inline control');
    assertEqual(getComputedStyle(element).borderTopWidth, '0px', 'not a card');
    // Tailwind's @property registrations do not apply in shadow roots; the runtime's fallback
    // gives `border` its line and `shadow-*` its shadow.
    assertEqual(getComputedStyle(trigger).borderTopStyle, 'solid', 'the button has a border');
    assert(getComputedStyle(trigger).boxShadow !== 'none', 'the button has its shadow');

    // The button and options fade colours (transition-colors): wait for the end values.
    const settles = (probe: () => string, expected: string, what: string) =>
      waitFor(() => probe() === expected, `${what}: ${expected}, got ${probe()}`);
    element.style.setProperty('--vigil-color-text', 'rgb(1, 2, 3)');
    await settles(() => getComputedStyle(trigger).color, 'rgb(1, 2, 3)', 'host override (text)');
    element.style.setProperty('--vigil-color-surface', 'rgb(4, 5, 6)');
    await settles(
      () => getComputedStyle(trigger).backgroundColor,
      'rgb(4, 5, 6)',
      'host override (surface)',
    );
    element.style.removeProperty('--vigil-color-text');
    element.style.removeProperty('--vigil-color-surface');

    element.setAttribute('theme', 'dark');
    await settles(() => getComputedStyle(trigger).color, DARK_TEXT, 'theme="dark"');
    element.setAttribute('theme', 'auto');
    await emulateMedia({ colorScheme: 'dark' });
    await settles(() => getComputedStyle(trigger).color, DARK_TEXT, 'theme="auto", dark system');
    await emulateMedia({ colorScheme: 'light' });
    await settles(() => getComputedStyle(trigger).color, LIGHT_TEXT, 'theme="auto", light');

    const opened = await open(element);
    const selected = opened.querySelector<HTMLElement>('[role="option"][aria-selected="true"]');
    assert(selected, 'the selected option');
    element.style.setProperty('--vigil-color-surface-selected', 'rgb(7, 8, 9)');
    await settles(
      () => getComputedStyle(selected).backgroundColor,
      'rgb(7, 8, 9)',
      'host override in the panel',
    );
    const list = selected.closest('ul');
    assert(list, 'the option list');
    assertEqual(getComputedStyle(list).listStyleType, 'none', 'the reset applies in the panel');
  });

  it('shows a clear message and dispatches vigil-error for invalid attributes', async () => {
    const errors = recordEvents<{ code: string; attribute?: string; blocking?: boolean }>(
      'vigil-error',
    );
    const before = pageErrors.length;
    const element = mount({ value: 'soonish', 'time-zone': 'Mars/Olympus' });
    const message = await waitFor(() => part(element, 'message'), 'the message');
    assertEqual(message.getAttribute('role'), 'alert', 'the message is an alert');
    assert(
      message.textContent?.includes('Attribute value is "soonish", not a time range'),
      `the message names the attribute and value: ${message.textContent}`,
    );
    assert(message.textContent?.includes('time-zone'), 'and the time zone');
    await waitFor(() => errors.seen.length >= 2, 'two vigil-error events');
    const byAttribute = new Map(errors.seen.map(({ detail }) => [detail.attribute, detail]));
    assertEqual(byAttribute.get('value')?.code, 'invalid-attribute', 'error code');
    assertEqual(byAttribute.get('value')?.blocking, false, 'the picker stays usable');
    assertEqual(byAttribute.get('time-zone')?.code, 'invalid-attribute', 'time-zone error');
    assertEqual(button(element)?.textContent, 'Last 15 minutes', 'the default range is shown');
    assertEqual(pageErrors.length, before, 'nothing was thrown');

    // A pick replaces the bad value, and the message goes.
    element.removeAttribute('time-zone');
    await open(element);
    option(element, 'Last 5 minutes')?.click();
    await waitFor(() => part(element, 'message') === null, 'the message to go');
    assertEqual(element.getAttribute('value'), '5m', 'the picked value');
    errors.stop();
  });

  it('shares the recently used ranges between pickers on the page', async () => {
    const first = mount({ 'time-zone': 'UTC' });
    const second = mount({ 'time-zone': 'UTC' });
    const opened = await open(first);
    const [from, to] = Array.from(opened.querySelectorAll<HTMLInputElement>('input'));
    assert(from && to, 'From and To fields');
    await typeInto(first, from, '2024-03-01 08:00');
    await typeInto(first, to, '2024-03-01 12:30');
    const submit = Array.from(opened.querySelectorAll('button')).find(
      (item) => item.textContent === 'Submit',
    );
    assert(submit, 'the Submit button');
    await waitFor(() => !submit.disabled, 'Submit to be enabled');
    submit.click();
    await waitFor(
      () => first.getAttribute('value') === '20240301T080000Z_20240301T123000Z',
      'the absolute value',
    );

    const other = await open(second);
    const recent = other.querySelector(
      '[role="listbox"][aria-label="Recently used absolute ranges"]',
    );
    assert(recent, 'the second picker lists recently used ranges');
    assert(
      recent.textContent?.includes('2024-03-01 08:00 to 2024-03-01 12:30'),
      `the range picked in the first picker: ${recent.textContent}`,
    );
    const stored = localStorage.getItem('vigil-time-range-recent') ?? '';
    assert(stored.includes('2024-03-01T08:00:00.000Z'), 'kept under vigil-time-range-recent');
  });
});
