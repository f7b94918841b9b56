/**
 * The edit dialog of a silence (`/notifications/silences?id=`, spec doc 3 §2.9): read by id,
 * saved by PATCH with `updated_at`. Its own chunk: the silences list loads it when a row is opened.
 */
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import {
  NOTIFICATION_TOASTS,
  useSaveSilence,
  useSilence,
  type NotificationSilence,
} from '../../../api/notifications';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { Spinner } from '../../../ui/spinner';
import { toast } from '../../../ui/toast';
import { SilenceForm } from './silence-form';
import {
  draftFromSilence,
  SILENCE_NAME,
  silenceWriteOf,
  validateSilence,
  type SilenceDraft,
  type SilenceErrors,
} from './silence-form-model';

/** The edit dialog of `?id=`: read by id, saved by PATCH with `updated_at`. */
export function SilenceEditDialog({
  id,
  canWrite,
  onClose,
}: {
  id: string;
  canWrite: boolean;
  onClose: () => void;
}) {
  const silence = useSilence(id);
  return (
    <Dialog open onClose={onClose} size="md" title="Edit Silence">
      {silence.isPending ? (
        <Spinner label="Loading silence" />
      ) : !silence.data ? (
        <p role="alert" className="text-sm text-danger">
          {silence.isError ? errorMessage(silence.error) : 'No resources found'}
        </p>
      ) : (
        <SilenceEditForm
          key={silence.data.id}
          silence={silence.data}
          canWrite={canWrite}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function SilenceEditForm({
  silence,
  canWrite,
  onClose,
}: {
  silence: NotificationSilence;
  canWrite: boolean;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<SilenceDraft>(() => draftFromSilence(silence));
  const [errors, setErrors] = useState<SilenceErrors>({});
  const save = useSaveSilence();
  const change = (patch: Partial<SilenceDraft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (Object.keys(errors).length > 0) setErrors(validateSilence(next));
  };
  const submit = () => {
    if (!canWrite) return;
    const found = validateSilence(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { id: silence.id, silence: silenceWriteOf(draft) },
      {
        onSuccess: () => {
          toast.success(NOTIFICATION_TOASTS.updated(SILENCE_NAME));
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };
  return (
    <SilenceForm
      id="silence-edit-form"
      draft={draft}
      errors={errors}
      onChange={change}
      onSubmit={submit}
    >
      <div className="flex justify-end gap-2 border-t border-border pt-4">
        <Button onClick={onClose}>{canWrite ? 'Cancel' : 'Close'}</Button>
        {canWrite ? (
          <Button variant="primary" type="submit" isLoading={save.isPending}>
            {save.isPending ? 'Updating' : 'Update'}
          </Button>
        ) : null}
      </div>
    </SilenceForm>
  );
}
