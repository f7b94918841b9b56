/**
 * The 'Playbooks' menu of a check, config or component: the playbooks runnable on it
 * (`GET /playbook/list`, api.md §10.1), each opening the Run dialog. Shown only to users who may
 * write playbook runs (the caller checks `useCan('playbook_runs', 'write')`).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useApiClient } from '../../api/api-context';
import { errorMessage } from '../../api/client';
import {
  runnablePlaybooksQuery,
  type PlaybookResource,
  type RunnablePlaybook,
} from '../../api/playbook-runnable';
import { cx } from '../../lib/class-names';
import { buttonClasses, type ButtonSize } from '../../ui/button';
import { ChevronDownIcon, PlaybookIcon } from '../../ui/icons';
import { lazyComponent } from '../../ui/lazy-component';
import { Menu, MenuItemButton, MenuText } from '../../ui/menu';

// The Run dialog loads once there is a playbook to run (ahead of the click, so it opens at once),
// not with every page that shows this menu.
const PlaybookRunDialog = lazyComponent(() =>
  import('./playbook-run-dialog').then((m) => m.PlaybookRunDialog),
);

export interface PlaybooksRunMenuProps {
  resource: PlaybookResource;
  size?: ButtonSize;
  /** Extra classes for the trigger (e.g. full width in an action bar). */
  className?: string;
}

export function PlaybooksRunMenu({ resource, size = 'md', className }: PlaybooksRunMenuProps) {
  const client = useApiClient();
  const playbooks = useQuery(runnablePlaybooksQuery(client, resource));
  const [chosen, setChosen] = useState<RunnablePlaybook | null>(null);
  const list = playbooks.data ?? [];
  const hasPlaybooks = list.length > 0;
  useEffect(() => {
    if (hasPlaybooks) PlaybookRunDialog.preload();
  }, [hasPlaybooks]);
  return (
    <>
      <Menu
        trigger={
          <>
            <PlaybookIcon size={16} />
            Playbooks
            <ChevronDownIcon size={14} />
          </>
        }
        triggerClassName={cx(buttonClasses('secondary', size), className)}
        panelClassName="w-64"
      >
        {playbooks.isPending ? (
          <MenuText>Loading playbooks…</MenuText>
        ) : playbooks.isError ? (
          <MenuText className="text-unhealthy">{errorMessage(playbooks.error)}</MenuText>
        ) : list.length === 0 ? (
          <MenuText>No playbooks available</MenuText>
        ) : (
          list.map((playbook) => (
            <MenuItemButton key={playbook.id} onClick={() => setChosen(playbook)}>
              {playbook.title}
            </MenuItemButton>
          ))
        )}
      </Menu>
      {chosen ? (
        <PlaybookRunDialog
          playbook={{ id: chosen.id, title: chosen.title }}
          resource={resource}
          onClose={() => setChosen(null)}
        />
      ) : null}
    </>
  );
}
