/**
 * A component's actions (spec doc 2 §2 "Card actions", rbac-and-flags.md §4): 'Zoom In' (cards
 * only), 'View Logs' (only with an external id; hidden when logs are disabled), 'Link to
 * Incident' (attach the component as topology evidence, or create an incident from it; write on
 * incident, hidden when incidents are disabled), 'Link to Catalog' (write on the catalog) and
 * 'Download Snapshot'. The same list is a card's menu and the sidebar's action bar; the dialogs
 * live here.
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { TopologyComponent } from '../../api/topology';
import { useEvidenceAuthor } from '../../entities/evidence/attach-evidence';
import { PlaybooksRunMenu } from '../../entities/playbook/playbooks-run-menu';
import { useFeatureEnabled } from '../../rbac/flags-context';
import { useCan } from '../../rbac/use-can';
import { cx } from '../../lib/class-names';
import { buttonClasses } from '../../ui/button';
import {
  ArchiveIcon,
  IncidentIcon,
  LinkIcon,
  LogsIcon,
  MoreVerticalIcon,
  ZoomInIcon,
} from '../../ui/icons';
import { Menu, MenuItemButton, MenuItemLink } from '../../ui/menu';
import { lazyComponent } from '../../ui/lazy-component';

// The actions' dialogs load when first chosen, not with every card of the dashboard.
const AttachEvidenceDialog = lazyComponent(() =>
  import('../../entities/evidence/attach-evidence-dialog').then((m) => m.AttachEvidenceDialog),
);
const LinkCatalogDialog = lazyComponent(() =>
  import('./link-catalog-dialog').then((m) => m.LinkCatalogDialog),
);
const SnapshotDialog = lazyComponent(() =>
  import('./snapshot-dialog').then((m) => m.SnapshotDialog),
);
const ZoomDialog = lazyComponent(() => import('./zoom-dialog').then((m) => m.ZoomDialog));

/** Where 'View Logs' goes (spec doc 2 §2 "Other links"). */
export function logsHref(id: string): string {
  return `/logs?topologyId=${encodeURIComponent(id)}`;
}

/** The first description of a component's evidence, e.g. 'api is unhealthy'. */
function componentEvidenceDescription(component: TopologyComponent): string {
  const name = component.title || component.name;
  return component.health ? `${name} is ${component.health}` : name;
}

type Dialog = 'zoom' | 'link' | 'snapshot' | 'incident' | null;

interface Action {
  key: string;
  label: string;
  icon: ReactNode;
  href?: string;
  onSelect?: () => void;
  disabled?: boolean;
  hint?: string;
}

function useComponentActions(component: TopologyComponent, withZoom: boolean) {
  const [dialog, setDialogState] = useState<Dialog>(null);
  // A dialog is mounted from its first opening on (and stays, so that it can animate closed):
  // a closed Headless UI dialog still scans the document when it mounts, and a grid of cards
  // with three each would spend seconds on it.
  const [mounted, setMounted] = useState<ReadonlySet<Dialog>>(() => new Set());
  const setDialog = (next: Dialog) => {
    if (next !== null && !mounted.has(next)) setMounted(new Set(mounted).add(next));
    setDialogState(next);
  };
  const logs = useFeatureEnabled('logs');
  const evidenceAuthor = useEvidenceAuthor();
  const canLink = useCan('database', 'write');
  const actions: Action[] = [];
  if (withZoom) {
    actions.push({
      key: 'zoom',
      label: 'Zoom In',
      icon: <ZoomInIcon size={16} />,
      onSelect: () => setDialog('zoom'),
    });
  }
  if (logs && component.external_id) {
    actions.push({
      key: 'logs',
      label: 'View Logs',
      icon: <LogsIcon size={16} />,
      href: logsHref(component.id),
    });
  }
  if (evidenceAuthor) {
    actions.push({
      key: 'incident',
      label: 'Link to Incident',
      icon: <IncidentIcon size={16} />,
      onSelect: () => setDialog('incident'),
    });
  }
  if (canLink) {
    actions.push({
      key: 'catalog',
      label: 'Link to Catalog',
      icon: <LinkIcon size={16} />,
      onSelect: () => setDialog('link'),
    });
  }
  actions.push({
    key: 'snapshot',
    label: 'Download Snapshot',
    icon: <ArchiveIcon size={16} />,
    onSelect: () => setDialog('snapshot'),
  });
  const close = () => setDialog(null);
  const dialogs = (
    <>
      {withZoom && mounted.has('zoom') ? (
        <ZoomDialog component={component} open={dialog === 'zoom'} onClose={close} />
      ) : null}
      {mounted.has('link') ? (
        <LinkCatalogDialog component={component} open={dialog === 'link'} onClose={close} />
      ) : null}
      {mounted.has('snapshot') ? (
        <SnapshotDialog component={component} open={dialog === 'snapshot'} onClose={close} />
      ) : null}
      {dialog === 'incident' && evidenceAuthor ? (
        <AttachEvidenceDialog
          subject={component.title || component.name}
          defaultDescription={componentEvidenceDescription(component)}
          evidence={{ type: 'topology', component_id: component.id }}
          createSubject={{
            kind: 'component',
            componentId: component.id,
            description: componentEvidenceDescription(component),
          }}
          userId={evidenceAuthor}
          onClose={close}
        />
      ) : null}
    </>
  );
  return { actions, dialogs };
}

/** The '⋮' menu of a card. */
export function TopologyCardMenu({ component }: { component: TopologyComponent }) {
  const { actions, dialogs } = useComponentActions(component, true);
  return (
    <>
      <Menu
        trigger={<MoreVerticalIcon size={16} />}
        triggerLabel={`Actions of ${component.name}`}
        triggerClassName="size-7"
        panelClassName="w-60"
      >
        {actions.map((action) =>
          action.href ? (
            <MenuItemLink key={action.key} href={action.href} icon={action.icon}>
              {action.label}
            </MenuItemLink>
          ) : (
            <MenuItemButton
              key={action.key}
              icon={action.icon}
              disabled={action.disabled}
              onClick={() => action.onSelect?.()}
            >
              <span className="flex min-w-0 flex-col">
                <span>{action.label}</span>
                {action.hint ? (
                  <span className="text-xs whitespace-normal text-fg-muted">{action.hint}</span>
                ) : null}
              </span>
            </MenuItemButton>
          ),
        )}
      </Menu>
      {dialogs}
    </>
  );
}

/** The sidebar's row of the same actions (no Zoom In: the page is the component). */
export function TopologyActionBar({ component }: { component: TopologyComponent }) {
  const { actions, dialogs } = useComponentActions(component, false);
  const canRunPlaybooks = useCan('playbook_runs', 'write');
  const button = cx(buttonClasses('secondary', 'sm'), 'w-full justify-start');
  return (
    <>
      <div role="group" aria-label="Component actions" className="grid grid-cols-2 gap-2">
        {actions.map((action) =>
          action.href ? (
            <Link key={action.key} href={action.href} className={button}>
              {action.icon}
              {action.label}
            </Link>
          ) : (
            <button
              key={action.key}
              type="button"
              className={button}
              disabled={action.disabled}
              title={action.hint}
              onClick={() => action.onSelect?.()}
            >
              {action.icon}
              {action.label}
            </button>
          ),
        )}
        {canRunPlaybooks ? (
          <PlaybooksRunMenu
            resource={{ kind: 'component', id: component.id }}
            size="sm"
            className="w-full justify-start"
          />
        ) : null}
      </div>
      {dialogs}
    </>
  );
}
