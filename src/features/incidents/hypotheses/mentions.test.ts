import { describe, expect, it } from 'vitest';
import {
  activeMention,
  commentPlainText,
  insertMention,
  mentionMarkup,
  parseComment,
  serializeComment,
} from './mentions';

const ADA = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';

describe('comment mentions', () => {
  it('parses stored text into text and mentions', () => {
    expect(parseComment(`@[Ada Admin](user:${ADA}) please check, cc @[Bob](user:${BOB}).`)).toEqual(
      [
        { kind: 'mention', display: 'Ada Admin', id: ADA },
        { kind: 'text', text: ' please check, cc ' },
        { kind: 'mention', display: 'Bob', id: BOB },
        { kind: 'text', text: '.' },
      ],
    );
    expect(parseComment('no mentions @ here [x](y)')).toEqual([
      { kind: 'text', text: 'no mentions @ here [x](y)' },
    ]);
    expect(parseComment('')).toEqual([]);
  });

  it('serialises picked mentions, longest name first, and leaves edited ones as text', () => {
    const mentions = [
      { display: 'Ada', id: BOB },
      { display: 'Ada Admin', id: ADA },
    ];
    expect(serializeComment('@Ada Admin and @Ada, not @Adam', mentions)).toBe(
      `@[Ada Admin](user:${ADA}) and @[Ada](user:${BOB}), not @Adam`,
    );
    expect(serializeComment('plain', [])).toBe('plain');
  });

  it('round-trips and keeps markup-breaking characters out of the display', () => {
    const stored = serializeComment('hi @Ada Admin', [{ display: 'Ada Admin', id: ADA }]);
    expect(commentPlainText(stored)).toBe('hi @Ada Admin');
    expect(mentionMarkup({ display: 'Eve [ops] (x)', id: BOB })).toBe(`@[Eve ops x](user:${BOB})`);
  });

  it('finds the mention being typed and inserts the chosen person', () => {
    expect(activeMention('hello @ad', 9)).toEqual({ start: 6, query: 'ad' });
    expect(activeMention('@', 1)).toEqual({ start: 0, query: '' });
    expect(activeMention('mail a@b', 8)).toBeUndefined();
    expect(activeMention('hello @ad more', 14)).toBeUndefined();
    expect(insertMention('hello @ad', 6, 9, 'Ada Admin')).toEqual({
      text: 'hello @Ada Admin ',
      caret: 17,
    });
  });
});
