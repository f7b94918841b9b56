/**
 * A value drawn as YAML without the YAML package on the page's first load (issue 18): the package
 * (about 31 KB gzip) is imported on the first render that draws YAML, and the text is there when
 * it arrives. Until then `useYamlText` returns undefined (the caller shows that it is loading).
 */
import { useMemo } from 'react';
import { onDemand, useOnDemand } from './use-on-demand';

/** The YAML package (src/lib/yaml.ts), imported once, on demand. */
export const YAML_MODULE = onDemand(() => import('../lib/yaml'));

/** `value` as YAML text once the package is here; undefined before, or when not `needed`. */
export function useYamlText(value: unknown, needed = true): string | undefined {
  const yaml = useOnDemand(YAML_MODULE, needed);
  return useMemo(() => (yaml && needed ? yaml.toYaml(value) : undefined), [yaml, value, needed]);
}
