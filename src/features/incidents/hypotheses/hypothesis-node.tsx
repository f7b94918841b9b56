/**
 * One node of the hypothesis tree: its type, title (autosaved 1 s after the last keystroke),
 * status (autosaved after 200 ms), actions, and — when open — its evidence and children. Closed
 * nodes render no subtree; nodes are memoised and subscribe to their own children and open state.
 */
import { memo, useId, useState, type ChangeEvent } from 'react';
import {
  childHypothesisType,
  HYPOTHESIS_STATUSES,
  hypothesisStatusLabel,
  INLINE_HYPOTHESIS_STATUS_DEFAULT,
  type HypothesisDetail,
} from '../../../api/incident-model';
import { cx } from '../../../lib/class-names';
import { Badge, type BadgeTone } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import {
  ChevronDownIcon,
  ChevronRightIcon,
  CloseIcon,
  MoreVerticalIcon,
  PlusIcon,
  TrashIcon,
} from '../../../ui/icons';
import { Menu, MenuDivider, MenuItemButton } from '../../../ui/menu';
import { useActionPlan, useChildren, useIsOpen, useIsShown } from './action-plan-context';
import { HypothesisEvidenceList } from './hypothesis-evidence';
import { useDebouncedSave } from './use-debounced-save';

/** Status autosave delay (spec doc 2 §9). */
export const STATUS_SAVE_DELAY_MS = 200;
/** Title autosave delay (spec doc 2 §9). */
export const TITLE_SAVE_DELAY_MS = 1000;

const TYPE_LABELS: Record<string, string> = {
  root: 'Root',
  factor: 'Factor',
  solution: 'Solution',
};

const STATUS_TONES: Record<string, BadgeTone> = {
  proven: 'healthy',
  likely: 'warning',
  possible: 'primary',
  unlikely: 'neutral',
  improbable: 'unknown',
  disproven: 'unhealthy',
};

export function hypothesisTypeLabel(type: string | null | undefined): string {
  return TYPE_LABELS[type ?? ''] ?? (type ? hypothesisStatusLabel(type) : 'Hypothesis');
}

export function statusTone(status: string | null | undefined): BadgeTone {
  return STATUS_TONES[status ?? ''] ?? 'neutral';
}

const statusDot: Record<BadgeTone, string> = {
  healthy: 'bg-healthy',
  warning: 'bg-warning',
  primary: 'bg-primary',
  neutral: 'bg-fg-subtle',
  unknown: 'bg-unknown',
  unhealthy: 'bg-unhealthy',
};

/** The server's value, unless the user has changed it since (pending save). */
function useEditable(server: string, pendingCheck: () => boolean) {
  const [local, setLocal] = useState(server);
  const [seen, setSeen] = useState(server);
  if (server !== seen) {
    setSeen(server);
    if (!pendingCheck()) setLocal(server);
  }
  return [local, setLocal] as const;
}

function StatusSelect({ hypothesis }: { hypothesis: HypothesisDetail }) {
  const { actions } = useActionPlan();
  const save = useDebouncedSave<string>(STATUS_SAVE_DELAY_MS, (status) =>
    actions.saveStatus(hypothesis, status),
  );
  const [status, setStatus] = useEditable(
    hypothesis.status || INLINE_HYPOTHESIS_STATUS_DEFAULT,
    save.isPending,
  );
  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    setStatus(event.target.value);
    save.schedule(event.target.value);
  };
  return (
    <span className="relative inline-flex items-center">
      <span
        aria-hidden="true"
        className={cx(
          'pointer-events-none absolute left-2 size-2 rounded-full',
          statusDot[statusTone(status)],
        )}
      />
      <select
        value={status}
        onChange={onChange}
        aria-label={`Status of ${hypothesis.title || '(no title)'}`}
        data-testid="hypothesis-status"
        className="h-7 cursor-pointer appearance-none rounded-md border border-border bg-surface py-0 pr-6 pl-5 text-xs font-medium text-fg hover:border-border-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary"
      >
        {HYPOTHESIS_STATUSES.map((value) => (
          <option key={value} value={value}>
            {hypothesisStatusLabel(value)}
          </option>
        ))}
      </select>
      <ChevronDownIcon size={12} className="pointer-events-none absolute right-1.5 text-fg-muted" />
    </span>
  );
}

function TitleInput({ hypothesis }: { hypothesis: HypothesisDetail }) {
  const { actions } = useActionPlan();
  const save = useDebouncedSave<string>(TITLE_SAVE_DELAY_MS, (title) =>
    actions.saveTitle(hypothesis, title),
  );
  const [title, setTitle] = useEditable(hypothesis.title ?? '', save.isPending);
  return (
    <input
      value={title}
      onChange={(event) => {
        setTitle(event.target.value);
        save.schedule(event.target.value);
      }}
      onBlur={save.flush}
      maxLength={500}
      placeholder="(no title)"
      aria-label={`Title of ${hypothesisTypeLabel(hypothesis.type).toLowerCase()} hypothesis`}
      data-testid="hypothesis-title"
      className="min-w-0 flex-1 truncate rounded-md border border-transparent bg-transparent px-1.5 py-1 text-sm font-medium text-fg placeholder:text-fg-subtle placeholder:italic hover:border-border focus:border-border focus:bg-surface focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary"
    />
  );
}

/**
 * The node's menu. Hundreds of nodes each mounting a Headless UI menu made Expand All slow; the
 * shared Menu mounts its machinery only when its button is approached (src/ui/menu.tsx).
 */
