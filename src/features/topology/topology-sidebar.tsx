/**
 * The right sidebar of /topology/{id} (spec doc 2 §2, §9): the component's name, its actions and
 * collapsible panels Details, Catalog, Incidents (hidden when incidents are disabled), Changes,
 * Checks, Playbooks, Teams and Insights. One panel is open at a time (Details first); a panel
 * reads its data when it opens (postgrest.md §8.4).
 */
import { useState, type ReactNode } from 'react';
import type { TopologyComponent } from '../../api/topology';
import { ComponentIcon } from '../../entities/topology-card/component-icon';
import {
  COMPONENT_HEALTH_LABELS,
  componentHealth,
} from '../../entities/topology-card/topology-card-format';
import { useFeatureEnabled } from '../../rbac/flags-context';
import { CollapsibleSection } from '../../ui/collapsible-section';
import { StatusIcon } from '../../ui/status-icon';
import { TopologyActionBar } from './topology-component-actions';
import {
  CatalogPanel,
  ChangesPanel,
  ChecksPanel,
  DetailsPanel,
  IncidentsPanel,
  InsightsPanel,
  PlaybooksPanel,
  TeamsPanel,
} from './topology-sidebar-panels';

export const SIDEBAR_PANELS = [
  'Details',
  'Catalog',
  'Incidents',
  'Changes',
  'Checks',
  'Playbooks',
  'Teams',
  'Insights',
] as const;
export type SidebarPanel = (typeof SIDEBAR_PANELS)[number];

function Panel({
  title,
  open,
  onToggle,
  children,
}: {
  title: SidebarPanel;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  return (
    <CollapsibleSection title={title} name={title} open={open} onToggle={onToggle}>
      {children}
    </CollapsibleSection>
  );
}

export function TopologySidebar({ component }: { component: TopologyComponent }) {
  const incidents = useFeatureEnabled('incidents');
  const [open, setOpen] = useState<SidebarPanel | null>('Details');
  const health = componentHealth(component);
  const panels = SIDEBAR_PANELS.filter((panel) => panel !== 'Incidents' || incidents);
  const body = (panel: SidebarPanel): ReactNode => {
    switch (panel) {
      case 'Details':
        return <DetailsPanel component={component} />;
      case 'Catalog':
        return <CatalogPanel component={component} />;
      case 'Incidents':
        return <IncidentsPanel component={component} />;
      case 'Changes':
        return <ChangesPanel component={component} />;
      case 'Checks':
        return <ChecksPanel component={component} />;
      case 'Playbooks':
        return <PlaybooksPanel component={component} />;
      case 'Teams':
        return <TeamsPanel component={component} />;
      case 'Insights':
        return <InsightsPanel component={component} />;
    }
  };
  return (
    <div className="flex flex-col">
      <div className="flex flex-col gap-3 px-4 py-3">
        <div className="flex min-w-0 items-start gap-2">
          <ComponentIcon
            icon={component.icon || component.type || ''}
            size={22}
            className="mt-0.5 shrink-0 text-fg-muted"
          />
          <div className="min-w-0 flex-1">
            <h2 className="truncate text-base font-semibold text-fg" title={component.name}>
              {component.name}
            </h2>
            {component.type ? <p className="text-xs text-fg-muted">{component.type}</p> : null}
          </div>
          <StatusIcon
            tone={health}
            label={COMPONENT_HEALTH_LABELS[health]}
            showLabel
            className="shrink-0 text-xs font-medium"
          />
        </div>
        <TopologyActionBar component={component} />
      </div>
      {panels.map((panel) => (
        <Panel
          key={panel}
          title={panel}
          open={open === panel}
          onToggle={() => setOpen((current) => (current === panel ? null : panel))}
        >
          {body(panel)}
        </Panel>
      ))}
    </div>
  );
}
