/**
 * Entry of `dist/widgets/vigil-incident-summary.js`: registers `<vigil-incident-summary>`.
 * Importing it twice (or alongside vigil-widgets.js) is harmless.
 */
import { defineWidget } from '../runtime/define-widget';
import styles from './incident-summary.css?inline';
import { IncidentSummary } from './incident-summary';
import { incidentSummaryAttributes } from './incident-summary-attributes';

export const VigilIncidentSummaryElement = defineWidget({
  tag: 'vigil-incident-summary',
  label: 'Incident summary',
  component: IncidentSummary,
  attributes: incidentSummaryAttributes,
  styles,
});
