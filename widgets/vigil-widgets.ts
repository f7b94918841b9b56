/**
 * Entry of `dist/widgets/vigil-widgets.js`, the drop-in script: registers every Vigil widget.
 * `<script type="module" src="/widgets/vigil-widgets.js"></script>`
 */
export { VigilHealthSummaryElement } from './health-summary/vigil-health-summary';
