import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The one way to declare a lazily loaded page: a dynamic import and the named export to use
 * (named exports only; each page lands in its own chunk).
 */
export function lazyPage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(async () => {
    const module = await load();
    return { default: module[name] };
  });
}
