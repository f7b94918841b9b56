import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it('keeps same-origin relative paths', () => {
    expect(safeReturnTo('/health?hidePassing=false')).toBe('/health?hidePassing=false');
  });
  it('rejects everything else', () => {
    for (const bad of [null, '', 'https://evil.test', '//evil.test', '/\\evil.test', 'health']) {
      expect(safeReturnTo(bad)).toBe('/');
    }
  });
});
