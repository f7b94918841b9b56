/**
 * The label part of the health filter panel (spec doc 1 §2): every label of the checks left after
 * hide-passing and search, grouped by key in label order, each a three-state toggle (exclude,
 * none, include), in the shared filter-bar picker; its button carries the filter badge.
 */
import { useMemo } from 'react';
import type { TriStateMap } from '../../lib/url-state';
import { TriStateFilter, withTriState } from '../../ui/filter-bar';
import { compareLabelKeys, type LabelOption } from './health-pipeline';

export interface HealthLabelFilterProps {
  labels: readonly LabelOption[];
  value: TriStateMap;
  onChange: (value: TriStateMap) => void;
  /** Active label filters plus 1 for hide-passing (contract §5.5). */
  badge: number;
}

/** The map with `id` set to `state` (0 removes it). */
export const withLabelState = withTriState;

export function HealthLabelFilter({ labels, value, onChange, badge }: HealthLabelFilterProps) {
  const options = useMemo(
    () => labels.map((option) => ({ id: option.id, label: option.label, group: option.key })),
    [labels],
  );
  return (
    <TriStateFilter
      label="Labels"
      options={options}
      value={value}
      onChange={onChange}
      badge={badge}
      compareGroups={compareLabelKeys}
      panelLabel="Label filters"
      findLabel="Find a label"
    />
  );
}
