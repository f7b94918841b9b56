import { describe, expect, it } from 'vitest';
import { readParams, param, writeParams } from './url-state';
import {
  parseTriStateList,
  serializeTriStateList,
  toFilterList,
  triStateListCodec,
} from './tri-state-list';

describe('tri-state list encoding', () => {
  it('reads value:1 as include and value:-1 as exclude, with escaped colons and commas', () => {
    expect(parseTriStateList('SUCCESS:-1,FAILED:1')).toEqual({ SUCCESS: -1, FAILED: 1 });
    expect(parseTriStateList('a____b:1,c||||d:-1')).toEqual({ 'a:b': 1, 'c,d': -1 });
    expect(serializeTriStateList({ 'a:b': 1, 'c,d': -1 })).toBe('a____b:1,c||||d:-1');
  });

  it('rejects malformed items so the default applies', () => {
    expect(parseTriStateList('SUCCESS')).toBeUndefined();
    expect(parseTriStateList('SUCCESS:2')).toBeUndefined();
    const schema = { status: param(triStateListCodec, { SUCCESS: -1 as const }) };
    expect(readParams('status=bad', schema).status).toEqual({ SUCCESS: -1 });
    expect(readParams('', schema).status).toEqual({ SUCCESS: -1 });
    expect(readParams('status=FAILED:1', schema).status).toEqual({ FAILED: 1 });
    // The default is left out of the URL; an empty choice is written (clears the default).
    expect(writeParams('', schema, { status: { SUCCESS: -1 } })).toBe('');
    expect(writeParams('', schema, { status: { RUNNING: 1 } })).toBe('status=RUNNING%3A1');
  });

  it('builds the .filter list', () => {
    expect(toFilterList({ SUCCESS: -1 })).toBe('!SUCCESS');
    expect(toFilterList({ canary: 1, topology: 1, FAILED: -1 })).toBe('canary,topology,!FAILED');
    expect(toFilterList({})).toBeUndefined();
  });
});
