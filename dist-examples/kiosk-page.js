// Script of the kiosk example (kiosk.html): embed token from the URL fragment, clock, "updated"
// time, full-screen button, and a full reload every six hours (long-running wall screens leak).
import { clockTime, logWidgetErrors, mountCheckDetail } from './example-common.js';

logWidgetErrors();

const token = new URLSearchParams(location.hash.slice(1)).get('token');
const WIDGETS = 'vigil-health-summary, vigil-check-detail';

if (token) {
  document
    .querySelectorAll(WIDGETS)
    .forEach((element) => element.setAttribute('embed-token', token));
}

const slot = document.getElementById('kiosk-check');
if (slot) {
  if (token) {
    const attributes = JSON.parse(slot.dataset.attributes ?? '{}');
    slot.dataset.attributes = JSON.stringify({ ...attributes, 'embed-token': token });
  }
  mountCheckDetail(slot, { token }).catch((error) => console.warn(error.message));
}

const clock = document.getElementById('kiosk-clock');
const tick = () => {
  const now = new Date();
  clock.textContent = clockTime(now).slice(0, 5);
  clock.dateTime = now.toISOString();
};
tick();
setInterval(tick, 1000);

const updated = document.getElementById('kiosk-updated');
document.addEventListener('vigil-status-change', () => {
  updated.textContent = `Updated ${clockTime()}`;
});
document.addEventListener('vigil-error', (event) => {
  if (event.detail.code === 'unauthorized') updated.textContent = 'Token refused: needs a new one';
});

const fullscreen = document.getElementById('kiosk-fullscreen');
if (!document.fullscreenEnabled) fullscreen.hidden = true;
fullscreen.addEventListener('click', () => {
  if (document.fullscreenElement) document.exitFullscreen();
  else document.documentElement.requestFullscreen().catch(() => {});
});
document.addEventListener('fullscreenchange', () => {
  fullscreen.textContent = document.fullscreenElement ? 'Exit full screen' : 'Full screen';
});

setTimeout(() => location.reload(), 6 * 60 * 60 * 1000);
