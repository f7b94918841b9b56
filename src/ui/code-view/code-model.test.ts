import { describe, expect, it } from 'vitest';
import { enclosingFold, jsonFoldRanges, visibleLines, yamlFoldRanges } from './folding';
import { tokenizeJsonLine, tokenizeYaml, tokenizeYamlLine, type Token } from './highlight';
import {
  applyLineClick,
  formatLineRanges,
  parseLineRanges,
  selectedLines,
  selectedLinesText,
  splitLines,
} from './line-selection';

const kinds = (tokens: Token[]) =>
  tokens.filter((t) => t.text.trim() !== '').map((t) => `${t.kind}:${t.text.trim()}`);

describe('line ranges', () => {
  it('parses and formats the URL form', () => {
    expect([...parseLineRanges('3-7,12')]).toEqual([3, 4, 5, 6, 7, 12]);
    expect(formatLineRanges(new Set([12, 3, 4, 5, 6, 7]))).toBe('3-7,12');
    expect(formatLineRanges([1, 3, 5, 6])).toBe('1,3,5-6');
    expect(formatLineRanges([])).toBe('');
  });

  it('skips bad parts and rejects oversized input', () => {
    expect([...parseLineRanges('x,0,9-3,2, 4 - 5 ,-1,1e3')]).toEqual([2, 4, 5]);
    expect(parseLineRanges('').size).toBe(0);
    expect(parseLineRanges(null).size).toBe(0);
    expect(parseLineRanges('1,'.repeat(600)).size).toBe(0);
    expect(parseLineRanges('99999999').size).toBe(0);
    // A huge range is capped instead of allocating millions of numbers.
    expect(parseLineRanges('1-9999999').size).toBe(100_000);
  });
});

describe('applyLineClick', () => {
  const none = { selected: new Set<number>(), anchor: undefined };

  it('selects one line on a plain click and clears it on a second click', () => {
    const one = applyLineClick(none, { line: 4 });
    expect([...one.selected]).toEqual([4]);
    expect(one.anchor).toBe(4);
    expect(applyLineClick(one, { line: 4 }).selected.size).toBe(0);
    expect([...applyLineClick(one, { line: 9 }).selected]).toEqual([9]);
  });

  it('extends a range from the anchor with shift, in either direction', () => {
    const one = applyLineClick(none, { line: 4 });
    expect([...applyLineClick(one, { line: 7, extend: true }).selected]).toEqual([4, 5, 6, 7]);
    expect([...applyLineClick(one, { line: 2, extend: true }).selected]).toEqual([2, 3, 4]);
    // Without an anchor (selection from the URL) the nearest selected line is the anchor.
    const fromUrl = { selected: new Set([10]), anchor: undefined };
    expect(formatLineRanges(applyLineClick(fromUrl, { line: 12, extend: true }).selected)).toBe(
      '10-12',
    );
  });

  it('toggles single lines with ctrl/cmd and keeps the rest', () => {
    const start = { selected: new Set([3, 4, 5]), anchor: 3 };
    expect(formatLineRanges(applyLineClick(start, { line: 9, toggle: true }).selected)).toBe(
      '3-5,9',
    );
    expect(formatLineRanges(applyLineClick(start, { line: 4, toggle: true }).selected)).toBe('3,5');
  });
});

describe('selected lines text', () => {
  const text = 'a\nb\r\nc\nd\n';
  it('returns the selected lines in order, ignoring numbers past the end', () => {
    expect(splitLines(text)).toEqual(['a', 'b', 'c', 'd']);
    expect(selectedLinesText(text, new Set([4, 2, 99]))).toBe('b\nd');
    expect(selectedLines(text, new Set([3]))).toEqual([{ number: 3, text: 'c' }]);
    expect(selectedLinesText(text, new Set())).toBe('');
  });
});

