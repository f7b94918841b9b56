/**
 * `/notifications/silences/add` (spec doc 3 §2.9): a new silence, created through
 * `POST /notification/silence`; the resource may come from the query (`?check_id=…`), as the send
 * history's "Silence" action links it. Needs write on notifications (the route is also guarded
 * by write on the database resource, rbac-and-flags.md §3.2).
 */
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { errorMessage } from '../../../api/client';
import { NOTIFICATION_TOASTS, useSaveSilence } from '../../../api/notifications';
import { useCan } from '../../../rbac/use-can';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { LockIcon } from '../../../ui/icons';
import { toast } from '../../../ui/toast';
import { notificationPaths } from '../notification-paths';
import { SilenceForm } from './silence-form';
import {
  newSilenceDraft,
  silenceWriteOf,
  validateSilence,
  type SilenceDraft,
  type SilenceErrors,
} from './silence-form-model';
import { NotificationsFrame } from '../notifications-page';

export function SilenceAddPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const canWriteNotifications = useCan('notifications', 'write');
  const canWriteDatabase = useCan('database', 'write');
  const canAdd = canWriteNotifications && canWriteDatabase;
  const [draft, setDraft] = useState<SilenceDraft>(() => newSilenceDraft(search));
  const [errors, setErrors] = useState<SilenceErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const save = useSaveSilence();

  if (!canAdd) {
    return (
      <EmptyState
        icon={<LockIcon size={22} />}
        title="Unauthorized"
        description="You do not have permission to access this page"
      />
    );
  }

  const change = (patch: Partial<SilenceDraft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (submitted) setErrors(validateSilence(next));
  };
  const submit = () => {
    setSubmitted(true);
    const found = validateSilence(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { silence: silenceWriteOf(draft) },
      {
        onSuccess: () => {
          toast.success(NOTIFICATION_TOASTS.silenceAdded);
          navigate(notificationPaths.silences());
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  return (
    <section
      aria-labelledby="silence-add-title"
      className="max-w-2xl rounded-lg border border-border bg-surface-raised p-5 shadow-sm"
    >
      <h2 id="silence-add-title" className="mb-1 text-base font-semibold">
        Add Silence
      </h2>
      <p className="mb-4 text-sm text-fg-muted">
        Notifications about the resource are not sent between From and Until; the send history
        records them as Silenced.
      </p>
      <SilenceForm
        id="silence-add-form"
        draft={draft}
        errors={errors}
        onChange={change}
        onSubmit={submit}
      >
        <div className="flex justify-end gap-2 border-t border-border pt-4">
          <Button onClick={() => navigate(notificationPaths.silences())}>Cancel</Button>
          <Button variant="primary" type="submit" isLoading={save.isPending}>
            {save.isPending ? 'Saving' : 'Save'}
          </Button>
        </div>
      </SilenceForm>
    </section>
  );
}

/** `/notifications/silences/add` in the route table: the area's tabs and this tab. */
export function SilenceAddRoute() {
  return (
    <NotificationsFrame>
      <SilenceAddPage />
    </NotificationsFrame>
  );
}
