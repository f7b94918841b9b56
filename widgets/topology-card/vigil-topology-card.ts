/**
 * Entry of `dist/widgets/vigil-topology-card.js`: registers `<vigil-topology-card>`. Importing it
 * twice (or alongside vigil-widgets.js) is harmless.
 */
import { defineWidget } from '../runtime/define-widget';
import styles from './topology-card.css?inline';
import { TopologyCard } from './topology-card';
import { topologyCardAttributes } from './topology-card-attributes';

export const VigilTopologyCardElement = defineWidget({
  tag: 'vigil-topology-card',
  label: 'Topology card',
  component: TopologyCard,
  attributes: topologyCardAttributes,
  styles,
});
