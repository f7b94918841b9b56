/**
 * The topology filter bar (spec doc 2 §2; api.md §3.5): health (status) and type as
 * include/exclude lists, team, labels and agent, 'Show hidden components', then on the right the
 * sort (Health, Name, Type, Last Updated and the headline properties) with its direction and the
 * card width slider (250–768 px, step 2, stored locally). Everything but the width is in the URL.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useApiClient } from '../../api/api-context';
import type { TopologyResponse } from '../../api/topology';
import { topologySidebarQueries } from '../../api/topology-sidebar';
import type { TriStateMap } from '../../lib/url-state';
import { FilterBar, SelectFilter, TriStateFilter, type TriStateOption } from '../../ui/filter-bar';
import { SortAscendingIcon, SortDescendingIcon } from '../../ui/icons';
import { Switch } from '../../ui/switch';
import {
  CARD_WIDTH_MAX,
  CARD_WIDTH_MIN,
  CARD_WIDTH_STEP,
  type SortOption,
  type TopologyUrlValues,
} from './topology-params';
import { useCardWidth } from './use-card-width';

const HEALTH_STATUSES = ['healthy', 'unhealthy', 'warning', 'unknown'];

/** Distinct non-empty strings, sorted (the endpoint's lists may repeat and hold nulls). */
function distinct(values: readonly (string | null | undefined)[] | null | undefined): string[] {
  return [
    ...new Set((values ?? []).filter((value): value is string => !!value && value.trim() !== '')),
  ].sort((a, b) => a.localeCompare(b));
}

function CardWidthSlider() {
  const id = useId();
  const width = useCardWidth((state) => state.width);
  const setWidth = useCardWidth((state) => state.setWidth);
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="whitespace-nowrap text-fg-muted">
        Card width
      </label>
      <input
        id={id}
        type="range"
        min={CARD_WIDTH_MIN}
        max={CARD_WIDTH_MAX}
        step={CARD_WIDTH_STEP}
        value={width}
        onChange={(event) => setWidth(Number(event.target.value))}
        aria-valuetext={`${width} pixels`}
        className="w-28 accent-primary"
      />
      <output htmlFor={id} className="w-14 text-right text-xs text-fg-muted tabular-nums">
        {`${width} px`}
      </output>
    </div>
  );
}

export interface TopologyFiltersProps {
  values: TopologyUrlValues;
  onChange: (patch: Partial<TopologyUrlValues>) => void;
  response: TopologyResponse | undefined;
  sortOptions: readonly SortOption[];
}

export function TopologyFilters({ values, onChange, response, sortOptions }: TopologyFiltersProps) {
  const client = useApiClient();
  const agents = useQuery(topologySidebarQueries.agents(client));
  const statusOptions = useMemo<TriStateOption[]>(
    () =>
      distinct([...HEALTH_STATUSES, ...(response?.healthStatuses ?? [])]).map((status) => ({
        id: status,
        label: status,
      })),
    [response?.healthStatuses],
  );
  const typeOptions = useMemo<TriStateOption[]>(
    () => distinct(response?.types).map((type) => ({ id: type, label: type })),
    [response?.types],
  );
  const teamOptions = useMemo(
    () => distinct(response?.teams).map((team) => ({ value: team, label: team })),
    [response?.teams],
  );
  const labelOptions = useMemo(
    () =>
      Object.entries(response?.tags ?? {})
        .sort(([a], [b]) => a.localeCompare(b))
        .flatMap(([key, list]) =>
          distinct(list).map((value) => ({ value: `${key}=${value}`, label: `${key}: ${value}` })),
        ),
    [response?.tags],
  );
  const agentOptions = useMemo(
    () => [
      { value: 'local', label: 'local' },
      ...(agents.data ?? []).map((agent) => ({ value: agent.id, label: agent.name })),
    ],
    [agents.data],
  );
  const active =
    Object.keys(values.status).length > 0 ||
    Object.keys(values.type).length > 0 ||
    values.team !== '' ||
    values.labels !== '' ||
    values.agent_id !== '' ||
    values.showHiddenComponents === 'yes';
  const descending = values.sortOrder === 'desc';

  return (
    <FilterBar
      label="Topology filters"
      active={active}
      onClear={() =>
        onChange({
          status: {} as TriStateMap,
          type: {} as TriStateMap,
          team: '',
          labels: '',
          agent_id: '',
          showHiddenComponents: 'no',
        })
      }
      actions={
        <>
          <SelectFilter
            label="Sort by"
            allLabel={null}
            value={values.sortBy}
            options={sortOptions}
            onChange={(sortBy) => onChange({ sortBy })}
          />
          <button
            type="button"
            onClick={() => onChange({ sortOrder: descending ? 'asc' : 'desc' })}
            aria-label={descending ? 'Sort order: descending' : 'Sort order: ascending'}
            title={
              descending ? 'Descending (click for ascending)' : 'Ascending (click for descending)'
            }
            className="inline-flex h-9 items-center gap-1.5 rounded-md border border-border bg-surface px-2.5 text-sm text-fg shadow-sm hover:border-border-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary"
          >
            {descending ? <SortDescendingIcon size={16} /> : <SortAscendingIcon size={16} />}
            {descending ? 'Desc' : 'Asc'}
          </button>
          <CardWidthSlider />
        </>
      }
    >
      <TriStateFilter
        label="Health"
        options={statusOptions}
        value={values.status}
        onChange={(status) => onChange({ status })}
      />
      <TriStateFilter
        label="Type"
        options={typeOptions}
        value={values.type}
        onChange={(type) => onChange({ type })}
      />
      <SelectFilter
        label="Team"
        value={values.team}
        options={teamOptions}
        onChange={(team) => onChange({ team })}
      />
      <SelectFilter
        label="Labels"
        value={values.labels}
        options={labelOptions}
        onChange={(labels) => onChange({ labels })}
      />
      <SelectFilter
        label="Agent"
        value={values.agent_id}
        options={agentOptions}
        onChange={(agent_id) => onChange({ agent_id })}
      />
      <Switch
        label="Show hidden components"
        checked={values.showHiddenComponents === 'yes'}
        onChange={(checked) => onChange({ showHiddenComponents: checked ? 'yes' : 'no' })}
      />
    </FilterBar>
  );
}
