// Host-page script of the example: listens to the widget's events (they bubble and are composed,
// so a listener on document works) and mirrors the status in the page's own banner.
const banner = document.getElementById('status-banner');

document.addEventListener('vigil-status-change', (event) => {
  if (!banner || event.target?.id !== 'payments-health') return;
  const { status, failing, total } = event.detail;
  banner.dataset.status = status;
  banner.textContent =
    status === 'healthy'
      ? `All ${total} payments checks are passing.`
      : status === 'unhealthy'
        ? `${failing} of ${total} payments checks are failing — see the list below.`
        : 'No payments checks are reporting yet.';
});

document.addEventListener('vigil-error', (event) => {
  console.warn(`${event.detail.widget}: ${event.detail.message}`);
});
