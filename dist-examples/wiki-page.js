// Script of the wiki article (wiki.html): fills in the check and component ids and mirrors the
// health summary's status in the article's own banner.
import {
  logWidgetErrors,
  mountCheckDetail,
  mountForComponent,
  mountTopologyCard,
} from './example-common.js';

logWidgetErrors();

const banner = document.getElementById('wiki-status');
document.getElementById('wiki-health')?.addEventListener('vigil-status-change', (event) => {
  const { status, failing, total } = event.detail;
  banner.dataset.status = status;
  banner.textContent =
    status === 'healthy'
      ? `All ${total} payments checks are passing.`
      : status === 'unhealthy'
        ? `${failing} of ${total} payments checks are failing.`
        : 'No payments checks are reporting yet.';
});

const slot = document.getElementById('wiki-check');
if (slot) mountCheckDetail(slot).catch((error) => console.warn(error.message));

const card = document.getElementById('wiki-topology');
if (card) mountTopologyCard(card).catch((error) => console.warn(error.message));

const incidents = document.getElementById('wiki-incidents');
if (incidents) {
  mountForComponent(incidents, 'vigil-incident-summary').catch((error) =>
    console.warn(error.message),
  );
}
