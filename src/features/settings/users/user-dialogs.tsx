/**
 * The users page's dialogs: Invite User (first name, last name, e-mail, role; the answer is the
 * link the invitee opens to set a password, shown with a copy button) and Edit User (the same
 * fields plus Active; the role replaces the user's roles). Validation texts are the spec's.
 */
import { useId, useRef, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { useInviteUser, useUpdateUser, type User } from '../../../api/users';
import { Button } from '../../../ui/button';
import { copyToClipboard } from '../../../ui/copy-to-clipboard';
import { Dialog } from '../../../ui/dialog';
import { SelectField, TextInputField } from '../../../ui/form-field';
import { CheckIcon, CopyIcon } from '../../../ui/icons';
import { Switch } from '../../../ui/switch';
import { toast } from '../../../ui/toast';
import {
  ROLE_OPTIONS,
  primaryRole,
  validateUserForm,
  type UserFormErrors,
  type UserFormValues,
} from './user-form';

function UserFields({
  values,
  errors,
  onChange,
}: {
  values: UserFormValues;
  errors: UserFormErrors;
  onChange: (patch: Partial<UserFormValues>) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextInputField
        label="First Name"
        value={values.firstName}
        onChange={(firstName) => onChange({ firstName })}
        error={errors.firstName}
        required
        autoComplete="off"
      />
      <TextInputField
        label="Last Name"
        value={values.lastName}
        onChange={(lastName) => onChange({ lastName })}
        error={errors.lastName}
        required
        autoComplete="off"
      />
      <TextInputField
        className="sm:col-span-2"
        label="Email"
        type="email"
        value={values.email}
        onChange={(email) => onChange({ email })}
        error={errors.email}
        required
        autoComplete="off"
      />
      <SelectField
        className="sm:col-span-2"
        label="Role"
        value={values.role}
        options={ROLE_OPTIONS}
        placeholder="Select a role"
        onChange={(role) => onChange({ role })}
        error={errors.role}
        required
      />
    </div>
  );
}

/** Validate; on errors focus the first invalid control and return false. */
function useValidation(values: UserFormValues) {
  const [errors, setErrors] = useState<UserFormErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const check = (): boolean => {
    const found = validateUserForm(values);
    setErrors(found);
    if (Object.keys(found).length === 0) return true;
    queueMicrotask(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );
    return false;
  };
  return { errors, setErrors, check, formRef };
}

export function InviteUserDialog({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const [values, setValues] = useState<UserFormValues>({
    firstName: '',
    lastName: '',
    email: '',
    role: '',
  });
  const { errors, check, formRef } = useValidation(values);
  const invite = useInviteUser();
  const [link, setLink] = useState<string | undefined>();

  if (link) {
    return (
      <Dialog
        open
        onClose={onClose}
        size="md"
        title="Invitation created"
        description={`Send this link to ${values.firstName} ${values.lastName}. It works once and expires in 7 days.`}
        footer={
          <Button variant="primary" onClick={onClose}>
            Done
          </Button>
        }
      >
        <div className="flex flex-col gap-3">
          <p className="flex items-center gap-2 text-sm text-healthy">
            <CheckIcon size={16} aria-hidden="true" />
            {values.email} can now set a password and sign in as{' '}
            {ROLE_OPTIONS.find((option) => option.value === values.role)?.label ?? values.role}.
          </p>
          <label className="text-sm font-medium text-fg" htmlFor={`${formId}-link`}>
            Invitation link
          </label>
          <div className="flex gap-2">
            <input
              id={`${formId}-link`}
              readOnly
              value={link}
              onFocus={(event) => event.target.select()}
              className="h-9 min-w-0 flex-1 rounded-md border border-border bg-surface-sunken px-3 font-mono text-xs text-fg"
            />
            <Button icon={<CopyIcon size={16} />} onClick={() => void copyToClipboard(link)}>
              Copy link
            </Button>
          </div>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog
      open
      onClose={invite.isPending ? () => undefined : onClose}
      size="md"
      title="Invite User"
      description="The invitee gets a link to set a password; the role applies from the first sign-in."
      footer={
        <>
          <Button onClick={onClose} disabled={invite.isPending}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={formId} isLoading={invite.isPending}>
            {invite.isPending ? 'Inviting' : 'Invite'}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        ref={formRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!check()) return;
          invite.mutate(
            {
              firstName: values.firstName.trim(),
              lastName: values.lastName.trim(),
              email: values.email.trim(),
              role: values.role,
            },
            {
              onSuccess: (answer) => setLink(answer.link),
              onError: (error) => toast.error(errorMessage(error)),
            },
          );
        }}
      >
        <UserFields
          values={values}
          errors={errors}
          onChange={(patch) => setValues((old) => ({ ...old, ...patch }))}
        />
      </form>
    </Dialog>
  );
}

export function EditUserDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const formId = useId();
  const [values, setValues] = useState<UserFormValues>({
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: primaryRole(user.roles),
  });
  // "User: form sets active from state."
  const [active, setActive] = useState(user.active);
  const { errors, check, formRef } = useValidation(values);
  const update = useUpdateUser();
  return (
    <Dialog
      open
      onClose={update.isPending ? () => undefined : onClose}
      size="md"
      title="Edit User"
      footer={
        <>
          <Button onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={formId} isLoading={update.isPending}>
            {update.isPending ? 'Updating' : 'Update'}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        ref={formRef}
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!check()) return;
          const name = `${values.firstName.trim()} ${values.lastName.trim()}`;
          update.mutate(
            {
              id: user.id,
              firstName: values.firstName.trim(),
              lastName: values.lastName.trim(),
              email: values.email.trim(),
              role: values.role,
              active,
            },
            {
              onSuccess: () => {
                toast.success(`${name} updated successfully`);
                onClose();
              },
              onError: (error) => toast.error(errorMessage(error)),
            },
          );
        }}
      >
        <UserFields
          values={values}
          errors={errors}
          onChange={(patch) => setValues((old) => ({ ...old, ...patch }))}
        />
        <Switch checked={active} onChange={setActive} label="Active" />
      </form>
    </Dialog>
  );
}