function NodeMenu({ hypothesis }: { hypothesis: HypothesisDetail }) {
  const label = `Actions for ${hypothesis.title || '(no title)'}`;
  return (
    <span className="inline-flex shrink-0">
      <NodeMenuItems hypothesis={hypothesis} label={label} />
    </span>
  );
}

function NodeMenuItems({ hypothesis, label }: { hypothesis: HypothesisDetail; label: string }) {
  const { actions } = useActionPlan();
  const childType = childHypothesisType(hypothesis.type);
  return (
    <Menu trigger={<MoreVerticalIcon />} triggerLabel={label} triggerClassName="size-7">
      {childType ? (
        <MenuItemButton
          icon={<PlusIcon />}
          onClick={() => actions.openCreate(hypothesis, childType)}
        >
          Add {hypothesisTypeLabel(childType).toLowerCase()}
        </MenuItemButton>
      ) : null}
      <MenuItemButton
        icon={<CloseIcon />}
        disabled={hypothesis.status === 'disproven'}
        onClick={() => actions.disprove(hypothesis)}
      >
        Disprove Hypothesis
      </MenuItemButton>
      <MenuDivider />
      <MenuItemButton icon={<TrashIcon />} onClick={() => actions.openDelete(hypothesis)}>
        Delete
      </MenuItemButton>
    </Menu>
  );
}

export interface HypothesisNodeProps {
  hypothesis: HypothesisDetail;
  depth: number;
  isRoot: boolean;
}

export const HypothesisNode = memo(function HypothesisNode({
  hypothesis,
  depth,
  isRoot,
}: HypothesisNodeProps) {
  const { canWrite, expansion, actions } = useActionPlan();
  const children = useChildren(hypothesis.id);
  const open = useIsOpen(hypothesis.id, isRoot);
  const showBody = useIsShown(hypothesis.id, isRoot);
  const bodyId = useId();
  const childType = childHypothesisType(hypothesis.type);
  const evidenceCount = hypothesis.evidences?.length ?? 0;
  const commentCount = hypothesis.comments?.length ?? 0;
  const title = hypothesis.title || '(no title)';
  const disproven = hypothesis.status === 'disproven';
  return (
    <li
      className="list-none"
      data-hypothesis-id={hypothesis.id}
      data-hypothesis-type={hypothesis.type ?? undefined}
      data-title={hypothesis.title ?? ''}
      data-status={hypothesis.status ?? undefined}
      data-open={open || undefined}
    >
      <div
        className={cx(
          'group flex min-w-0 items-center gap-1.5 rounded-md border border-border bg-surface-raised py-1 pr-1 pl-1.5 shadow-xs',
          disproven && 'opacity-70',
        )}
      >
        {isRoot ? (
          <span className="inline-flex size-7 shrink-0 items-center justify-center text-fg-subtle">
            <ChevronDownIcon />
          </span>
        ) : (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={open && showBody ? bodyId : undefined}
            aria-label={`${open ? 'Collapse' : 'Expand'} ${title}`}
            onClick={() => expansion.toggle(hypothesis.id)}
            className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-fg-muted hover:bg-surface-hover hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          >
            {open ? <ChevronDownIcon /> : <ChevronRightIcon />}
          </button>
        )}
        <Badge tone={isRoot ? 'primary' : 'neutral'} className="shrink-0">
          {hypothesisTypeLabel(hypothesis.type)}
        </Badge>
        {canWrite ? (
          <TitleInput hypothesis={hypothesis} />
        ) : (
          <span
            className={cx(
              'min-w-0 flex-1 truncate px-1.5 text-sm font-medium',
              !hypothesis.title && 'text-fg-subtle italic',
              disproven && 'line-through',
            )}
            title={title}
          >
            {title}
          </span>
        )}
        <span className="hidden shrink-0 items-center gap-1 text-xs text-fg-muted sm:inline-flex">
          {evidenceCount > 0 ? (
            <span title={`${evidenceCount} evidence`}>{evidenceCount} evidence</span>
          ) : null}
          {commentCount > 0 ? (
            <span title={`${commentCount} comments`}>
              · {commentCount} {commentCount === 1 ? 'comment' : 'comments'}
            </span>
          ) : null}
          {!open && children.length > 0 ? (
            <span>
              · {children.length} {children.length === 1 ? 'child' : 'children'}
            </span>
          ) : null}
        </span>
        {canWrite ? (
          <StatusSelect hypothesis={hypothesis} />
        ) : (
          <Badge tone={statusTone(hypothesis.status)} className="shrink-0">
            {hypothesisStatusLabel(hypothesis.status || INLINE_HYPOTHESIS_STATUS_DEFAULT)}
          </Badge>
        )}
        {canWrite ? <NodeMenu hypothesis={hypothesis} /> : null}
      </div>
      {open && showBody ? (
        <div id={bodyId} className="mt-2 ml-3.5 flex flex-col gap-2 border-l border-border pl-4">
          <HypothesisEvidenceList hypothesis={hypothesis} />
          {children.length > 0 ? (
            <ul
              className="m-0 flex flex-col gap-2 p-0"
              aria-label={`${hypothesisTypeLabel(childType)} hypotheses of ${title}`}
            >
              {children.map((child) => (
                <HypothesisNode
                  key={child.id}
                  hypothesis={child}
                  depth={depth + 1}
                  isRoot={false}
                />
              ))}
            </ul>
          ) : null}
          {canWrite && childType ? (
            <Button
              variant="ghost"
              size="sm"
              icon={<PlusIcon />}
              className="self-start"
              onClick={() => actions.openCreate(hypothesis, childType)}
            >
              Add {hypothesisTypeLabel(childType).toLowerCase()}
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
});
