/**
 * The runs columns (playbook, resource, status, started, duration, created): shared by the runs
 * list and any scoped list of runs in this feature.
 */
import type { ColumnDef } from '@tanstack/react-table';
import { elapsedMs, statusLabel } from '../../api/playbooks-logic';
import type { PlaybookRunRow } from '../../api/playbooks';
import { formatDuration } from '../../lib/duration';
import { RelativeTime } from '../../ui/relative-time';
import { playbooksPaths } from './playbooks-paths';
import { RunStatus } from './run-status';
import { RowLink } from '../../ui/row-link';

const linkClass =
  'truncate rounded text-link hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

export function runTitle(run: Pick<PlaybookRunRow, 'playbooks' | 'playbook_id'>): string {
  return run.playbooks?.title || run.playbooks?.name || run.playbook_id;
}

/** The resource a run ran on: its kind, name and page. */
export function runResource(
  run: PlaybookRunRow,
): { kind: string; name: string; href: string } | null {
  if (run.check_id) {
    return {
      kind: 'Check',
      name: run.check?.name ?? run.check_id,
      href: playbooksPaths.check(run.check_id),
    };
  }
  if (run.config_id) {
    return {
      kind: 'Config',
      name: run.config?.name ?? run.config_id,
      href: playbooksPaths.config(run.config_id),
    };
  }
  if (run.component_id) {
    return {
      kind: 'Component',
      name: run.component?.name ?? run.component_id,
      href: playbooksPaths.component(run.component_id),
    };
  }
  return null;
}

export function runColumns(): ColumnDef<PlaybookRunRow>[] {
  return [
    {
      id: 'playbook',
      header: 'Playbook',
      accessorFn: (run) => runTitle(run),
      enableSorting: false,
      size: 240,
      meta: { fill: true },
      cell: ({ row }) => {
        const run = row.original;
        return (
          <span className="flex max-w-md min-w-0 flex-col">
            <RowLink href={playbooksPaths.run(run.id)} className={`${linkClass} font-medium`}>
              {runTitle(run)}
            </RowLink>
            {run.error ? (
              <span className="truncate text-xs text-unhealthy" title={run.error}>
                {run.error}
              </span>
            ) : null}
          </span>
        );
      },
    },
    {
      id: 'resource',
      header: 'Resource',
      accessorFn: (run) => runResource(run)?.name ?? '',
      enableSorting: false,
      size: 220,
      cell: ({ row }) => {
        const resource = runResource(row.original);
        if (!resource) return <span className="text-fg-subtle">-</span>;
        return (
          <span className="flex min-w-0 items-center gap-1.5">
            <span className="shrink-0 text-xs text-fg-subtle">{resource.kind}</span>
            <RowLink href={resource.href} className={linkClass}>
              {resource.name}
            </RowLink>
          </span>
        );
      },
    },
    {
      id: 'status',
      header: 'Status',
      accessorFn: (run) => run.status,
      enableSorting: true,
      size: 160,
      meta: { csv: (run: PlaybookRunRow) => statusLabel(run.status) },
      cell: ({ row }) => <RunStatus status={row.original.status} />,
    },
    {
      id: 'start_time',
      header: 'Started',
      accessorFn: (run) => run.start_time ?? '',
      enableSorting: true,
      size: 140,
      cell: ({ row }) => (
        <RelativeTime
          value={row.original.start_time ?? row.original.scheduled_time}
          prefix={row.original.start_time ? undefined : 'Scheduled '}
          className="text-fg-muted"
        />
      ),
    },
    {
      id: 'duration',
      header: 'Duration',
      accessorFn: (run) => elapsedMs(run) ?? '',
      enableSorting: false,
      size: 100,
      cell: ({ row }) => (
        <span className="tabular-nums">{formatDuration(elapsedMs(row.original))}</span>
      ),
    },
    {
      id: 'created_at',
      header: 'Created',
      accessorFn: (run) => run.created_at,
      enableSorting: true,
      size: 140,
      cell: ({ row }) => <RelativeTime value={row.original.created_at} className="text-fg-muted" />,
    },
  ];
}
