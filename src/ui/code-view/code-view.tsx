/**
 * A read-only viewer for JSON or YAML: syntax colours, line numbers, folding of objects, arrays
 * and YAML blocks, and line selection (click a number; shift-click extends from the last click;
 * ctrl/cmd-click adds or removes one line). The selection is controlled so a page can keep it in
 * its URL. Long content (over {@link VIRTUALIZE_AFTER} visible lines) renders only the rows in
 * view.
 *
 * Keyboard: the gutter is one tab stop. Arrow Up/Down (Home/End, Page Up/Down) move between
 * lines, Arrow Right/Left move between a line's number and its fold toggle; Enter or Space on a
 * number selects it (with Shift to extend, Ctrl/Cmd to toggle), on a fold toggle folds or unfolds.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { cx } from '../../lib/class-names';
import { Button } from '../button';
import { copyToClipboard } from '../copy-to-clipboard';
import { ChevronDownIcon, ChevronRightIcon, CopyIcon } from '../icons';
import { foldRanges, visibleLines, type CodeLanguage } from './folding';
import { tokenizeLines, type Token, type TokenKind } from './highlight';
import {
  applyLineClick,
  selectedLinesText,
  splitLines,
  type LineClick,
  type LineSelection,
} from './line-selection';

/** Above this many visible lines only the rows in view are rendered. */
export const VIRTUALIZE_AFTER = 500;
/** Row height in px (text-xs with leading-5). */
const ROW_HEIGHT = 20;
const PAGE_LINES = 20;

export interface CodeViewProps {
  /** The text shown. */
  content: string;
  language: CodeLanguage;
  /** Accessible name, e.g. 'Config of api (YAML)'. */
  label: string;
  /** Selected line numbers (1-based). Without `onSelectedChange` lines cannot be selected. */
  selected?: LineSelection;
  onSelectedChange?: (next: Set<number>) => void;
  /** Height limit of the scrolling area (CSS length); default 70vh. */
  maxHeight?: string;
  className?: string;
}

const tokenClass: Record<TokenKind, string | undefined> = {
  key: 'text-link',
  string: 'text-healthy',
  number: 'text-warning',
  boolean: 'text-unhealthy',
  null: 'text-fg-subtle italic',
  comment: 'text-fg-subtle italic',
  punctuation: 'text-fg-muted',
  plain: undefined,
};

function CodeLine({ tokens }: { tokens: readonly Token[] }) {
  return (
    <>
      {tokens.map((token, index) => (
        <span key={index} className={tokenClass[token.kind]}>
          {token.text}
        </span>
      ))}
    </>
  );
}

type FocusColumn = 'number' | 'fold';

