// Script of the strict-CSP example (strict-csp.html): lists Content-Security-Policy violations
// on the page, and mounts the check detail driven by the time-range picker.
import { detailRange, logWidgetErrors, mountCheckDetail } from './example-common.js';

logWidgetErrors();

const report = document.getElementById('csp-report');
const violations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  violations.push(`${event.effectiveDirective}: ${event.blockedURI || 'inline'}`);
  report.dataset.violations = String(violations.length);
  report.textContent = `${violations.length} policy violation(s): ${violations.join('; ')}`;
});

let detail;
const slot = document.getElementById('csp-check');
if (slot) {
  mountCheckDetail(slot)
    .then((element) => {
      detail = element;
    })
    .catch((error) => console.warn(error.message));
}

document.getElementById('csp-range')?.addEventListener('vigil-time-range-change', (event) => {
  detail?.setAttribute('time-range', detailRange(event.detail));
});
