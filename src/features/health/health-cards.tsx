/**
 * The health dashboard's card layout (`layout=card`): one card per check, under group headings
 * when grouped. The list is virtualised by lines of cards, so 10,000 checks render only what is on
 * screen. Each card is a link that opens the check dialog (`?checkId=`).
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { CheckSummary } from '../../api/types';
import { cx } from '../../lib/class-names';
import { formatDuration, formatUptime } from '../../lib/duration';
import { Badge } from '../../ui/badge';
import { Spinner } from '../../ui/spinner';
import { StatusIcon } from '../../ui/status-icon';
import { checkTitle, displayLatency, type CheckGroup } from './health-pipeline';
import { LastRunCell } from './health-table';

/** Card width bounds (px) and line heights used by the virtualiser. */
const CARD_MIN_WIDTH = 260;
const CARD_GAP = 12;
const CARD_LINE_HEIGHT = 132;
const HEADING_HEIGHT = 44;

type Line =
  | { kind: 'heading'; key: string; group: CheckGroup }
  | { kind: 'cards'; key: string; checks: { check: CheckSummary; title: string }[] };

function useColumns(ref: React.RefObject<HTMLElement | null>): number {
  const [columns, setColumns] = useState(3);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const width = element.clientWidth;
      setColumns(Math.max(1, Math.floor((width + CARD_GAP) / (CARD_MIN_WIDTH + CARD_GAP))));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return columns;
}

function toLines(
  groups: CheckGroup[] | null,
  checks: readonly CheckSummary[],
  columns: number,
): Line[] {
  const lines: Line[] = [];
  const chunk = (key: string, items: { check: CheckSummary; title: string }[]) => {
    for (let index = 0; index < items.length; index += columns) {
      lines.push({
        kind: 'cards',
        key: `${key}:${index}`,
        checks: items.slice(index, index + columns),
      });
    }
  };
  if (!groups) {
    chunk(
      'all',
      checks.map((check) => ({ check, title: checkTitle(check) })),
    );
    return lines;
  }
  for (const group of groups) {
    lines.push({ kind: 'heading', key: `heading:${group.key}`, group });
    chunk(group.key, group.members);
  }
  return lines;
}

function CheckCard({
  check,
  title,
  href,
  onOpen,
}: {
  check: CheckSummary;
  title: string;
  href: string;
  onOpen: (id: string) => void;
}) {
  const status = check.status ?? 'unknown';
  return (
    <a
      href={href}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onOpen(check.id);
      }}
      className={cx(
        'flex h-[120px] min-w-0 flex-col gap-2 rounded-lg border bg-surface p-3 shadow-sm transition-colors hover:border-border-strong hover:bg-surface-hover focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
        status === 'healthy' ? 'border-border' : 'border-unhealthy/60',
      )}
    >
      <span className="flex min-w-0 items-center gap-2">
        <StatusIcon status={status} label={status} />
        <span className="truncate font-medium text-fg" title={check.name}>
          {title}
        </span>
      </span>
      <span className="flex min-w-0 items-center gap-2 text-xs text-fg-muted">
        {check.type ? <Badge>{check.type}</Badge> : null}
        <span className="truncate">
          {[check.canary_namespace ?? check.namespace, check.canary_name]
            .filter(Boolean)
            .join(' / ')}
        </span>
      </span>
      <span className="mt-auto grid grid-cols-3 gap-2 text-xs">
        <span className="flex flex-col">
          <span className="text-fg-subtle">Uptime</span>
          <span className="font-semibold text-fg tabular-nums">{formatUptime(check.uptime)}</span>
        </span>
        <span className="flex flex-col">
          <span className="text-fg-subtle">Latency</span>
          <span className="font-semibold text-fg tabular-nums">
            {formatDuration(displayLatency(check))}
          </span>
        </span>
        <span className="flex min-w-0 flex-col">
          <span className="text-fg-subtle">Last run</span>
          <span className="truncate">
            <LastRunCell value={check.last_runtime} />
          </span>
        </span>
      </span>
    </a>
  );
}

export interface HealthCardsProps {
  groups: CheckGroup[] | null;
  checks: readonly CheckSummary[];
  isLoading: boolean;
  emptyMessage: ReactNode;
  /** The href that opens a check's dialog (keeps the rest of the URL). */
  checkHref: (id: string) => string;
  onOpenCheck: (id: string) => void;
}

export function HealthCards({
  groups,
  checks,
  isLoading,
  emptyMessage,
  checkHref,
  onOpenCheck,
}: HealthCardsProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const columns = useColumns(scrollRef);
  const lines = useMemo(() => toLines(groups, checks, columns), [groups, checks, columns]);
  // TanStack Virtual returns functions that the React Compiler must not memoise.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (lines[index]?.kind === 'heading' ? HEADING_HEIGHT : CARD_LINE_HEIGHT),
    overscan: 4,
  });

  return (
    <div
      ref={scrollRef}
      className="overflow-auto"
      style={{ maxHeight: 'calc(100vh - 16rem)' }}
      aria-busy={isLoading || undefined}
    >
      {lines.length === 0 ? (
        <div className="rounded-lg border border-border bg-surface px-3 py-10 text-center text-sm text-fg-muted">
          {isLoading ? <Spinner label="Loading" /> : emptyMessage}
        </div>
      ) : (
        <ul
          aria-label="Health checks"
          className="relative m-0 list-none p-0"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {virtualizer.getVirtualItems().map((item) => {
            const line = lines[item.index];
            if (!line) return null;
            const style = {
              position: 'absolute' as const,
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${item.start}px)`,
            };
            if (line.kind === 'heading') {
              const { group } = line;
              const total = group.passed + group.failed;
              const state = group.good ? 'good' : group.mixed ? 'mixed' : 'unhealthy';
              return (
                <li key={line.key} style={{ ...style, height: HEADING_HEIGHT }}>
                  <h2 className="flex h-full items-center gap-2 text-sm font-semibold text-fg">
                    <StatusIcon good={group.good} mixed={group.mixed} label={state} />
                    {group.label}
                    <Badge title={`${group.passed} passed of ${total} runs in the last hour`}>
                      {group.passed}/{total}
                    </Badge>
                    <span className="text-xs font-normal text-fg-subtle">
                      {group.members.length} {group.members.length === 1 ? 'check' : 'checks'}
                    </span>
                  </h2>
                </li>
              );
            }
            return (
              <li
                key={line.key}
                style={{
                  ...style,
                  height: CARD_LINE_HEIGHT,
                  display: 'grid',
                  gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                  gap: CARD_GAP,
                }}
              >
                {line.checks.map(({ check, title }) => (
                  <CheckCard
                    key={check.id}
                    check={check}
                    title={title}
                    href={checkHref(check.id)}
                    onOpen={onOpenCheck}
                  />
                ))}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
