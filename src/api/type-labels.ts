/**
 * The one label table of the type vocabulary incidents and config insights share: the incident
 * types of spec doc 2 §4 (cost … reliability, technicalDebt); analysis types add recommendation
 * and other. `INCIDENT_TYPE_LABELS` (incident-model.ts) and `INSIGHT_TYPE_LABELS`
 * (catalog insights) are this table.
 */
export const TYPE_LABELS = {
  cost: 'Cost',
  availability: 'Availability',
  performance: 'Performance',
  security: 'Security',
  integration: 'Integration',
  compliance: 'Compliance',
  reliability: 'Reliability',
  technicalDebt: 'Technical Debt',
  recommendation: 'Recommendation',
  other: 'Other',
} as const;

export type LabelledType = keyof typeof TYPE_LABELS;

/** The labels by folded name (lower case, no underscores), built once: tables ask per row. */
const LABELS_BY_FOLDED = new Map<string, string>(
  Object.entries(TYPE_LABELS).map(([name, label]) => [name.toLowerCase(), label]),
);

/** The label of a type written in any case, with or without underscores (`technical_debt`). */
export function typeLabelOf(type: string): string | undefined {
  return LABELS_BY_FOLDED.get(type.replace(/_/g, '').toLowerCase());
}
