/**
 * A component whose code loads on its first render: for a dialog that a page offers but seldom
 * opens, so that the page's first load does not carry it (issue 18). It renders nothing until its
 * code is there (or the `fallback` given), then renders at once on every later use; `preload()`
 * fetches it ahead.
 *
 * Once loaded it renders directly, not through React.lazy: a lazy component suspends on its
 * first render even when its code is already here, and React holds back the reveal of suspended
 * content for about 300 ms, which a preloaded dialog would pay on its first opening.
 *
 * ```tsx
 * const AttachEvidenceDialog = lazyComponent(() =>
 *   import('../../entities/evidence/attach-evidence-dialog').then((m) => m.AttachEvidenceDialog),
 * );
 * ```
 */
import {
  createElement,
  lazy,
  Suspense,
  useState,
  type ComponentType,
  type FunctionComponent,
  type ReactNode,
} from 'react';

export type LazyComponent<P extends object> = FunctionComponent<P> & {
  /** Starts loading the code (once; a failed load is tried again by the next call or render). */
  preload: () => void;
};

export interface LazyComponentOptions {
  /** Shown while the code loads (default: nothing). */
  fallback?: ReactNode;
}

export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { fallback = null }: LazyComponentOptions = {},
): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const once = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Loaded = lazy(once);
  function Lazy(props: P) {
    // Decided once per mount: switching later would remount the component and lose its state.
    const [Ready] = useState(() => loaded);
    if (Ready) return createElement(Ready, props);
    return createElement(Suspense, { fallback }, createElement(Loaded as ComponentType<P>, props));
  }
  return Object.assign(Lazy, {
    preload: () => {
      once().catch(() => undefined);
    },
  });
}
