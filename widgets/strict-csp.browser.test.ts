/**
 * Every widget under a strict Content-Security-Policy (web-test-runner.config.mjs, group
 * `strict-csp`): scripts and styles from the page's origin only — no 'unsafe-inline', no
 * 'unsafe-eval'. The widgets must load, style their shadow roots (constructable stylesheets, no
 * <style> elements or style attributes), fetch, react to input, and cause no policy violation.
 * A deliberate inline <style> proves the policy is in force and that violations are seen.
 */
import { assert, getJson, root, waitFor } from './test-support/browser-test';

const DROP_IN = '/dist/widgets/vigil-widgets.js';
const LIGHT_TEXT = 'rgb(17, 24, 39)'; // --vigil-color-text, light
const BRAND = 'rgb(12, 34, 56)';

interface SummaryCheck {
  id: string;
  name: string;
}

interface Named {
  id: string;
  name: string;
}

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

const violations: Violation[] = [];
document.addEventListener('securitypolicyviolation', (event) => {
  violations.push({
    directive: event.effectiveDirective,
    blocked: event.blockedURI,
    source: `${event.sourceFile}:${event.lineNumber}`,
  });
});

function mount(tag: string, attributes: Record<string, string>): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}

function describeViolations(list: Violation[]): string {
  return list
    .map((v) => `${v.directive} blocked ${v.blocked || 'inline'} (${v.source})`)
    .join('; ');
}

describe('widgets under a strict Content-Security-Policy', () => {
  let checks: SummaryCheck[] = [];
  // With the real server (VIGIL_TEST_SERVER) every element is mounted; the fixture mode of the
  // test server answers only the health summary.
  let live = false;
  let component: Named | undefined;

  before(async () => {
    const policy = document.querySelector('meta[http-equiv="Content-Security-Policy"]');
    assert(
      policy?.getAttribute('content')?.includes("script-src 'self'"),
      'the page has the policy',
    );
    await import(DROP_IN);
    live = (await getJson<{ mode: string }>('/__vigil-test/config')).mode === 'server';
    checks = (await getJson<{ checks_summary: SummaryCheck[] }>('/csp/api/canary/api/summary'))
      .checks_summary;
    assert(checks.length > 0, 'the API has checks');
    if (live) {
      // A component with open incidents, so the incident summary has rows to show.
      const rows = await getJson<{ component_id: string }[]>(
        '/csp/api/db/incidents_by_component?select=component_id&status=eq.open&limit=1',
      );
      const id = rows[0]?.component_id;
      assert(id, 'the demo data has a component with an open incident');
      [component] = await getJson<Named[]>(`/csp/api/db/components?select=id,name&id=eq.${id}`);
      assert(component, 'the component exists');
    }
  });

  it('the policy is in force: an inline <style> is refused and reported', async () => {
    const before = violations.length;
    const style = document.createElement('style');
    style.textContent = 'body { outline: 1px solid red; }';
    document.head.append(style);
    await waitFor(() => violations.length > before, 'the violation report');
    assert(
      violations.slice(before).every((v) => v.directive.startsWith('style-src')),
      'the report names style-src',
    );
    assert(
      getComputedStyle(document.body).outlineStyle !== 'solid',
      'the inline style did not apply',
    );
    style.remove();
    violations.length = before;
  });

  it('every element renders, is styled and works, with no violation', async () => {
    const start = violations.length;
    const summary = mount('vigil-health-summary', { 'api-base': '/csp/api' });
    summary.style.setProperty('--vigil-color-primary', BRAND);
    const picker = mount('vigil-time-range-picker', { value: '1h' });
    const detail = live
      ? mount('vigil-check-detail', { 'api-base': '/csp/api', 'check-id': checks[0]!.id })
      : undefined;
    const card = component
      ? mount('vigil-topology-card', { 'api-base': '/csp/api', 'component-id': component.id })
      : undefined;
    const incidents = component
      ? mount('vigil-incident-summary', { 'api-base': '/csp/api', 'component-id': component.id })
      : undefined;

    // Rendered and styled: computed colours come from the adopted sheets and the tokens.
    const total = await waitFor(
      () => root(summary).querySelector('[data-count="total"]'),
      'the health summary counts',
    );
    assert(total.textContent?.trim(), 'the summary shows a total');
    assert(root(summary).adoptedStyleSheets.length > 0, 'the summary adopted its stylesheet');
    assert(root(summary).querySelector('style') === null, 'no <style> in the summary');
    assert(getComputedStyle(summary).color === LIGHT_TEXT, 'the summary text uses the token');

    const trigger = await waitFor(
      () => root(picker).querySelector<HTMLButtonElement>('button[aria-expanded]'),
      'the picker button',
    );
    assert(getComputedStyle(trigger).display === 'inline-flex', 'the picker button is styled');
    trigger.click();
    const panel = await waitFor(
      () => root(picker).querySelector('[role="dialog"]'),
      'the picker panel to open',
    );
    assert(getComputedStyle(panel).position === 'absolute', 'the panel is positioned by its class');
    const option = await waitFor(
      () =>
        [...root(picker).querySelectorAll<HTMLElement>('[role="option"]')].find(
          (candidate) => candidate.textContent === 'Last 6 hours',
        ),
      'a range option',
    );
    option.click();
    await waitFor(() => picker.getAttribute('value') === '6h', 'the pick to reach the attribute');

    if (detail) {
      await waitFor(
        () => root(detail).textContent?.includes(checks[0]!.name),
        'the check detail to show the check',
      );
      assert(root(detail).adoptedStyleSheets.length > 0, 'the check detail adopted its sheet');
    }
    if (card && component) {
      const name = component.name;
      await waitFor(() => root(card).textContent?.includes(name), 'the topology card');
      assert(root(card).adoptedStyleSheets.length > 0, 'the card adopted its stylesheet');
      assert(root(card).querySelector('style') === null, 'no <style> in the card');
    }
    if (incidents) {
      await waitFor(
        () => root(incidents).querySelector('a[href*="/incidents/"], li'),
        'the open incidents',
      );
      assert(root(incidents).adoptedStyleSheets.length > 0, 'the incidents adopted a stylesheet');
    }

    // The chart is a lazy chunk: give it time to load and draw before judging.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert(!live || (detail && card && incidents), 'all five elements ran against the server');
    const seen = violations.slice(start);
    assert(seen.length === 0, `no CSP violation; saw ${describeViolations(seen)}`);
    document.body.replaceChildren();
  });
});
