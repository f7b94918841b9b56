/**
 * The definition-of-done wizard (spec doc 2 §4, §5): Automatic — select an evidence (Add is
 * disabled until one is chosen), then its script (CEL, optional; the spec's default for a check,
 * an insight or a component), then submit — or Manual — a text that becomes a comment evidence
 * on the root hypothesis with definition_of_done true (it must not be empty).
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useApiClient } from '../../../api/api-context';
import { createManualDefinitionOfDone, updateEvidence } from '../../../api/incident-detail';
import type { IncidentDetail } from '../../../api/incident-model';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { SegmentedToggle } from '../../../ui/segmented-toggle';
import { toast } from '../../../ui/toast';
import { useSession } from '../../../rbac/session-context';
import { EvidencePicker } from './evidence-picker';
import { useIncidentRefresh } from './use-incident-refresh';
import { TextField } from './workspace-fields';
import {
  TEXTS,
  defaultDodScript,
  evidenceLabel,
  evidencesOutsideDefinitionOfDone,
  rootHypothesisId,
} from './workspace-model';

type Mode = 'automatic' | 'manual';
type Step = 'selectEvidence' | 'addScript';

export function AddDefinitionOfDoneDialog({
  incident,
  onClose,
}: {
  incident: IncidentDetail;
  onClose: () => void;
}) {
  const client = useApiClient();
  const { user } = useSession();
  const refresh = useIncidentRefresh(incident.id);
  const [mode, setMode] = useState<Mode>('automatic');
  const [step, setStep] = useState<Step>('selectEvidence');
  const [selected, setSelected] = useState<string | undefined>();
  const [script, setScript] = useState('');
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | undefined>();
  // The evidences offered are those outside the definition of done when the wizard opened.
  const [evidences] = useState(() => evidencesOutsideDefinitionOfDone(incident));
  const evidence = evidences.find((item) => item.id === selected);

  const automatic = useMutation({
    mutationFn: (id: string) =>
      updateEvidence(client, id, { definition_of_done: true, script: script.trim() }),
    onSuccess: () => onClose(),
    onError: () => toast.error(TEXTS.addDodFailed),
    onSettled: () => refresh(),
  });
  const manual = useMutation({
    mutationFn: (text: string) => {
      const hypothesisId = rootHypothesisId(incident);
      if (!hypothesisId || !user) throw new Error(TEXTS.addDodFailed);
      return createManualDefinitionOfDone(client, {
        hypothesisId,
        createdBy: user.id,
        comment: text,
      });
    },
    onSuccess: () => onClose(),
    onError: () => toast.error(TEXTS.addDodFailed),
    onSettled: () => refresh(),
  });

  const addManual = () => {
    const text = comment.trim();
    if (!text) {
      setCommentError('Please add the definition of done');
      return;
    }
    manual.mutate(text);
  };

  let footer;
  if (mode === 'manual') {
    footer = (
      <>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="primary" onClick={addManual} isLoading={manual.isPending}>
          Add
        </Button>
      </>
    );
  } else if (step === 'selectEvidence') {
    footer = (
      <>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="primary"
          disabled={!evidence}
          onClick={() => {
            if (!evidence) return;
            setScript(evidence.script || defaultDodScript(evidence));
            setStep('addScript');
          }}
        >
          Add
        </Button>
      </>
    );
  } else {
    footer = (
      <>
        <Button onClick={() => setStep('selectEvidence')}>Back</Button>
        <Button
          variant="primary"
          isLoading={automatic.isPending}
          onClick={() => evidence && automatic.mutate(evidence.id)}
        >
          Submit
        </Button>
      </>
    );
  }

  return (
    <Dialog open onClose={onClose} title="Add definition of done" size="md" footer={footer}>
      <div className="flex flex-col gap-4">
        <SegmentedToggle
          label="How the definition of done is checked"
          value={mode}
          options={[
            { value: 'automatic', label: 'Automatic' },
            { value: 'manual', label: 'Manual' },
          ]}
          onChange={setMode}
        />
        {mode === 'manual' ? (
          <TextField
            label="Definition of done"
            multiline
            value={comment}
            onChange={(value) => {
              setComment(value);
              if (value.trim()) setCommentError(undefined);
            }}
            error={commentError}
            placeholder="e.g. Error rate below 1% for an hour"
          />
        ) : step === 'selectEvidence' ? (
          <EvidencePicker
            incident={incident}
            evidences={evidences}
            mode="single"
            selected={selected ? [selected] : []}
            onChange={(ids) => setSelected(ids[0])}
            label="Select evidence"
          />
        ) : (
          <div className="flex flex-col gap-3">
            <p className="text-sm text-fg-muted">
              Evidence:{' '}
              <span className="font-medium text-fg">{evidence && evidenceLabel(evidence)}</span>
            </p>
            <TextField
              label="Script (CEL expression, optional)"
              multiline
              mono
              value={script}
              onChange={setScript}
              placeholder='e.g. component.status == "healthy"'
            />
            <p className="text-xs text-fg-muted">
              The server evaluates the script against the evidence&apos;s current state and marks
              the definition of done as done once it holds.
            </p>
          </div>
        )}
      </div>
    </Dialog>
  );
}
