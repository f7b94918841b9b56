/**
 * A module a component needs only sometimes (the YAML package to draw a value as YAML, say):
 * imported on the first render that needs it, so that no page's first load carries it (issue 18).
 *
 * ```tsx
 * const YAML = onDemand(() => import('../../lib/yaml'));
 * const yaml = useOnDemand(YAML, showsYaml); // undefined until it has arrived
 * ```
 */
import { useEffect, useState } from 'react';
import type { OnDemandModule } from './load-on-approach';

export { onDemand, type OnDemandModule } from './load-on-approach';

/**
 * The module once it is here. While `needed` and not yet here, it is imported and the component
 * renders again when it arrives (a failed import is tried again by the next render that needs it).
 */
export function useOnDemand<M>(module: OnDemandModule<M>, needed: boolean): M | undefined {
  const current = module.current();
  const [, arrived] = useState(0);
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (!needed || current) return;
    let live = true;
    module.load().then(
      () => {
        if (live) arrived((count) => count + 1);
      },
      () => {
        // Tried again after a pause: a chunk gone after a deploy does not loop at once.
        if (live) setTimeout(() => live && setFailures((count) => count + 1), 2000);
      },
    );
    return () => {
      live = false;
    };
  }, [module, needed, current, failures]);
  return current;
}
