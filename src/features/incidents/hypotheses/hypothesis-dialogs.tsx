/**
 * The Action Plan's modals: create a hypothesis (title, status defaulting to Possible), delete a
 * hypothesis (offering to disprove it instead), and the evidence confirmations. Each is mounted
 * only while open.
 */
import { useId, useState, type FormEvent } from 'react';
import {
  HYPOTHESIS_STATUSES,
  hypothesisStatusLabel,
  NEW_HYPOTHESIS_STATUS,
  type HypothesisDetail,
  type HypothesisStatus,
  type HypothesisType,
} from '../../../api/incident-model';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { hypothesisTypeLabel } from './hypothesis-node';

const inputClass =
  'w-full rounded-md border border-border bg-surface px-2.5 py-1.5 text-sm text-fg shadow-sm placeholder:text-fg-subtle hover:border-border-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary aria-[invalid=true]:border-danger';

export interface CreateHypothesisDialogProps {
  parent: HypothesisDetail | null;
  type: HypothesisType;
  onClose: () => void;
  onCreate: (values: { title: string; status: HypothesisStatus }) => Promise<boolean>;
}

export function CreateHypothesisDialog({
  parent,
  type,
  onClose,
  onCreate,
}: CreateHypothesisDialogProps) {
  const formId = useId();
  const [title, setTitle] = useState('');
  const [status, setStatus] = useState<HypothesisStatus>(NEW_HYPOTHESIS_STATUS);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const invalid = title.trim() === '';
  const label = hypothesisTypeLabel(type).toLowerCase();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (invalid || saving) return;
    setSaving(true);
    const ok = await onCreate({ title: title.trim(), status });
    setSaving(false);
    if (ok) onClose();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Create ${label} hypothesis`}
      description={
        parent ? `Under '${parent.title || '(no title)'}'.` : 'The root of a hypothesis tree.'
      }
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form={formId} isLoading={saving}>
            Create
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Title
          <input
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's only purpose
            autoFocus
            value={title}
            maxLength={500}
            onChange={(event) => setTitle(event.target.value)}
            onBlur={() => setTouched(true)}
            aria-invalid={touched && invalid}
            aria-describedby={touched && invalid ? `${formId}-title-error` : undefined}
            placeholder={`What could explain it? (${label})`}
            className={inputClass}
          />
          {touched && invalid ? (
            <span id={`${formId}-title-error`} className="text-xs font-normal text-danger">
              This field is required
            </span>
          ) : null}
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Status
          <select
            value={status}
            onChange={(event) => setStatus(event.target.value as HypothesisStatus)}
            className={inputClass}
          >
            {HYPOTHESIS_STATUSES.map((value) => (
              <option key={value} value={value}>
                {hypothesisStatusLabel(value)}
              </option>
            ))}
          </select>
        </label>
      </form>
    </Dialog>
  );
}

export function DeleteHypothesisDialog({
  hypothesis,
  nested,
  onClose,
  onDisprove,
  onDelete,
}: {
  hypothesis: HypothesisDetail;
  /** How many hypotheses below it go too. */
  nested: number;
  onClose: () => void;
  onDisprove: () => void;
  onDelete: () => Promise<void>;
}) {
  const [deleting, setDeleting] = useState(false);
  const title = hypothesis.title || '(no title)';
  return (
    <Dialog
      open
      onClose={onClose}
      size="sm"
      title="Delete hypothesis"
      description={`Disprove '${title}' to keep it on record, or delete it for good.`}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            onClick={() => {
              onDisprove();
              onClose();
            }}
            disabled={hypothesis.status === 'disproven'}
          >
            Disprove
          </Button>
          <Button
            variant="danger"
            isLoading={deleting}
            onClick={() => {
              setDeleting(true);
              void onDelete().finally(() => {
                setDeleting(false);
                onClose();
              });
            }}
          >
            Delete
          </Button>
        </>
      }
    >
      <p className="text-sm text-fg-muted">
        Deleting removes its evidence and comments
        {nested > 0
          ? `, and the ${nested} ${nested === 1 ? 'hypothesis' : 'hypotheses'} below it with theirs`
          : ''}
        .
      </p>
    </Dialog>
  );
}

export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  onClose,
  onConfirm,
}: {
  title: string;
  description?: string;
  confirmLabel: string;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open
      onClose={onClose}
      size="sm"
      title={title}
      description={description}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="danger"
            onClick={() => {
              onConfirm();
              onClose();
            }}
          >
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