export function CodeView({
  content,
  language,
  label,
  selected = EMPTY,
  onSelectedChange,
  maxHeight = '70vh',
  className,
}: CodeViewProps) {
  const lines = useMemo(() => splitLines(content), [content]);
  const tokens = useMemo(() => tokenizeLines(lines, language), [lines, language]);
  const ranges = useMemo(() => foldRanges(lines, language), [lines, language]);
  const [folded, setFolded] = useState<ReadonlySet<number>>(EMPTY);
  const visible = useMemo(
    () => visibleLines(lines.length, ranges, folded),
    [lines.length, ranges, folded],
  );
  const numberWidth = String(lines.length).length;
  const longest = useMemo(
    () => lines.reduce((max, line) => Math.max(max, line.length), 0),
    [lines],
  );

  const selectable = onSelectedChange !== undefined;
  const anchor = useRef<number | undefined>(undefined);
  const [focus, setFocus] = useState<{ line: number; column: FocusColumn }>({
    line: 1,
    column: 'number',
  });
  const moveFocusPending = useRef(false);
  const scrollRef = useRef<HTMLDivElement>(null);

  // New content: unfold everything and start over.
  useEffect(() => {
    setFolded(EMPTY);
    anchor.current = undefined;
  }, [content, language]);

  const virtual = visible.length > VIRTUALIZE_AFTER;
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: virtual ? visible.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
    enabled: virtual,
  });

  const scrollToLine = useCallback(
    (line: number) => {
      const index = visible.indexOf(line);
      if (index < 0) return;
      if (virtual) {
        virtualizer.scrollToIndex(index, { align: 'auto' });
      } else {
        scrollRef.current
          ?.querySelector(`[data-line="${line}"]`)
          ?.scrollIntoView?.({ block: 'nearest' });
      }
    },
    [visible, virtual, virtualizer],
  );

  // On first show, bring the first selected line into view (a shared link).
  const initialScrollDone = useRef(false);
  useEffect(() => {
    if (initialScrollDone.current) return;
    initialScrollDone.current = true;
    let first = Infinity;
    for (const line of selected) first = Math.min(first, line);
    if (Number.isFinite(first) && first <= lines.length) {
      setFocus({ line: first, column: 'number' });
      requestAnimationFrame(() => {
        const index = visible.indexOf(first);
        if (index < 0) return;
        if (virtual) virtualizer.scrollToIndex(index, { align: 'center' });
        else
          scrollRef.current
            ?.querySelector(`[data-line="${first}"]`)
            ?.scrollIntoView?.({ block: 'center' });
      });
    }
    // Only once, with the selection the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Keyboard moves: focus the new row's button once it is rendered.
  useEffect(() => {
    if (!moveFocusPending.current) return;
    const target = scrollRef.current?.querySelector<HTMLButtonElement>(
      `[data-line="${focus.line}"][data-col="${focus.column}"]`,
    );
    if (target) {
      moveFocusPending.current = false;
      target.focus({ preventScroll: virtual });
    }
  });

  // The one tab stop of the gutter: the focused line if it is shown (and, when only the rows in
  // view are rendered, if it is one of them), else the first line shown.
  const virtualItems = virtual ? virtualizer.getVirtualItems() : [];
  const renderedLines = virtual ? virtualItems.map((item) => visible[item.index]!) : visible;
  const focusLine = renderedLines.includes(focus.line) ? focus.line : (renderedLines[0] ?? 1);
  const focusColumn: FocusColumn =
    focus.line === focusLine && focus.column === 'fold' && ranges.has(focusLine)
      ? 'fold'
      : 'number';

  const select = useCallback(
    (click: LineClick) => {
      if (!onSelectedChange) return;
      const next = applyLineClick({ selected, anchor: anchor.current }, click);
      anchor.current = next.anchor;
      onSelectedChange(new Set(next.selected));
    },
    [onSelectedChange, selected],
  );

  const toggleFold = useCallback((line: number) => {
    setFolded((current) => {
      const next = new Set(current);
      if (next.has(line)) next.delete(line);
      else next.add(line);
      return next;
    });
  }, []);

  const collapseAll = () => {
    const next = new Set<number>();
    for (const [start, end] of ranges) {
      // Folding a root that spans the whole text would leave one line; fold its children.
      if (!(start === 1 && end >= lines.length)) next.add(start);
    }
    setFolded(next);
  };

  const moveTo = (line: number, column: FocusColumn) => {
    moveFocusPending.current = true;
    setFocus({ line, column: column === 'fold' && !ranges.has(line) ? 'number' : column });
    scrollToLine(line);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const target = event.currentTarget;
    const line = Number(target.dataset.line);
    const column = target.dataset.col as FocusColumn | undefined;
    if (!column || !Number.isFinite(line)) return;
    const index = visible.indexOf(line);
    const go = (nextIndex: number) => {
      const clamped = Math.max(0, Math.min(visible.length - 1, nextIndex));
      event.preventDefault();
      moveTo(visible[clamped]!, column);
    };
    switch (event.key) {
      case 'ArrowDown':
        return go(index + 1);
      case 'ArrowUp':
        return go(index - 1);
      case 'PageDown':
        return go(index + PAGE_LINES);
      case 'PageUp':
        return go(index - PAGE_LINES);
      case 'Home':
        return go(0);
      case 'End':
        return go(visible.length - 1);
      case 'ArrowRight':
        event.preventDefault();
        if (column === 'number' && ranges.has(line)) moveTo(line, 'fold');
        else if (column === 'fold' && folded.has(line)) toggleFold(line);
        return;
      case 'ArrowLeft':
        event.preventDefault();
        if (column === 'fold' && !folded.has(line)) toggleFold(line);
        else if (column === 'fold') moveTo(line, 'number');
        return;
      case 'Enter':
      case ' ':
        if (column === 'number') {
          event.preventDefault();
          select({ line, extend: event.shiftKey, toggle: event.ctrlKey || event.metaKey });
        }
        return;
      default:
    }
  };

  const onNumberClick = (event: MouseEvent<HTMLButtonElement>, line: number) => {
    // Keyboard activation is handled in onKeyDown (detail 0 = not a pointer click).
    if (event.detail === 0) return;
    setFocus({ line, column: 'number' });
    select({ line, extend: event.shiftKey, toggle: event.ctrlKey || event.metaKey });
  };

  const renderRow = (line: number, style?: CSSProperties) => {
    const isSelected = selected.has(line);
    const end = ranges.get(line);
    const isFolded = folded.has(line);
    const tabbable = line === focusLine;
    return (
      <div
        key={line}
        style={style}
        className={cx(
          'flex h-5 min-w-full',
          isSelected ? 'bg-primary-soft' : 'hover:bg-surface-hover',
        )}
      >
        <div
          className={cx(
            'sticky left-0 z-[1] flex shrink-0 border-r border-border',
            isSelected
              ? 'bg-primary-soft shadow-[inset_3px_0_0_var(--color-primary)]'
              : 'bg-surface',
          )}
        >
          {selectable ? (
            <button
              type="button"
              data-line={line}
              data-col="number"
              tabIndex={tabbable && focusColumn === 'number' ? 0 : -1}
              aria-pressed={isSelected}
              aria-label={`Line ${line}`}
              onClick={(event) => onNumberClick(event, line)}
              onKeyDown={onKeyDown}
              onFocus={() => setFocus({ line, column: 'number' })}
              className={cx(
                'pr-2 pl-3 text-right tabular-nums select-none',
                'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary',
                isSelected ? 'font-semibold text-fg' : 'text-fg-subtle hover:text-fg',
              )}
              style={{ minWidth: `calc(${numberWidth}ch + 1.25rem)` }}
            >
              {line}
            </button>
          ) : (
            <span
              className="pr-2 pl-3 text-right text-fg-subtle tabular-nums select-none"
              style={{ minWidth: `calc(${numberWidth}ch + 1.25rem)` }}
            >
              {line}
            </span>
          )}
          <span className="flex w-5 items-center justify-center">
            {end !== undefined ? (
              <button
                type="button"
                data-line={line}
                data-col="fold"
                tabIndex={!selectable || (tabbable && focusColumn === 'fold') ? 0 : -1}
                aria-expanded={!isFolded}
                aria-label={`${isFolded ? 'Unfold' : 'Fold'} lines ${line}–${end}`}
                onClick={() => toggleFold(line)}
                onKeyDown={onKeyDown}
                onFocus={() => setFocus({ line, column: 'fold' })}
                className={cx(
                  'flex size-4 items-center justify-center rounded-sm text-fg-subtle hover:bg-surface-hover hover:text-fg',
                  'focus-visible:outline-2 focus-visible:outline-primary',
                )}
              >
                {isFolded ? <ChevronRightIcon size={12} /> : <ChevronDownIcon size={12} />}
              </button>
            ) : null}
          </span>
        </div>
        <span className="pr-4 pl-2 whitespace-pre">
          <CodeLine tokens={tokens[line - 1] ?? []} />
          {isFolded && end !== undefined ? (
            <span className="ml-2 rounded-sm border border-border bg-surface-sunken px-1 text-fg-muted not-italic">
              … {end - line} lines
            </span>
          ) : null}
        </span>
      </div>
    );
  };

  const copyText = selected.size > 0 ? selectedLinesText(content, selected) : content;
  const selectedCount = [...selected].filter((n) => n <= lines.length).length;

  return (
    <div className={cx('overflow-hidden rounded-md border border-border bg-surface', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border bg-surface-sunken px-3 py-1.5 text-xs text-fg-muted">
        <p aria-live="polite" className="tabular-nums">
          {lines.length.toLocaleString()} {lines.length === 1 ? 'line' : 'lines'}
          {selectedCount > 0 ? (
            <>
              {' · '}
              <span className="font-medium text-fg">{selectedCount.toLocaleString()} selected</span>
            </>
          ) : null}
        </p>
        <div className="flex flex-wrap items-center gap-1">
          {selectedCount > 0 && onSelectedChange ? (
            <Button
              size="sm"
              variant="ghost"
              className="h-7 px-2 text-xs"
              onClick={() => {
                anchor.current = undefined;
                onSelectedChange(new Set());
              }}
            >
              Clear selection
            </Button>
          ) : null}
          {ranges.size > 0 ? (
            <>
              <Button size="sm" variant="ghost" className="h-7 px-2 text-xs" onClick={collapseAll}>
                Collapse all
              </Button>
              <Button
                size="sm"
                variant="ghost"
                className="h-7 px-2 text-xs"
                onClick={() => setFolded(EMPTY)}
                disabled={folded.size === 0}
              >
                Expand all
              </Button>
            </>
          ) : null}
          <Button
            size="sm"
            variant="ghost"
            className="h-7 px-2 text-xs"
            icon={<CopyIcon size={14} />}
            onClick={() => void copyToClipboard(copyText)}
          >
            {selectedCount > 0 ? 'Copy selected' : 'Copy'}
          </Button>
        </div>
      </div>
      <div
        ref={scrollRef}
        role="group"
        aria-label={label}
        className="overflow-auto font-mono text-xs leading-5 text-fg"
        style={{ maxHeight }}
      >
        {virtual ? (
          <div
            className="relative"
            style={{
              height: virtualizer.getTotalSize(),
              minWidth: `calc(${longest + numberWidth + 4}ch + 3.5rem)`,
            }}
          >
            {virtualItems.map((item) =>
              renderRow(visible[item.index]!, {
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                transform: `translateY(${item.start}px)`,
              }),
            )}
          </div>
        ) : (
          <div className="w-max min-w-full py-1">{visible.map((line) => renderRow(line))}</div>
        )}
      </div>
    </div>
  );
}

const EMPTY: ReadonlySet<number> = new Set();
