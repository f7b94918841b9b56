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

/** The label of a type written in any case, with or without underscores (`technical_debt`). */
export function typeLabelOf(type: string): string | undefined {
  const key = type.replace(/_/g, '').toLowerCase();
  const match = (Object.keys(TYPE_LABELS) as LabelledType[]).find(
    (name) => name.toLowerCase() === key,
  );
  return match ? TYPE_LABELS[match] : undefined;
}
