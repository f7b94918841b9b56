/**
 * /playbooks (spec doc 3 §2.10): the playbooks as cards grouped by category ('Other' when none),
 * from `GET /playbook_names`. Writers on playbooks create, edit and delete specs and run them;
 * every card links to its runs.
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'wouter';
import { useApiClient } from '../../api/api-context';
import { errorMessage } from '../../api/client';
import { groupByCategory } from '../../api/playbooks-logic';
import { playbookQueries, useDeletePlaybook, type PlaybookName } from '../../api/playbooks';
import { ComponentIcon } from '../../entities/topology-card/component-icon';
import { useCan } from '../../rbac/use-can';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import {
  AlertCircleIcon,
  MoreVerticalIcon,
  PlaybookIcon,
  PlusIcon,
  SettingsIcon,
  TrashIcon,
} from '../../ui/icons';
import { lazyComponent } from '../../ui/lazy-component';
import { Menu, MenuItemButton } from '../../ui/menu';
import { usePageRefresh } from '../../ui/page-refresh';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import { playbooksPaths } from './playbooks-paths';
import { PlaybooksSections } from './playbooks-sections';

// The spec dialog (its YAML editor and the `yaml` package) loads when it is first opened.
const PlaybookSpecDialog = lazy(async () => ({
  default: (await import('./playbook-spec-dialog')).PlaybookSpecDialog,
}));
// The Run dialog (parameters, their fields) loads when a playbook is first run.
const PlaybookRunDialog = lazyComponent(() =>
  import('../../entities/playbook/playbook-run-dialog').then((m) => m.PlaybookRunDialog),
);

type Dialogs =
  | { kind: 'create' }
  | { kind: 'edit'; playbook: PlaybookName }
  | { kind: 'delete'; playbook: PlaybookName }
  | { kind: 'run'; playbook: PlaybookName }
  | null;

function PlaybookCard({
  playbook,
  canWrite,
  onOpen,
}: {
  playbook: PlaybookName;
  canWrite: boolean;
  onOpen: (dialog: Dialogs) => void;
}) {
  const title = playbook.title || playbook.name;
  return (
    <li
      className="flex min-h-36 flex-col gap-3 rounded-lg border border-border bg-surface-raised p-4 shadow-sm"
      aria-label={title}
    >
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-surface-sunken text-fg-muted">
          <ComponentIcon icon={playbook.icon ?? 'playbook'} size={20} />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="m-0 line-clamp-2 text-sm font-semibold break-words text-fg" title={title}>
            {title}
          </h3>
          <p className="m-0 truncate text-xs text-fg-subtle">{playbook.name}</p>
        </div>
        {canWrite ? (
          <Menu
            trigger={<MoreVerticalIcon size={16} />}
            triggerLabel={`Actions for ${title}`}
            triggerClassName="size-8 shrink-0"
            panelClassName="w-40"
          >
            <MenuItemButton
              icon={<SettingsIcon size={14} />}
              onClick={() => onOpen({ kind: 'edit', playbook })}
            >
              Edit
            </MenuItemButton>
            <MenuItemButton
              icon={<TrashIcon size={14} />}
              onClick={() => onOpen({ kind: 'delete', playbook })}
            >
              Delete
            </MenuItemButton>
          </Menu>
        ) : null}
      </div>
      <p className="m-0 line-clamp-2 flex-1 text-sm text-fg-muted">
        {playbook.description || 'No description.'}
      </p>
      <div className="flex items-center justify-between gap-2">
        <Link
          href={playbooksPaths.runs({ playbookId: playbook.id })}
          className="rounded text-sm text-link hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          aria-label={`Runs of ${title}`}
        >
          Runs
        </Link>
        {canWrite ? (
          <Button
            size="sm"
            variant="primary"
            onClick={() => onOpen({ kind: 'run', playbook })}
            aria-label={`Run ${title}`}
          >
            Run
          </Button>
        ) : null}
      </div>
    </li>
  );
}

export function PlaybookCardsPage() {
  const client = useApiClient();
  const names = useQuery(playbookQueries.names(client));
  const canWrite = useCan('playbooks', 'write');
  const [dialog, setDialog] = useState<Dialogs>(null);
  const remove = useDeletePlaybook();
  usePageRefresh(() => void names.refetch(), names.isFetching);
  const groups = groupByCategory(names.data ?? []);

  const confirmDelete = (playbook: PlaybookName) => {
    const title = playbook.title || playbook.name;
    remove.mutate(playbook.id, {
      onSuccess: () => {
        setDialog(null);
        toast.success(`${title} deleted successfully`);
      },
      onError: (error) => {
        setDialog(null);
        toast.error(`Unable to delete playbook spec: ${errorMessage(error)}`);
      },
    });
  };

  let content;
  if (names.isPending) {
    content = (
      <div className="flex justify-center py-12">
        <Spinner label="Loading playbooks" />
      </div>
    );
  } else if (names.isError) {
    content = (
      <EmptyState
        icon={<AlertCircleIcon size={22} />}
        title="Playbooks could not be loaded"
        description={errorMessage(names.error)}
        actions={
          <Button variant="primary" onClick={() => void names.refetch()}>
            Try again
          </Button>
        }
      />
    );
  } else if (groups.length === 0) {
    content = (
      <EmptyState
        icon={<PlaybookIcon size={22} />}
        title="No playbooks"
        description="A playbook is a list of actions run on a check, a config or a component."
      />
    );
  } else {
    content = (
      <div className="flex flex-col gap-6">
        {groups.map((group) => (
          <section key={group.category} aria-labelledby={`category-${group.category}`}>
            <h2
              id={`category-${group.category}`}
              className="mb-2 text-xs font-semibold tracking-wide text-fg-muted uppercase"
            >
              {group.category}
              <span className="ml-2 font-normal text-fg-subtle tabular-nums">
                {group.playbooks.length}
              </span>
            </h2>
            <ul className="m-0 grid list-none grid-cols-[repeat(auto-fill,minmax(260px,1fr))] gap-3 p-0">
              {group.playbooks.map((playbook) => (
                <PlaybookCard
                  key={playbook.id}
                  playbook={playbook}
                  canWrite={canWrite}
                  onOpen={setDialog}
                />
              ))}
            </ul>
          </section>
        ))}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <p className="m-0 text-sm text-fg-muted">
          {names.data ? `${names.data.length.toLocaleString('en-US')} playbooks` : '\u00a0'}
        </p>
        {canWrite ? (
          <Button
            variant="primary"
            icon={<PlusIcon size={16} />}
            onClick={() => setDialog({ kind: 'create' })}
          >
            New Playbook
          </Button>
        ) : null}
      </div>
      {content}
      <Suspense fallback={null}>
        {dialog?.kind === 'create' ? <PlaybookSpecDialog onClose={() => setDialog(null)} /> : null}
        {dialog?.kind === 'edit' ? (
          <PlaybookSpecDialog playbookId={dialog.playbook.id} onClose={() => setDialog(null)} />
        ) : null}
      </Suspense>
      {dialog?.kind === 'run' ? (
        <PlaybookRunDialog
          playbook={{
            id: dialog.playbook.id,
            title: dialog.playbook.title || dialog.playbook.name,
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={`Delete ${dialog?.kind === 'delete' ? dialog.playbook.title || dialog.playbook.name : 'playbook'}?`}
        description="The playbook is removed from the list; its past runs stay."
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => {
          if (dialog?.kind === 'delete') confirmDelete(dialog.playbook);
        }}
        onCancel={() => setDialog(null)}
      />
    </div>
  );
}

/** `/playbooks` in the route table: the section tabs and the cards. */
export function PlaybooksListRoute() {
  return (
    <>
      <PlaybooksSections current="list" />
      <PlaybookCardsPage />
    </>
  );
}