describe('folding', () => {
  it('folds JSON objects and arrays that span lines, ignoring brackets in strings', () => {
    const lines = JSON.stringify({ a: { b: [1, 2] }, s: '{[', e: [] }, null, 2).split('\n');
    const ranges = jsonFoldRanges(lines);
    expect(lines[0]).toBe('{');
    expect(ranges.get(1)).toBe(lines.length);
    expect(ranges.get(2)).toBe(7); // "a": { … }
    expect(ranges.get(3)).toBe(6); // "b": [ … ]
    expect([...ranges.keys()].sort((a, b) => a - b)).toEqual([1, 2, 3]);
  });

  it('keeps the outer block when two open on one line', () => {
    expect(jsonFoldRanges(['[{', '"a": 1', '},', '{', '}]']).get(1)).toBe(5);
  });

  it('folds YAML blocks by indentation, including lists at the key indent', () => {
    const lines = [
      'metadata:', // 1
      '  name: api', // 2
      '  labels:', // 3
      '    app: api', // 4
      '', // 5
      'containers:', // 6
      '- name: api', // 7
      '  image: x', // 8
      '- name: side', // 9
      'kind: Deployment', // 10
    ];
    const ranges = yamlFoldRanges(lines);
    expect(ranges.get(1)).toBe(4);
    expect(ranges.get(3)).toBe(4);
    expect(ranges.get(6)).toBe(9);
    expect(ranges.get(7)).toBe(8);
    expect(ranges.has(9)).toBe(false);
    expect(ranges.has(10)).toBe(false);
    expect(enclosingFold(ranges, 4)).toBe(3);
    expect(enclosingFold(ranges, 3)).toBe(1);
    expect(enclosingFold(ranges, 10)).toBeUndefined();
  });

  it('lists the visible lines with nested folds hidden with their parent', () => {
    const ranges = new Map([
      [1, 4],
      [3, 4],
      [6, 9],
    ]);
    expect(visibleLines(10, ranges, new Set())).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(visibleLines(10, ranges, new Set([3, 6]))).toEqual([1, 2, 3, 5, 6, 10]);
    expect(visibleLines(10, ranges, new Set([1, 3]))).toEqual([1, 5, 6, 7, 8, 9, 10]);
  });

  it('handles 10,000+ lines quickly', () => {
    const big = JSON.stringify(
      Array.from({ length: 2500 }, (_, i) => ({ id: i, tags: ['a'] })),
      null,
      2,
    ).split('\n');
    expect(big.length).toBeGreaterThan(10_000);
    const started = performance.now();
    const ranges = jsonFoldRanges(big);
    visibleLines(big.length, ranges, new Set([2, 9]));
    big.forEach(tokenizeJsonLine);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('highlighting', () => {
  it('marks JSON keys, strings, numbers, booleans and null', () => {
    expect(kinds(tokenizeJsonLine('  "name": "api", "n": -1.5e3, "ok": true, "x": null'))).toEqual([
      'key:"name"',
      'punctuation::',
      'string:"api"',
      'punctuation:,',
      'key:"n"',
      'punctuation::',
      'number:-1.5e3',
      'punctuation:,',
      'key:"ok"',
      'punctuation::',
      'boolean:true',
      'punctuation:,',
      'key:"x"',
      'punctuation::',
      'null:null',
    ]);
    expect(kinds(tokenizeJsonLine('"a \\" : b": 1'))[0]).toBe('key:"a \\" : b"');
  });

  it('marks YAML keys, scalars by type, comments and list markers', () => {
    expect(kinds(tokenizeYamlLine('  replicas: 4 # scaled'))).toEqual([
      'key:replicas',
      'punctuation::',
      'number:4',
      'comment:# scaled',
    ]);
    expect(kinds(tokenizeYamlLine('- image: ghcr.io/acme/api:4.21.0'))).toEqual([
      'punctuation:-',
      'key:image',
      'punctuation::',
      'string:ghcr.io/acme/api:4.21.0',
    ]);
    expect(kinds(tokenizeYamlLine('ready: false'))).toContain('boolean:false');
    expect(kinds(tokenizeYamlLine('owner: ~'))).toContain('null:~');
    expect(kinds(tokenizeYamlLine('"quoted key": \'v # not a comment\''))).toEqual([
      'key:"quoted key"',
      'punctuation::',
      "string:'v # not a comment'",
    ]);
    expect(kinds(tokenizeYamlLine('# a comment'))).toEqual(['comment:# a comment']);
    expect(kinds(tokenizeYamlLine('url: http://x#frag'))).toEqual([
      'key:url',
      'punctuation::',
      'string:http://x#frag',
    ]);
  });

  it('treats YAML block scalar bodies as strings', () => {
    const lines = ['script: |', '  echo "a: b"', '  # not a comment', 'next: 1'];
    const tokens = tokenizeYaml(lines);
    expect(kinds(tokens[1]!)).toEqual(['string:echo "a: b"']);
    expect(kinds(tokens[2]!)).toEqual(['string:# not a comment']);
    expect(kinds(tokens[3]!)).toEqual(['key:next', 'punctuation::', 'number:1']);
  });
});
