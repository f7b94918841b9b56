/**
 * The workspace's side panel (spec doc 2 §2): collapsible sections Details (severity — High when
 * none —, type, commander, communicator, created, updated, responders), Definition of done and
 * Changelog. Severity and type are edited in place by writers (`PATCH {severity, type}`).
 */
import { useMutation } from '@tanstack/react-query';
import { memo, useMemo, useState } from 'react';
import { useApiClient } from '../../../api/api-context';
import { errorMessage } from '../../../api/client';
import { updateIncident } from '../../../api/incident-detail';
import {
  DETAILS_DEFAULT_SEVERITY,
  INCIDENT_SEVERITIES,
  INCIDENT_TYPES,
  type IncidentDetail,
} from '../../../api/incident-model';
import {
  IncidentSeverityBadge,
  IncidentTypeBadge,
  incidentSeverityLabel,
  incidentTypeLabel,
} from '../../../entities/incident/incident-badges';
import { cx } from '../../../lib/class-names';
import type { PersonAvatar } from '../../../api/types';
import { Avatar } from '../../../ui/avatar';
import { CollapsibleSection } from '../../../ui/collapsible-section';
import { DetailRow } from '../../../ui/detail-list';
import { PlusIcon } from '../../../ui/icons';
import { IconButton } from '../../../ui/icon-button';
import { lazyComponent } from '../../../ui/lazy-component';
import { RelativeTime } from '../../../ui/relative-time';
import { toast } from '../../../ui/toast';
import { ChangelogSection } from './changelog-section';
import { DefinitionOfDoneSection } from './definition-of-done-section';
import { ResponderList } from './responder-list';
import { useIncidentRefresh } from './use-incident-refresh';
import { selectClass } from './workspace-fields';
import { definitionOfDone } from './workspace-model';

// The add dialogs (people and teams to pick, evidence to choose) load when opened.
const AddResponderDialog = lazyComponent(() =>
  import('./add-responder-dialog').then((module) => module.AddResponderDialog),
);
const AddDefinitionOfDoneDialog = lazyComponent(() =>
  import('./add-definition-of-done-dialog').then((module) => module.AddDefinitionOfDoneDialog),
);

type SectionName = 'details' | 'dod' | 'changelog';

function Person({ person }: { person: PersonAvatar | null | undefined }) {
  if (!person) return <span className="text-fg-subtle">-</span>;
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5">
      <Avatar name={person.name} src={person.avatar} size="sm" className="size-5 text-[10px]" />
      <span className="truncate">{person.name}</span>
    </span>
  );
}

function SeverityTypeFields({ incident }: { incident: IncidentDetail }) {
  const client = useApiClient();
  const refresh = useIncidentRefresh(incident.id);
  const severity = (incident.severity || DETAILS_DEFAULT_SEVERITY).toLowerCase();
  const type = incident.type ?? '';
  const save = useMutation({
    mutationFn: (patch: { severity: string; type: string }) =>
      updateIncident(client, incident.id, patch),
    onError: (error: unknown) => toast.error(errorMessage(error)),
    onSettled: () => refresh(),
  });
  const pending = save.isPending ? save.variables : undefined;
  const shownSeverity = pending?.severity ?? severity;
  const shownType = pending?.type ?? type;
  return (
    <>
      <DetailRow label={<label htmlFor="incident-severity">Severity</label>}>
        <select
          id="incident-severity"
          value={shownSeverity}
          disabled={save.isPending}
          onChange={(event) => save.mutate({ severity: event.target.value, type: shownType })}
          className={cx(selectClass, 'h-8 w-full')}
        >
          {(INCIDENT_SEVERITIES as readonly string[]).includes(shownSeverity) ? null : (
            <option value={shownSeverity}>{incidentSeverityLabel(shownSeverity)}</option>
          )}
          {INCIDENT_SEVERITIES.map((value) => (
            <option key={value} value={value}>
              {incidentSeverityLabel(value)}
            </option>
          ))}
        </select>
      </DetailRow>
      <DetailRow label={<label htmlFor="incident-type">Type</label>}>
        <select
          id="incident-type"
          value={shownType}
          disabled={save.isPending}
          onChange={(event) => save.mutate({ severity: shownSeverity, type: event.target.value })}
          className={cx(selectClass, 'h-8 w-full')}
        >
          {(INCIDENT_TYPES as readonly string[]).includes(shownType) ? null : (
            <option value={shownType}>{incidentTypeLabel(shownType)}</option>
          )}
          {INCIDENT_TYPES.map((value) => (
            <option key={value} value={value}>
              {incidentTypeLabel(value)}
            </option>
          ))}
        </select>
      </DetailRow>
    </>
  );
}

