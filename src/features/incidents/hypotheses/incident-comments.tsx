/** The Comments tab: the incident's comments with the composer (built by the hypothesis work of issue 13). */
import type { IncidentDetail } from '../../../api/incident-model';

export interface IncidentCommentsProps {
  incident: IncidentDetail;
}

export function IncidentComments({ incident }: IncidentCommentsProps) {
  const count = (incident.hypotheses ?? []).reduce((n, h) => n + (h.comments?.length ?? 0), 0);
  return <p className="text-sm text-fg-muted">{count} comments</p>;
}
