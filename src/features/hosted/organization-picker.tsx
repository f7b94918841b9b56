/**
 * The organisation selection screen (spec doc 1 §1, gate 2): one button per organisation of the
 * signed-in user; one still being set up says so. Also the target of "Switch organization".
 */
import type { HostedOrganization } from '../../api/hosted-auth';
import { Button } from '../../ui/button';
import { CheckIcon, ChevronRightIcon } from '../../ui/icons';
import { HostedCard } from './hosted-card';

export interface OrganizationPickerProps {
  organizations: readonly HostedOrganization[];
  /** The organisation in use (marked), when switching. */
  currentId?: string | undefined;
  onPick: (organization: HostedOrganization) => void;
  onSignOut: () => void;
}

/** The first letter or digit of a name, for the organisation's badge. */
export function initialOf(name: string): string {
  return (name.match(/[\p{L}\p{N}]/u)?.[0] ?? '?').toUpperCase();
}

export function OrganizationPicker({
  organizations,
  currentId,
  onPick,
  onSignOut,
}: OrganizationPickerProps) {
  return (
    <HostedCard title="Choose an organization">
      <p className="mt-2 text-center text-sm text-fg-muted">
        You are a member of several organizations. Pick the one to open.
      </p>
      <ul className="mt-6 flex flex-col gap-2" aria-label="Organizations">
        {organizations.map((organization) => {
          const current = organization.id === currentId;
          return (
            <li key={organization.id}>
              <button
                type="button"
                onClick={() => onPick(organization)}
                aria-current={current ? 'true' : undefined}
                className={`group flex w-full items-center gap-3 rounded-lg border bg-surface px-3 py-2.5 text-left text-sm text-fg hover:border-border-strong hover:bg-surface-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${current ? 'border-primary' : 'border-border'}`}
              >
                {/* The organisation's initial: the list reads at a glance, in both themes. */}
                <span
                  aria-hidden="true"
                  className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary-soft text-sm font-semibold text-link"
                >
                  {initialOf(organization.name)}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{organization.name}</span>
                  {organization.backendUrl ? null : (
                    <span className="block text-xs text-fg-muted">Being set up</span>
                  )}
                </span>
                {current ? (
                  <CheckIcon size={16} className="shrink-0 text-link" title="Current" />
                ) : (
                  <ChevronRightIcon
                    size={16}
                    className="shrink-0 text-fg-subtle group-hover:text-fg-muted"
                  />
                )}
              </button>
            </li>
          );
        })}
      </ul>
      <div className="mt-6 flex justify-center">
        <Button variant="ghost" onClick={onSignOut}>
          Sign out
        </Button>
      </div>
    </HostedCard>
  );
}

/** No organisation at all: nothing to open until an administrator adds the user to one. */
export function NoOrganizationScreen({ onSignOut }: { onSignOut: () => void }) {
  return (
    <HostedCard title="No organization">
      <p role="alert" className="mt-3 text-center text-sm text-fg-muted">
        Your account is not a member of any organization yet. Ask an administrator of your
        organization to invite you, then sign in again.
      </p>
      <div className="mt-6 flex justify-center">
        <Button variant="primary" onClick={onSignOut}>
          Sign out
        </Button>
      </div>
    </HostedCard>
  );
}
