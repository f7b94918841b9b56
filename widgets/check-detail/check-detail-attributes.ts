/** Attributes of `<vigil-check-detail>` (see widgets/README.md). */
import { parseTimeRange } from '../../src/api/checks';
import { booleanAttribute, urlAttribute, type AttributeSpec } from '../runtime/attributes';

/** Check ids are UUIDs on Mission Control and Vigil; anything id-like is passed to the API. */
const CHECK_ID = /^[\w.:-]{1,128}$/;

/** The check to show: required, and an unreadable id blocks (it decides which data is shown). */
export function checkIdAttribute(): AttributeSpec<string> {
  return {
    blocking: true,
    parse: (raw) => {
      const value = raw?.trim() ?? '';
      if (!value) {
        return {
          value: '',
          problem: 'is required: the id of the check to show (the checkId of a console link).',
        };
      }
      if (!CHECK_ID.test(value)) {
        return { value: '', problem: `"${raw}" is not a check id (letters, digits, - _ . :).` };
      }
      return { value };
    },
  };
}

/**
 * A relative range key (`15m`, `1h`, `3d`, `2w`, `6mo` or `6M`, `1y`) as in the console's
 * `timeRange`. Absent: chosen from the check's last run, as the console's dialog does. A bad
 * value falls back to that default (the Time Range tile shows the range in use).
 */
export function checkTimeRangeAttribute(): AttributeSpec<string | undefined> {
  return {
    blocking: false,
    parse: (raw) => {
      const value = raw?.trim();
      if (!value) return { value: undefined };
      if (parseTimeRange(value)) return { value };
      return {
        value: undefined,
        problem:
          `"${raw}" is not a relative time range such as 15m, 1h, 3d, 2w, 6mo or 1y; ` +
          'using the default for the check.',
      };
    },
  };
}

export const checkDetailAttributes = {
  /** The check to show (required). */
  checkId: checkIdAttribute(),
  /** The range of the tiles, chart and history; default from the last run. */
  timeRange: checkTimeRangeAttribute(),
  /** Console base URL; the check name links to `{console-url}/health?checkId=…&timeRange=…`. */
  consoleUrl: urlAttribute({ blocking: false }),
  /** Hide the run history. */
  noHistory: booleanAttribute(),
  /** Hide the Health Overview chart (ECharts is then never downloaded). */
  noChart: booleanAttribute(),
};
