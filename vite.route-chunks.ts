/**
 * How the console's build groups modules into route chunks (vite.config.ts, issue 18): pure
 * functions over the module graph, tested in tests/scripts/route-chunks.test.ts.
 */

/** Bytes of transformed source (before minifying). */
export const SMALL_MODULE = 4000;
export const EXTRA_PER_ROOT = 4000;

/**
 * Route chunks: the modules an address's first load needs (`graphOf` each of `roots`: the page and
 * prefetch modules of the route table, the pages the router and the sign-in routes import
 * lazily), grouped by the set of roots that need them, one chunk per set. Rolldown alone splits by every dynamic import (a lazy panel, a dialog, a prefetch), so
 * a page's first load was two dozen files of a few hundred bytes, each compressed apart (about
 * 0.25 KB of gzip each: its imports, exports and header). Then a chunk smaller than SMALL_MODULE
 * goes into the smallest chunk whose roots include its own, as long as no root then carries more
 * than EXTRA_PER_ROOT of code it does not use, nor a module it would not load otherwise through the
 * small chunk's imports (`importsOf`): cheaper to carry than to fetch apart.
 *
 * @returns module id → chunk name (named after the chunk's largest module).
 */
export function groupByRoutes(
  roots: readonly string[],
  graphOf: (root: string) => Set<string>,
  taken: (id: string) => boolean,
  sizeOf: (id: string) => number,
  limits = { small: SMALL_MODULE, extraPerRoot: EXTRA_PER_ROOT },
  importsOf: (id: string) => readonly string[] = () => [],
): Map<string, string> {
  const rootsOf = new Map<string, number[]>();
  const graphs = roots.map((root) => graphOf(root));
  graphs.forEach((graph, index) => {
    for (const id of graph) {
      if (taken(id)) continue;
      const list = rootsOf.get(id);
      if (list) list.push(index);
      else rootsOf.set(id, [index]);
    }
  });
  interface Group {
    roots: Set<number>;
    modules: string[];
    size: number;
  }
  const byKey = new Map<string, Group>();
  for (const [id, list] of rootsOf) {
    const key = list.join(',');
    const group = byKey.get(key) ?? { roots: new Set(list), modules: [], size: 0 };
    group.modules.push(id);
    group.size += sizeOf(id);
    byKey.set(key, group);
  }
  const groups = [...byKey.values()];
  const extra = new Map<number, number>();
  for (const small of [...groups].sort((a, b) => a.size - b.size)) {
    if (small.size >= limits.small || small.modules.length === 0) continue;
    const into = groups
      .filter(
        (other) =>
          other !== small &&
          other.modules.length > 0 &&
          [...small.roots].every((root) => other.roots.has(root)) &&
          [...other.roots].every(
            (root) =>
              small.roots.has(root) ||
              ((extra.get(root) ?? 0) + small.size <= limits.extraPerRoot &&
                // What the small chunk imports must be on that root's first load already, or
                // carrying it would bring those files along too.
                small.modules.every((id) =>
                  importsOf(id).every((imported) => taken(imported) || graphs[root]!.has(imported)),
                )),
          ),
      )
      .sort((a, b) => a.roots.size - b.roots.size || a.size - b.size)[0];
    if (!into) continue;
    for (const root of into.roots) {
      if (!small.roots.has(root)) extra.set(root, (extra.get(root) ?? 0) + small.size);
    }
    into.modules.push(...small.modules);
    into.size += small.size;
    small.modules = [];
  }
  const names = new Map<string, string>();
  const used = new Set<string>();
  for (const group of groups) {
    if (group.modules.length < 2) continue;
    const largest = group.modules.reduce((a, b) => (sizeOf(b) > sizeOf(a) ? b : a));
    const name = largest
      .replace(/\\/g, '/')
      .replace(/^.*\/node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1')
      .replace(/^.*\//, '')
      .replace(/\.[jt]sx?$|[?].*$/g, '')
      .replace(/[^\w-]/g, '-');
    let unique = name;
    for (let n = 2; used.has(unique); n += 1) unique = `${name}-${n}`;
    used.add(unique);
    for (const id of group.modules) names.set(id, unique);
  }
  return names;
}
/** `import|export <clause> from '<spec>'` statements of transformed code. */
export const IMPORT_FROM =
  /\b(?:import|export)\s*(\{[^}]*\}|\*(?:\s*as\s*[\w$]+)?|[\w$]+(?:\s*,\s*\{[^}]*\})?)\s*from\s*["']([^"']+)["']/g;

/** The names of an import or export clause: as imported (`a` of `a as b`) or as exported (`b`). */
export function namesIn(clause: string, side: 'imported' | 'exported'): string[] {
  const braces = /\{([^}]*)\}/.exec(clause)?.[1] ?? '';
  return braces
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [from = '', to] = part.split(/\s+as\s+/);
      return (side === 'imported' ? from : (to ?? from)).trim();
    });
}
