/**
 * Entry of `dist/widgets/vigil-widgets.js`, the drop-in script: registers every Vigil widget.
 * `<script type="module" src="/widgets/vigil-widgets.js"></script>`
 */
export { VigilCheckDetailElement } from './check-detail/vigil-check-detail';
export { VigilHealthSummaryElement } from './health-summary/vigil-health-summary';
export { VigilIncidentSummaryElement } from './incident-summary/vigil-incident-summary';
export { VigilTimeRangePickerElement } from './time-range-picker/vigil-time-range-picker';
export { VigilTopologyCardElement } from './topology-card/vigil-topology-card';
