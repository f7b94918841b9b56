export { DiffView, type DiffMode, type DiffViewProps } from './diff-view';
export {
  parseUnifiedDiff,
  toSplitRows,
  type DiffHunk,
  type DiffLine,
  type ParsedDiff,
} from './diff-parse';
export { CodeView, VIRTUALIZE_AFTER, type CodeViewProps } from './code-view';
export type { CodeLanguage } from './folding';
export {
  applyLineClick,
  formatLineRanges,
  parseLineRanges,
  selectedLines,
  selectedLinesText,
  type LineSelection,
  type SelectedLine,
} from './line-selection';
