// Helpers shared by the example host pages (plain ES module, no build step).

/**
 * The id of a check, looked up by name, so the examples survive a re-seeded database. A real host
 * page would paste the id from the console link (`/health?checkId=…`) into `check-id` instead.
 */
export async function findCheckId(name, { apiBase = '/api', token } = {}) {
  const query = new URLSearchParams({ select: 'id,name', name: `eq.${name}`, limit: '1' });
  const response = await fetch(`${apiBase}/db/checks?${query}`, {
    headers: token ? { Authorization: `Bearer ${token}`, Accept: 'application/json' } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`looking up check "${name}": HTTP ${response.status}`);
  const rows = await response.json();
  return rows[0]?.id;
}

/**
 * The id of a topology component, looked up by name among the services (as `findCheckId`); a real
 * page pastes the id of the console's `/view/topology/{id}` link into `component-id`.
 */
export async function findComponentId(name, { apiBase = '/api', token } = {}) {
  const query = new URLSearchParams({ type: 'Service', flatten: 'true', depth: '3' });
  const response = await fetch(`${apiBase}/canary/api/topology?${query}`, {
    headers: token ? { Authorization: `Bearer ${token}`, Accept: 'application/json' } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`looking up component "${name}": HTTP ${response.status}`);
  const body = await response.json();
  return (body.components ?? []).find((component) => component.name === name)?.id;
}

/** Log widget errors, as a host page would send them to its own monitoring. */
export function logWidgetErrors(target = document) {
  target.addEventListener('vigil-error', (event) => {
    console.warn(`${event.detail.widget}: ${event.detail.code}: ${event.detail.message}`);
  });
}

/** "14:03:27" in the reader's zone. */
export function clockTime(date = new Date()) {
  return date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/**
 * Replace a placeholder (`data-check-name`, `data-attributes` = JSON of attributes) with a
 * `<vigil-check-detail>` of that check, once its id is known. Returns the element.
 */
export async function mountCheckDetail(slot, { token } = {}) {
  const id = await findCheckId(slot.dataset.checkName, { token });
  if (!id) {
    slot.textContent = `There is no check named "${slot.dataset.checkName}".`;
    return undefined;
  }
  const element = document.createElement('vigil-check-detail');
  const attributes = JSON.parse(slot.dataset.attributes ?? '{}');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.setAttribute('check-id', id);
  if (slot.id) element.id = slot.id;
  slot.replaceWith(element);
  return element;
}

/**
 * Replace a placeholder (`data-component-name`, `data-attributes`) with an element about that
 * component (`<vigil-topology-card>`, `<vigil-incident-summary>`), once its id is known. Returns
 * the element.
 */
export async function mountForComponent(slot, tag, { token } = {}) {
  const id = await findComponentId(slot.dataset.componentName, { token });
  if (!id) {
    slot.textContent = `There is no component named "${slot.dataset.componentName}".`;
    return undefined;
  }
  const element = document.createElement(tag);
  const attributes = JSON.parse(slot.dataset.attributes ?? '{}');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.setAttribute('component-id', id);
  if (slot.id) element.id = slot.id;
  slot.replaceWith(element);
  return element;
}

export const mountTopologyCard = (slot, options) =>
  mountForComponent(slot, 'vigil-topology-card', options);

// The picker speaks the console's range format (relative `6h`, `7d`, quick `yesterday`, absolute
// `<from>_<to>`); `<vigil-check-detail time-range>` takes a relative range, so other picks become
// the shortest relative range that covers them.
const RELATIVE = /^(?:now-)?(\d+)(m|h|d|w|M|y)$/;
const COVERING = [
  ['15m', 15],
  ['1h', 60],
  ['3h', 180],
  ['6h', 360],
  ['12h', 720],
  ['1d', 1440],
  ['2d', 2880],
  ['7d', 10080],
  ['14d', 20160],
  ['30d', 43200],
  ['90d', 129600],
  ['180d', 259200],
  ['1y', 525600],
];

/** The check detail's `time-range` for a `vigil-time-range-change` detail `{ value, from }`. */
export function detailRange({ value, from }) {
  const relative = RELATIVE.exec(value);
  if (relative) return `${relative[1]}${relative[2]}`;
  const minutes = (Date.now() - Date.parse(from)) / 60000;
  return (COVERING.find(([, length]) => length >= minutes) ?? COVERING[COVERING.length - 1])[0];
}

/** "6 hours" for `6h`. */
export function describeRange(range) {
  const [, amount, unit] = /^(\d+)(\w+)$/.exec(range) ?? [, range, ''];
  const words = { m: 'minute', h: 'hour', d: 'day', w: 'week', M: 'month', y: 'year' };
  return `${amount} ${words[unit] ?? unit}${amount === '1' ? '' : 's'}`;
}
