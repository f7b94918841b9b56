/**
 * A list of the incident's evidences to choose from (checkboxes, or radio buttons for one), each
 * with its type, what it says and its hypothesis. Empty: 'There are no evidences provided for
 * this incident' when the incident has none, else 'There are no evidences which are not part of
 * definition of done'.
 */
import type { IncidentDetail } from '../../../api/incident-model';
import { cx } from '../../../lib/class-names';
import {
  TEXTS,
  evidenceLabel,
  evidenceTypeLabel,
  incidentEvidences,
  type EvidenceWithHypothesis,
} from './workspace-model';

export function EvidencePicker({
  incident,
  evidences,
  mode,
  selected,
  onChange,
  label,
  describedBy,
}: {
  incident: IncidentDetail;
  evidences: readonly EvidenceWithHypothesis[];
  mode: 'single' | 'multiple';
  selected: readonly string[];
  onChange: (ids: string[]) => void;
  label: string;
  describedBy?: string;
}) {
  if (evidences.length === 0) {
    const none = incidentEvidences(incident).length === 0;
    return (
      <p className="rounded-md border border-dashed border-border px-3 py-4 text-center text-sm text-fg-muted">
        {none ? TEXTS.noEvidence : TEXTS.noNonDodEvidence}
      </p>
    );
  }
  const name = `evidence-${mode}`;
  return (
    <fieldset aria-describedby={describedBy} className="m-0 min-w-0 border-0 p-0">
      <legend className="mb-2 text-sm font-medium text-fg">{label}</legend>
      <ul className="flex max-h-72 flex-col gap-1.5 overflow-y-auto">
        {evidences.map((evidence) => {
          const checked = selected.includes(evidence.id);
          return (
            <li key={evidence.id}>
              <label
                htmlFor={`${name}-${evidence.id}`}
                className={cx(
                  'grid cursor-pointer grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 gap-y-0.5 rounded-md border px-3 py-2 text-sm transition-colors',
                  checked
                    ? 'border-primary bg-primary-soft'
                    : 'border-border bg-surface hover:bg-surface-hover',
                )}
              >
                <input
                  id={`${name}-${evidence.id}`}
                  type={mode === 'single' ? 'radio' : 'checkbox'}
                  name={name}
                  value={evidence.id}
                  checked={checked}
                  onChange={(event) => {
                    if (mode === 'single') onChange([evidence.id]);
                    else if (event.target.checked) onChange([...selected, evidence.id]);
                    else onChange(selected.filter((id) => id !== evidence.id));
                  }}
                  className="row-span-2 mt-0.5 size-4 shrink-0 accent-primary"
                />
                <span className="min-w-0 font-medium break-words text-fg">
                  {evidenceLabel(evidence)}
                </span>
                <span className="col-start-2 text-xs text-fg-muted">
                  {evidenceTypeLabel(evidence.type)}
                  {evidence.hypothesisTitle ? ` · ${evidence.hypothesisTitle}` : ''}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
