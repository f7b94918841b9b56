// Script of the portal example (portal.html).
//
// 1. Token provider. The widgets call `tokenProvider({ forceRefresh })` before each API request
//    and send what it returns as `Authorization: Bearer …`; after a 401 they call it once more
//    with `forceRefresh: true` and retry once. A real portal asks ITS OWN backend, which holds
//    the Vigil credential and never ships an admin credential to the browser, e.g.
//
//      const response = await fetch('/portal/api/vigil-token', { credentials: 'same-origin' });
//      return (await response.json()).token;
//
//    where the backend mints a short-lived embed token scoped to what the page shows
//    (POST {vigil}/api/embed-tokens, see docs/embed-tokens.md) and caches it until shortly
//    before it expires. This example has no backend: it reads an embed token from the URL
//    fragment (#token=…, never sent to a server) or from a same-origin ./portal-token.json.
// 2. The time-range picker drives the check detail's `time-range` (detailRange in
//    example-common.js maps the picker's ranges to the relative ranges the check detail takes).
import {
  clockTime,
  describeRange,
  detailRange,
  logWidgetErrors,
  mountCheckDetail,
} from './example-common.js';

logWidgetErrors();

let cachedToken;

async function loadToken() {
  const fromFragment = new URLSearchParams(location.hash.slice(1)).get('token');
  if (fromFragment) return fromFragment;
  const response = await fetch('./portal-token.json', { cache: 'no-store' });
  if (!response.ok) return null; // no token: the widgets use the reader's Vigil session, if any
  const body = await response.json();
  return typeof body.token === 'string' ? body.token : null;
}

/** The provider every widget on the page uses. */
async function tokenProvider({ forceRefresh }) {
  if (cachedToken === undefined || forceRefresh) cachedToken = await loadToken();
  return cachedToken;
}

const authNote = document.getElementById('portal-auth');

function useProvider(element) {
  element.tokenProvider = tokenProvider;
}

document.querySelectorAll('vigil-health-summary, vigil-check-detail').forEach(useProvider);

document.addEventListener('vigil-status-change', () => {
  authNote.textContent = `${cachedToken ? 'Connected with the portal’s embed token' : 'Connected with your Vigil session'} · updated ${clockTime()}`;
});
document.addEventListener('vigil-error', (event) => {
  if (event.detail.code === 'unauthorized') {
    authNote.textContent = 'Vigil refused the portal’s token. Reload the page to sign in again.';
  }
});

const picker = document.getElementById('portal-range');
const rangeNote = document.getElementById('portal-range-note');
let detail;

picker?.addEventListener('vigil-time-range-change', (event) => {
  const range = detailRange(event.detail);
  detail?.setAttribute('time-range', range);
  rangeNote.textContent =
    range === event.detail.value
      ? `Showing the last ${describeRange(range)}.`
      : `Showing the last ${describeRange(range)} (covers the picked range).`;
});

const slot = document.getElementById('portal-check');
if (slot) {
  tokenProvider({ forceRefresh: false })
    .then((token) => mountCheckDetail(slot, { token }))
    .then((element) => {
      if (!element) return;
      useProvider(element);
      detail = element;
    })
    .catch((error) => console.warn(error.message));
}
