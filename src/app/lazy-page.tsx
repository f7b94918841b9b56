import {
  createElement,
  lazy,
  useState,
  type ComponentProps,
  type ComponentType,
  type FunctionComponent,
} from 'react';

/** A lazily loaded page that can also be fetched ahead of its first render. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a page without props
export type LazyPage<P extends object = {}> = FunctionComponent<P> & {
  /** Starts loading the page's chunk (once; later calls reuse the same import). */
  preload: () => void;
};

/**
 * The one way to declare a lazily loaded page: a dynamic import and the named export to use
 * (named exports only; each page lands in its own chunk). `preload()` lets the router start the
 * chunk beside the session check instead of after it (one round trip fewer on a first load).
 *
 * A page whose chunk is already there renders at once. Only a page still loading suspends: React
 * holds back the reveal of suspended content for about 300 ms (so a fallback does not flash), and
 * a preloaded page would pay that for nothing.
 */
export function lazyPage<
  K extends string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any page's props
  M extends Record<K, ComponentType<any>>,
>(load: () => Promise<M>, name: K): LazyPage<ComponentProps<M[K]>> {
  type P = ComponentProps<M[K]>;
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<M> | undefined;
  const once = () =>
    (loading ??= load().then((module) => {
      loaded = module[name] as ComponentType<P>;
      return module;
    }));
  const Suspending = lazy(async () => ({ default: (await once())[name] as ComponentType<P> }));
  function Page(props: P) {
    // Decided once per mount: switching later would remount the page and lose its state.
    const [Ready] = useState(() => loaded);
    return createElement(Ready ?? Suspending, props);
  }
  Page.displayName = `LazyPage(${name})`;
  return Object.assign(Page, {
    preload: () => {
      // A failed preload is not an error: the render's own import reports it.
      once().catch(() => {
        loading = undefined;
      });
    },
  });
}
