/**
 * Entry of `dist/widgets/vigil-health-summary.js`: registers `<vigil-health-summary>`.
 * Importing it twice (or alongside vigil-widgets.js) is harmless.
 */
import { defineWidget } from '../runtime/define-widget';
import { HealthSummary } from './health-summary';
import { healthSummaryAttributes } from './health-summary-attributes';

export const VigilHealthSummaryElement = defineWidget({
  tag: 'vigil-health-summary',
  label: 'Health summary',
  component: HealthSummary,
  attributes: healthSummaryAttributes,
});
