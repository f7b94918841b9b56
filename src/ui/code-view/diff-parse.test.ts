import { describe, expect, it } from 'vitest';
import { parseUnifiedDiff, toSplitRows } from './diff-parse';

const SAMPLE = [
  '--- a/Deployment/payments-api',
  '+++ b/Deployment/payments-api',
  '@@ -8,7 +8,8 @@ spec:',
  '   template:',
  '     spec:',
  '       containers:',
  '-        - image: payments-api:1.4.1',
  '+        - image: payments-api:1.4.2',
  '+          imagePullPolicy: Always',
  '           name: payments-api',
  '           ports:',
  '             - containerPort: 8080',
  '',
].join('\n');

describe('parseUnifiedDiff', () => {
  it('reads file names, hunks, line numbers and counts', () => {
    const parsed = parseUnifiedDiff(SAMPLE);
    expect(parsed).not.toBeNull();
    expect(parsed!.oldPath).toBe('Deployment/payments-api');
    expect(parsed!.newPath).toBe('Deployment/payments-api');
    expect(parsed!.additions).toBe(2);
    expect(parsed!.deletions).toBe(1);
    expect(parsed!.hunks).toHaveLength(1);
    const hunk = parsed!.hunks[0]!;
    expect(hunk.header).toBe('@@ -8,7 +8,8 @@ spec:');
    expect([hunk.oldStart, hunk.oldLines, hunk.newStart, hunk.newLines]).toEqual([8, 7, 8, 8]);
    expect(hunk.lines.map((l) => [l.kind, l.oldNumber, l.newNumber])).toEqual([
      ['context', 8, 8],
      ['context', 9, 9],
      ['context', 10, 10],
      ['remove', 11, undefined],
      ['add', undefined, 11],
      ['add', undefined, 12],
      ['context', 12, 13],
      ['context', 13, 14],
      ['context', 14, 15],
    ]);
    expect(hunk.lines[3]!.text).toBe('        - image: payments-api:1.4.1');
  });

  it('returns null for empty or non-diff text', () => {
    expect(parseUnifiedDiff('')).toBeNull();
    expect(parseUnifiedDiff(null)).toBeNull();
    expect(parseUnifiedDiff(undefined)).toBeNull();
    expect(parseUnifiedDiff('just some text\nwithout hunks')).toBeNull();
    expect(parseUnifiedDiff('--- a/x\n+++ b/x\n')).toBeNull();
  });

  it('handles several hunks, omitted counts, CRLF and the no-newline marker', () => {
    const text =
      '--- a/f\r\n+++ b/f\r\n@@ -1 +1 @@\r\n-a\r\n+b\r\n\\ No newline at end of file\r\n@@ -20,2 +20,0 @@\r\n-x\r\n-y\r\n';
    const parsed = parseUnifiedDiff(text)!;
    expect(parsed.hunks).toHaveLength(2);
    expect(parsed.hunks[0]!.lines[1]).toMatchObject({ kind: 'add', text: 'b', noNewline: true });
    expect(parsed.hunks[1]!.lines.map((l) => l.oldNumber)).toEqual([20, 21]);
    expect(parsed.deletions).toBe(3);
    expect(parsed.additions).toBe(1);
  });

  it('keeps removed lines that look like file headers inside a hunk', () => {
    const parsed = parseUnifiedDiff(
      '--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n--- yaml doc\n+++ other\n x\n',
    )!;
    expect(parsed.hunks[0]!.lines.map((l) => [l.kind, l.text])).toEqual([
      ['remove', '-- yaml doc'],
      ['add', '++ other'],
      ['context', 'x'],
    ]);
  });

  it('treats an empty row inside a hunk as an empty context line', () => {
    const parsed = parseUnifiedDiff('@@ -1,3 +1,3 @@\n a\n\n-b\n+c\n')!;
    expect(parsed.hunks[0]!.lines.map((l) => l.kind)).toEqual([
      'context',
      'context',
      'remove',
      'add',
    ]);
    expect(parsed.hunks[0]!.lines[1]).toMatchObject({ text: '', oldNumber: 2, newNumber: 2 });
  });

  it('treats /dev/null as no file (created config)', () => {
    const parsed = parseUnifiedDiff('--- /dev/null\n+++ b/new\n@@ -0,0 +1,2 @@\n+a\n+b\n')!;
    expect(parsed.oldPath).toBeUndefined();
    expect(parsed.newPath).toBe('new');
    expect(parsed.hunks[0]!.lines.map((l) => l.newNumber)).toEqual([1, 2]);
  });
});

describe('toSplitRows', () => {
  it('pairs removals with additions and keeps context on both sides', () => {
    const hunk = parseUnifiedDiff(SAMPLE)!.hunks[0]!;
    const rows = toSplitRows(hunk.lines);
    expect(rows).toHaveLength(8);
    expect(rows[3]!.left?.text).toContain('1.4.1');
    expect(rows[3]!.right?.text).toContain('1.4.2');
    expect(rows[4]!.left).toBeUndefined();
    expect(rows[4]!.right?.text).toContain('imagePullPolicy');
    expect(rows[0]!.left).toBe(rows[0]!.right);
  });

  it('leaves the right side blank for a pure removal', () => {
    const rows = toSplitRows(parseUnifiedDiff('@@ -1,2 +1,0 @@\n-a\n-b\n')!.hunks[0]!.lines);
    expect(rows.map((r) => [r.left?.text, r.right])).toEqual([
      ['a', undefined],
      ['b', undefined],
    ]);
  });
});