/** Memoised: the workspace re-renders on each URL change (tab, Expand All). */
export const IncidentSidePanel = memo(function IncidentSidePanel({
  incident,
  canWriteIncident,
  canWriteResponders,
  canWriteEvidence,
}: {
  incident: IncidentDetail;
  canWriteIncident: boolean;
  canWriteResponders: boolean;
  canWriteEvidence: boolean;
}) {
  const [open, setOpen] = useState<Record<SectionName, boolean>>({
    details: true,
    dod: true,
    changelog: true,
  });
  const [dialog, setDialog] = useState<'responder' | 'dod' | null>(null);
  const toggle = (name: SectionName) =>
    setOpen((current) => ({ ...current, [name]: !current[name] }));
  const dodCount = useMemo(() => definitionOfDone(incident).length, [incident]);

  return (
    <div className="flex flex-col [&>section:first-child]:border-t-0">
      <CollapsibleSection
        title="Details"
        name="details"
        headingLevel={2}
        open={open.details}
        onToggle={() => toggle('details')}
      >
        <dl className="flex flex-col gap-2">
          {canWriteIncident ? (
            <SeverityTypeFields incident={incident} />
          ) : (
            <>
              <DetailRow label="Severity">
                <IncidentSeverityBadge severity={incident.severity || DETAILS_DEFAULT_SEVERITY} />
              </DetailRow>
              <DetailRow label="Type">
                <IncidentTypeBadge type={incident.type} />
              </DetailRow>
            </>
          )}
          <DetailRow label="Commander">
            <Person person={incident.commander} />
          </DetailRow>
          <DetailRow label="Communicator">
            <Person person={incident.communicator_id} />
          </DetailRow>
          <DetailRow label="Created">
            <RelativeTime value={incident.created_at} />
          </DetailRow>
          <DetailRow label="Updated">
            <RelativeTime value={incident.updated_at} />
          </DetailRow>
        </dl>
        <div className="mt-4 flex items-center justify-between gap-2">
          <h3 className="text-xs font-semibold tracking-wide text-fg-muted uppercase">
            Responders
          </h3>
          {canWriteResponders ? (
            <IconButton
              label="Add Responder"
              icon={<PlusIcon size={16} />}
              size="sm"
              onClick={() => setDialog('responder')}
            />
          ) : null}
        </div>
        <div className="mt-2">
          <ResponderList incidentId={incident.id} canWrite={canWriteResponders} />
        </div>
      </CollapsibleSection>
      <CollapsibleSection
        title={
          <span className="inline-flex items-center gap-2">
            Definition of done
            <span className="rounded-full bg-surface-sunken px-1.5 text-xs font-medium text-fg-muted tabular-nums">
              {dodCount}
            </span>
          </span>
        }
        name="definition-of-done"
        headingLevel={2}
        open={open.dod}
        onToggle={() => toggle('dod')}
        actions={
          canWriteEvidence ? (
            <IconButton
              label="Add definition of done"
              icon={<PlusIcon size={16} />}
              size="sm"
              onClick={() => setDialog('dod')}
            />
          ) : null
        }
      >
        <DefinitionOfDoneSection incident={incident} canWrite={canWriteEvidence} />
      </CollapsibleSection>
      <CollapsibleSection
        title="Changelog"
        name="changelog"
        headingLevel={2}
        open={open.changelog}
        onToggle={() => toggle('changelog')}
      >
        <ChangelogSection incident={incident} />
      </CollapsibleSection>
      {dialog === 'responder' ? (
        <AddResponderDialog incidentId={incident.id} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'dod' ? (
        <AddDefinitionOfDoneDialog incident={incident} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
});
