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
