/**
 * React binding of `lib/url-state`: typed values read from the current query string (defaults
 * for absent or bad values) and a setter that writes a patch, replacing the history entry by
 * default so filters do not flood the back button.
 */
import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { readParams, writeParams, type ParamSchema, type ParamValues } from '../lib/url-state';

export function useUrlState<S extends ParamSchema>(
  schema: S,
): [ParamValues<S>, (patch: Partial<ParamValues<S>>, options?: { replace?: boolean }) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const values = useMemo(() => readParams(search, schema), [search, schema]);
  const update = useCallback(
    (patch: Partial<ParamValues<S>>, options: { replace?: boolean } = {}) => {
      const next = writeParams(search, schema, patch);
      navigate(next ? `${location}?${next}` : location, { replace: options.replace ?? true });
    },
    [search, schema, location, navigate],
  );
  return [values, update];
}
