/** Attributes of `<vigil-topology-card>` (see widgets/README.md). */
import {
  DEFAULT_TOPOLOGY_CARD_SIZE,
  TOPOLOGY_CARD_SIZES,
} from '../../src/entities/topology-card/topology-card-format';
import {
  booleanAttribute,
  enumAttribute,
  urlAttribute,
  type AttributeSpec,
} from '../runtime/attributes';

/** Component ids are uuids on Mission Control and Vigil. */
const COMPONENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The component to show: required, and an unreadable id blocks (it decides what is shown). */
export function componentIdAttribute(): AttributeSpec<string> {
  return {
    blocking: true,
    parse: (raw) => {
      const value = raw?.trim() ?? '';
      if (!value) {
        return {
          value: '',
          problem: 'is required: the id of the topology component to show (a uuid).',
        };
      }
      if (!COMPONENT_ID.test(value)) {
        return { value: '', problem: `"${raw}" is not a component id (a uuid).` };
      }
      return { value: value.toLowerCase() };
    },
  };
}

export const topologyCardAttributes = {
  /** The component to show (required). */
  componentId: componentIdAttribute(),
  /** `small` 198 px, `medium` 258 px, `large` 356 px, `extra_large` 554 px (default). */
  size: enumAttribute(TOPOLOGY_CARD_SIZES, DEFAULT_TOPOLOGY_CARD_SIZE),
  /** Console base URL; the name links to `{console-url}/topology/{component-id}`. */
  consoleUrl: urlAttribute({ blocking: false }),
  /** Hide the headline properties. */
  noProperties: booleanAttribute(),
  /** Hide the summary row (health below, checks, insights, incidents). */
  noSummary: booleanAttribute(),
};
