/**
 * The incident list's filters (spec doc 2 §2 "Incidents"): Type, Severity, Status (default
 * open), Owner (people), Component (a searchable list of topology components) and the search
 * 'Search for incident' (400 ms debounce), all in the URL through the caller.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useApiClient } from '../../../api/api-context';
import { incidentListQueries } from '../../../api/incident-list';
import {
  INCIDENT_SEVERITIES,
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_STATUSES,
  INCIDENT_STATUS_LABELS,
  INCIDENT_TYPES,
  INCIDENT_TYPE_LABELS,
} from '../../../api/incident-model';
import {
  FilterBar,
  SearchFilter,
  SearchSelectFilter,
  SelectFilter,
  type SearchSelectOption,
} from '../../../ui/filter-bar';
import {
  INCIDENT_SEARCH_DEBOUNCE_MS,
  INCIDENT_SEARCH_SETTLE_MS,
  hasIncidentFilters,
  type IncidentListUrlValues,
} from './incident-list-params';

/** The visible label and the placeholder of the search box (spec doc 2 §2). */
export const INCIDENT_SEARCH_LABEL = 'Search for incident';

const TYPE_OPTIONS = INCIDENT_TYPES.map((value) => ({ value, label: INCIDENT_TYPE_LABELS[value] }));
// Most severe first, as a reader scans for the worst.
const SEVERITY_OPTIONS = [...INCIDENT_SEVERITIES]
  .reverse()
  .map((value) => ({ value, label: INCIDENT_SEVERITY_LABELS[value] }));
const STATUS_OPTIONS = INCIDENT_STATUSES.map((value) => ({
  value,
  label: INCIDENT_STATUS_LABELS[value],
}));

export interface IncidentFiltersProps {
  values: IncidentListUrlValues;
  onChange: (patch: Partial<IncidentListUrlValues>) => void;
  /** A change that is likely to come (a search paused in typing, a select being opened). */
  onPreview?: (patch: Partial<IncidentListUrlValues>) => void;
  onClear: () => void;
}

export function IncidentFilters({ values, onChange, onPreview, onClear }: IncidentFiltersProps) {
  const client = useApiClient();
  const owners = useQuery(incidentListQueries.owners(client));
  // Every component is a long list (hundreds of KB at scale): read only once the filter is
  // approached or holds a choice, not with every load of the list.
  const [wantComponents, setWantComponents] = useState(false);
  const components = useQuery({
    ...incidentListQueries.components(client),
    enabled: wantComponents || values.component !== '',
  });
  const ownerOptions = useMemo<SearchSelectOption[]>(
    () =>
      (owners.data ?? [])
        .filter((person) => person.name)
        .map((person) => ({
          value: person.id,
          label: person.name,
          ...(person.email ? { description: person.email } : {}),
        })),
    [owners.data],
  );
  const componentOptions = useMemo<SearchSelectOption[]>(
    () =>
      (components.data ?? []).map((component) => {
        // The type, and the external id where it tells same-named components apart.
        const description = [
          component.type,
          component.external_id !== component.name ? component.external_id : undefined,
        ]
          .filter(Boolean)
          .join(' · ');
        return {
          value: component.id,
          label: component.name,
          ...(description ? { description } : {}),
        };
      }),
    [components.data],
  );
  // Each change starts at the first page.
  const set = (patch: Partial<IncidentListUrlValues>) => onChange({ ...patch, pageIndex: 0 });
  const ahead = onPreview
    ? (patch: Partial<IncidentListUrlValues>) => onPreview({ ...patch, pageIndex: 0 })
    : undefined;
  return (
    <FilterBar label="Incident filters" active={hasIncidentFilters(values)} onClear={onClear}>
      <SearchFilter
        label={INCIDENT_SEARCH_LABEL}
        placeholder={INCIDENT_SEARCH_LABEL}
        value={values.search}
        debounceMs={INCIDENT_SEARCH_DEBOUNCE_MS}
        settleMs={INCIDENT_SEARCH_SETTLE_MS}
        onChange={(search) => set({ search: search.trim() })}
        onSettle={
          onPreview ? (search) => onPreview({ search: search.trim(), pageIndex: 0 }) : undefined
        }
        className="sm:w-64"
      />
      <SelectFilter
        label="Type"
        value={values.type}
        options={TYPE_OPTIONS}
        onChange={(type) => set({ type: type as IncidentListUrlValues['type'] })}
        onPreview={ahead && ((type) => ahead({ type: type as IncidentListUrlValues['type'] }))}
      />
      <SelectFilter
        label="Severity"
        value={values.severity}
        options={SEVERITY_OPTIONS}
        onChange={(severity) => set({ severity: severity as IncidentListUrlValues['severity'] })}
        onPreview={
          ahead &&
          ((severity) => ahead({ severity: severity as IncidentListUrlValues['severity'] }))
        }
      />
      <SelectFilter
        label="Status"
        value={values.status === 'all' ? '' : values.status}
        options={STATUS_OPTIONS}
        onChange={(status) =>
          set({ status: status === '' ? 'all' : (status as IncidentListUrlValues['status']) })
        }
        onPreview={
          ahead &&
          ((status) =>
            ahead({ status: status === '' ? 'all' : (status as IncidentListUrlValues['status']) }))
        }
      />
      <SearchSelectFilter
        label="Owner"
        value={values.owner}
        options={ownerOptions}
        isLoading={owners.isPending}
        findLabel="Find a person"
        anchor="bottom end"
        onChange={(owner) => set({ owner })}
      />
      <SearchSelectFilter
        label="Component"
        value={values.component}
        options={componentOptions}
        isLoading={components.isPending}
        onWantOptions={() => setWantComponents(true)}
        findLabel="Find a component"
        anchor="bottom end"
        onChange={(component) => set({ component })}
      />
    </FilterBar>
  );
}
