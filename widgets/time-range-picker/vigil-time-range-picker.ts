/**
 * Entry of `dist/widgets/vigil-time-range-picker.js`: registers `<vigil-time-range-picker>`.
 * Importing it twice (or alongside vigil-widgets.js) is harmless. No chart code: it does not load
 * ECharts.
 */
import { defineWidget } from '../runtime/define-widget';
import styles from './time-range-picker.css?inline';
import { TimeRangePickerWidget } from './time-range-picker';
import { timeRangePickerAttributes } from './time-range-picker-attributes';

export const VigilTimeRangePickerElement = defineWidget({
  tag: 'vigil-time-range-picker',
  label: 'Time range picker',
  component: TimeRangePickerWidget,
  attributes: timeRangePickerAttributes,
  styles,
});
