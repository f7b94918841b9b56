/** The Action Plan tab: the incident's hypothesis trees (built by the hypothesis work of issue 13). */
import type { IncidentDetail } from '../../../api/incident-model';

export interface ActionPlanProps {
  incident: IncidentDetail;
  /** `comments=true` in the URL: every node expanded (Expand All / Collapse All). */
  expandAll: boolean;
}

export function ActionPlan({ incident }: ActionPlanProps) {
  return <p className="text-sm text-fg-muted">{incident.hypotheses?.length ?? 0} hypotheses</p>;
}
