import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazily loaded page that can also be fetched ahead of its first render. */
export type LazyPage<C extends ComponentType = ComponentType> = LazyExoticComponent<C> & {
  /** Starts loading the page's chunk (once; later calls reuse the same import). */
  preload: () => void;
};

/**
 * The one way to declare a lazily loaded page: a dynamic import and the named export to use
 * (named exports only; each page lands in its own chunk). `preload()` lets the router start the
 * chunk beside the session check instead of after it (one round trip fewer on a first load).
 */
export function lazyPage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
): LazyPage<M[K]> {
  let loading: Promise<M> | undefined;
  const once = () => (loading ??= load());
  const page = lazy(async () => {
    const module = await once();
    return { default: module[name] };
  });
  return Object.assign(page, {
    preload: () => {
      // A failed preload is not an error: the render's own import reports it.
      once().catch(() => {
        loading = undefined;
      });
    },
  });
}
