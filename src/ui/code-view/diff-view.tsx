/**
 * A unified diff (config_changes.diff) shown unified or side by side: old and new line numbers,
 * hunk headers, added and removed lines marked with a +/- sign and a tinted background (never by
 * colour alone), long lines scroll horizontally. Empty or unparsable text shows a plain message.
 */
import { Fragment, useId, useMemo, useState } from 'react';
import { cx } from '../../lib/class-names';
import { parseUnifiedDiff, toSplitRows, type DiffHunk, type DiffLine } from './diff-parse';
import { SegmentedToggle } from '../segmented-toggle';

export type DiffMode = 'split' | 'unified';

export interface DiffViewProps {
  /** Unified diff text. */
  diff: string;
  /** Accessible name of the diff region, e.g. 'Diff of payments-api'. */
  label: string;
  /** Initial layout; default unified. */
  defaultMode?: DiffMode;
}

const numberBase =
  'w-[1%] min-w-10 px-2 text-right align-top select-none tabular-nums whitespace-nowrap';
const numberCell = cx(numberBase, 'text-fg-subtle');
/** On the tinted rows the subtle grey falls under 4.5:1 (4.43 on the light red): the muted one. */
const numberOn = (kind: DiffLine['kind']) =>
  cx(numberBase, kind === 'context' ? 'text-fg-subtle' : 'text-fg-muted');
/**
 * The header's counts on the sunken bar: the light theme's green and red take a fifth of the text
 * colour there (the green alone is 4.42:1 on it), so they keep their hue and read at 4.5:1 and more.
 */
const addedCount = 'text-[color-mix(in_srgb,var(--color-healthy),var(--color-fg)_20%)]';
const removedCount = 'text-[color-mix(in_srgb,var(--color-unhealthy),var(--color-fg)_20%)]';
const signCell = 'w-4 pl-1 align-top select-none whitespace-pre';
const textCell = 'pr-4 align-top whitespace-pre';

const rowTone: Record<DiffLine['kind'], string> = {
  add: 'bg-healthy-soft',
  remove: 'bg-unhealthy-soft',
  context: '',
};
const signOf: Record<DiffLine['kind'], string> = { add: '+', remove: '-', context: ' ' };
const kindLabel: Record<DiffLine['kind'], string | undefined> = {
  add: 'Added',
  remove: 'Removed',
  context: undefined,
};

function Sign({ kind }: { kind: DiffLine['kind'] }) {
  const label = kindLabel[kind];
  return (
    <>
      <span aria-hidden="true" className={kind === 'context' ? undefined : 'font-semibold'}>
        {signOf[kind]}
      </span>
      {label ? <span className="sr-only">{label}</span> : null}
    </>
  );
}

function NoNewline() {
  return <span className="ml-2 text-fg-subtle italic">(no newline at end of file)</span>;
}

function HunkHeaderRow({ hunk, columns }: { hunk: DiffHunk; columns: number }) {
  return (
    <tr className="bg-info-soft">
      <td colSpan={columns} className="px-2 py-0.5 whitespace-pre text-fg-muted">
        {hunk.header}
      </td>
    </tr>
  );
}

