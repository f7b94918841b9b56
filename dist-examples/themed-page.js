// Script of the themed example (themed.html): the light / dark / auto switch, and the picker
// driving the check detail.
import { detailRange, logWidgetErrors, mountCheckDetail } from './example-common.js';

logWidgetErrors();

const WIDGETS = 'vigil-health-summary, vigil-check-detail, vigil-time-range-picker';

function applyTheme(theme) {
  document.documentElement.dataset.theme = theme;
  document.querySelectorAll(WIDGETS).forEach((element) => element.setAttribute('theme', theme));
}

const form = document.querySelector('.theme-switch');
form?.addEventListener('change', (event) => {
  if (event.target.name === 'theme') applyTheme(event.target.value);
});

const slot = document.getElementById('themed-check');
let detail;
if (slot) {
  mountCheckDetail(slot)
    .then((element) => {
      detail = element;
      // The switch may have been used before the check detail existed.
      const checked = form?.querySelector('input[name="theme"]:checked');
      if (checked) applyTheme(checked.value);
    })
    .catch((error) => console.warn(error.message));
}

document.getElementById('themed-range')?.addEventListener('vigil-time-range-change', (event) => {
  detail?.setAttribute('time-range', detailRange(event.detail));
});
