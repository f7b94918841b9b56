/**
 * The YAML helpers (./yaml.ts, with the `yaml` package, about 31 KB gzip) loaded on use: pages
 * that show YAML only in a tab, a dialog or after an action do not carry the package in their
 * first load (issue 18). `useYaml()` starts the load and re-renders once it is here; code that
 * runs on an action awaits `loadYaml()`.
 */
import { useEffect, useState } from 'react';

export type YamlModule = typeof import('./yaml');

let loaded: YamlModule | undefined;
let pending: Promise<YamlModule> | undefined;

/** Loads the helpers once. */
export function loadYaml(): Promise<YamlModule> {
  pending ??= import('./yaml').then((module) => (loaded = module));
  return pending;
}

/** The helpers, or undefined while they load (the component renders again when they are here). */
export function useYaml(enabled = true): YamlModule | undefined {
  const [module, setModule] = useState<YamlModule | undefined>(loaded);
  useEffect(() => {
    if (!enabled || module) return;
    let live = true;
    void loadYaml().then((value) => {
      if (live) setModule(value);
    });
    return () => {
      live = false;
    };
  }, [enabled, module]);
  return module;
}