function UnifiedTable({ hunks }: { hunks: readonly DiffHunk[] }) {
  return (
    <table className="min-w-full border-collapse">
      <thead className="sr-only">
        <tr>
          <th scope="col">Old line</th>
          <th scope="col">New line</th>
          <th scope="col">Change</th>
          <th scope="col">Text</th>
        </tr>
      </thead>
      <tbody>
        {hunks.map((hunk, h) => (
          <Fragment key={h}>
            <HunkHeaderRow hunk={hunk} columns={4} />
            {hunk.lines.map((line, i) => (
              <tr key={i} className={rowTone[line.kind]}>
                <td className={numberOn(line.kind)}>{line.oldNumber ?? ''}</td>
                <td className={numberOn(line.kind)}>{line.newNumber ?? ''}</td>
                <td className={signCell}>
                  <Sign kind={line.kind} />
                </td>
                <td className={textCell}>
                  {line.text}
                  {line.noNewline ? <NoNewline /> : null}
                </td>
              </tr>
            ))}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}

function SplitSide({ line, side }: { line: DiffLine | undefined; side: 'old' | 'new' }) {
  if (!line) {
    return (
      <>
        <td className={cx(numberCell, 'bg-surface-sunken')} />
        <td className={cx(signCell, 'bg-surface-sunken')} />
        <td
          className={cx(
            textCell,
            'w-1/2 bg-surface-sunken',
            side === 'old' && 'border-r border-border',
          )}
        />
      </>
    );
  }
  const tone = rowTone[line.kind];
  return (
    <>
      <td className={cx(numberOn(line.kind), tone)}>
        {side === 'old' ? line.oldNumber : line.newNumber}
      </td>
      <td className={cx(signCell, tone)}>
        <Sign kind={line.kind} />
      </td>
      <td className={cx(textCell, 'w-1/2', tone, side === 'old' && 'border-r border-border')}>
        {line.text}
        {line.noNewline ? <NoNewline /> : null}
      </td>
    </>
  );
}

function SplitTable({ hunks }: { hunks: readonly DiffHunk[] }) {
  return (
    <table className="min-w-full border-collapse">
      <thead className="sr-only">
        <tr>
          <th scope="col">Old line</th>
          <th scope="col">Change</th>
          <th scope="col">Old text</th>
          <th scope="col">New line</th>
          <th scope="col">Change</th>
          <th scope="col">New text</th>
        </tr>
      </thead>
      <tbody>
        {hunks.map((hunk, h) => (
          <Fragment key={h}>
            <HunkHeaderRow hunk={hunk} columns={6} />
            {toSplitRows(hunk.lines).map((row, i) => (
              <tr key={i}>
                <SplitSide line={row.left} side="old" />
                <SplitSide line={row.right} side="new" />
              </tr>
            ))}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}

const modeLabels: Record<DiffMode, string> = { split: 'Side by side', unified: 'Unified' };

export function DiffView({ diff, label, defaultMode = 'unified' }: DiffViewProps) {
  const [mode, setMode] = useState<DiffMode>(defaultMode);
  const parsed = useMemo(() => parseUnifiedDiff(diff), [diff]);
  const headingId = useId();

  if (!parsed) {
    return (
      <section aria-label={label} className="rounded-md border border-border bg-surface p-4">
        <p className="text-sm text-fg-muted">
          {diff.trim() === '' ? 'No differences to show.' : 'This diff cannot be displayed.'}
        </p>
      </section>
    );
  }

  const fileName = parsed.newPath ?? parsed.oldPath;
  return (
    <section
      aria-labelledby={headingId}
      className="overflow-hidden rounded-md border border-border bg-surface"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border bg-surface-sunken px-3 py-1.5">
        <h3 id={headingId} className="flex min-w-0 items-center gap-3 text-sm font-medium text-fg">
          <span className="sr-only">{label}</span>
          {fileName ? (
            <span aria-hidden="true" className="truncate font-mono text-xs">
              {fileName}
            </span>
          ) : null}
          <span className="text-xs font-normal whitespace-nowrap text-fg-muted tabular-nums">
            <span className={addedCount}>+{parsed.additions}</span>{' '}
            <span className={removedCount}>−{parsed.deletions}</span>
            <span className="sr-only">
              {' '}
              ({parsed.additions} added, {parsed.deletions} removed)
            </span>
          </span>
        </h3>
        <SegmentedToggle
          label="Diff layout"
          size="sm"
          value={mode}
          options={(['split', 'unified'] as const).map((value) => ({
            value,
            label: modeLabels[value],
          }))}
          onChange={setMode}
        />
      </div>
      <div
        className="overflow-x-auto font-mono text-xs leading-5 text-fg"
        // A scrolling region must be reachable by keyboard to scroll long lines (WCAG 2.1.1).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        role="region"
        aria-label={`${label} (${modeLabels[mode].toLowerCase()})`}
      >
        {mode === 'split' ? (
          <SplitTable hunks={parsed.hunks} />
        ) : (
          <UnifiedTable hunks={parsed.hunks} />
        )}
      </div>
    </section>
  );
}
