import { describe, expect, it } from 'vitest';
import { initials } from './avatar';

describe('initials', () => {
  it('uses the first two words', () => {
    expect(initials('Ada Lovelace King')).toBe('AL');
    expect(initials('  admin ')).toBe('A');
    expect(initials('')).toBe('?');
    expect(initials(undefined)).toBe('?');
  });
});
