/**
 * Entry of `dist/widgets/vigil-check-detail.js`: registers `<vigil-check-detail>`. Importing it
 * twice (or alongside vigil-widgets.js) is harmless. ECharts is a separate chunk, loaded when a
 * chart is first shown.
 */
import { defineWidget } from '../runtime/define-widget';
import styles from './check-detail.css?inline';
import { CheckDetail } from './check-detail';
import { checkDetailAttributes } from './check-detail-attributes';

export const VigilCheckDetailElement = defineWidget({
  tag: 'vigil-check-detail',
  label: 'Check detail',
  component: CheckDetail,
  attributes: checkDetailAttributes,
  styles,
});
