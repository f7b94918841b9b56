export { DiffView, type DiffMode, type DiffViewProps } from './diff-view';
export {
  parseUnifiedDiff,
  toSplitRows,
  type DiffHunk,
  type DiffLine,
  type ParsedDiff,
} from './diff-parse';
