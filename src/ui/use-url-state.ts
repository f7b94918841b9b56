/**
 * React binding of `lib/url-state`: typed values read from the current query string (defaults
 * for absent or bad values) and a setter that writes a patch, replacing the history entry by
 * default so filters do not flood the back button.
 *
 * `readAhead` hears the values a patch leads to before the URL is written: a page starts their
 * request there, inside the event handler, instead of after the re-render under the new URL. The
 * third element, `preview(patch)`, tells `readAhead` of a patch that is likely to come without
 * writing it (a search paused in typing, a filter button being pressed).
 */
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { readParams, writeParams, type ParamSchema, type ParamValues } from '../lib/url-state';

export interface UrlStateOptions<S extends ParamSchema> {
  readAhead?: (next: ParamValues<S>) => void;
}

export function useUrlState<S extends ParamSchema>(
  schema: S,
  options: UrlStateOptions<S> = {},
): [
  ParamValues<S>,
  (patch: Partial<ParamValues<S>>, options?: { replace?: boolean }) => void,
  (patch: Partial<ParamValues<S>>) => void,
] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const values = useMemo(() => readParams(search, schema), [search, schema]);
  // The setter and `preview` stay the same functions across renders (a page's columns or
  // handlers built once keep working), reading the address and the options of the last render.
  const latest = useRef({ search, location, schema, navigate, readAhead: options.readAhead });
  useLayoutEffect(() => {
    latest.current = { search, location, schema, navigate, readAhead: options.readAhead };
  });
  const update = useCallback(
    (patch: Partial<ParamValues<S>>, options: { replace?: boolean } = {}) => {
      const current = latest.current;
      const next = writeParams(current.search, current.schema, patch);
      // A second write before the re-render builds on this one.
      current.search = next;
      current.readAhead?.(readParams(next, current.schema));
      current.navigate(next ? `${current.location}?${next}` : current.location, {
        replace: options.replace ?? true,
      });
    },
    [],
  );
  const preview = useCallback((patch: Partial<ParamValues<S>>) => {
    const current = latest.current;
    current.readAhead?.(
      readParams(writeParams(current.search, current.schema, patch), current.schema),
    );
  }, []);
  return [values, update, preview];
}
