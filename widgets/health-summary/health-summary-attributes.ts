/** Attributes of `<vigil-health-summary>` (see widgets/README.md). */
import {
  booleanAttribute,
  enumAttribute,
  numberAttribute,
  stringAttribute,
  stringRecordAttribute,
  urlAttribute,
} from '../runtime/attributes';

export const healthSummaryAttributes = {
  /** Only checks of this namespace. */
  namespace: stringAttribute(),
  /** Only checks carrying all these labels, JSON `{"key":"value"}`. Invalid JSON blocks. */
  labels: stringRecordAttribute(),
  /** `counts` (tiles and the failing list, default) or `compact` (one line, no list). */
  layout: enumAttribute(['counts', 'compact'], 'counts'),
  /** Seconds between refreshes; 0 turns polling off. */
  refresh: numberAttribute({ defaultValue: 60, min: 0, max: 86_400, unit: 'seconds' }),
  /** Hide the heading. */
  noTitle: booleanAttribute(),
  /** Console base URL; failing check names link to `{console-url}/health?checkId=<id>`. */
  consoleUrl: urlAttribute({ blocking: false }),
};
