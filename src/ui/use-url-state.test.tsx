import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { numberCodec, param, stringCodec } from '../lib/url-state';
import { useUrlState } from './use-url-state';

const schema = {
  sortBy: param(stringCodec, 'created_at'),
  page: param(numberCodec({ min: 0, integer: true }), 0),
};

function setup(search = '') {
  const location = memoryLocation({ path: '/list', searchPath: search, record: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Router hook={location.hook} searchHook={location.searchHook}>
      {children}
    </Router>
  );
  return { location, wrapper };
}

describe('useUrlState', () => {
  it('keeps the same setter across URL changes (columns built once keep working)', () => {
    const { wrapper } = setup();
    const readAhead = vi.fn();
    const { result } = renderHook(() => useUrlState(schema, { readAhead }), { wrapper });
    const [, setFirst, previewFirst] = result.current;
    act(() => setFirst({ sortBy: 'name' }));
    expect(result.current[0].sortBy).toBe('name');
    expect(result.current[1]).toBe(setFirst);
    expect(result.current[2]).toBe(previewFirst);
    // The kept setter writes on top of the current URL and reads ahead the values it leads to.
    act(() => setFirst({ page: 2 }));
    expect(result.current[0]).toEqual({ sortBy: 'name', page: 2 });
    expect(readAhead).toHaveBeenLastCalledWith({ sortBy: 'name', page: 2 });
  });

  it('builds a second write in the same handler on the first', () => {
    const { wrapper, location } = setup('page=3');
    const { result } = renderHook(() => useUrlState(schema), { wrapper });
    act(() => {
      result.current[1]({ sortBy: 'name' });
      result.current[1]({ page: 0 });
    });
    expect(result.current[0]).toEqual({ sortBy: 'name', page: 0 });
    expect(location.history.at(-1)).toBe('/list?sortBy=name');
  });
});
