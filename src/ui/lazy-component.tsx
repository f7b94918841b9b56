/**
 * A component whose code loads on its first render: for a dialog that a page offers but seldom
 * opens, so that the page's first load does not carry it (issue 18). It renders nothing until its
 * code is there, then renders at once on every later use; `preload()` fetches it ahead.
 *
 * ```tsx
 * const AttachEvidenceDialog = lazyComponent(() =>
 *   import('../../entities/evidence/attach-evidence-dialog').then((m) => m.AttachEvidenceDialog),
 * );
 * ```
 */
import { createElement, lazy, Suspense, type ComponentType, type FunctionComponent } from 'react';

export type LazyComponent<P extends object> = FunctionComponent<P> & {
  /** Starts loading the code (once; a failed load is tried again by the next call or render). */
  preload: () => void;
};

export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyComponent<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const once = () =>
    (loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Loaded = lazy(once);
  function Lazy(props: P) {
    return createElement(
      Suspense,
      { fallback: null },
      createElement(Loaded as ComponentType<P>, props),
    );
  }
  return Object.assign(Lazy, {
    preload: () => {
      once().catch(() => undefined);
    },
  });
}
