import { describe, expect, it } from 'vitest';
import { groupByRoutes, IMPORT_FROM, namesIn } from '../../vite.route-chunks';

/** A module graph: root → the modules its first load needs (itself included). */
function graph(edges: Record<string, string[]>) {
  return (root: string) => new Set([root, ...(edges[root] ?? [])]);
}

describe('route chunks (vite.config.ts)', () => {
  const sizes: Record<string, number> = {
    '/src/a-page.tsx': 9000,
    '/src/b-page.tsx': 8000,
    '/src/table.tsx': 20000,
    '/src/table-styles.ts': 300,
    '/src/filter.tsx': 6000,
    '/src/a-only.ts': 5000,
    '/src/shell.ts': 100,
  };
  const sizeOf = (id: string) => sizes[id] ?? 0;
  const roots = ['/src/a-page.tsx', '/src/b-page.tsx'];

  it('puts the modules the same roots need into one chunk, named after its largest module', () => {
    const chunks = groupByRoutes(
      roots,
      graph({
        '/src/a-page.tsx': ['/src/table.tsx', '/src/table-styles.ts', '/src/a-only.ts'],
        '/src/b-page.tsx': ['/src/table.tsx', '/src/table-styles.ts'],
      }),
      () => false,
      sizeOf,
      { small: 0, extraPerRoot: 0 },
    );
    expect(chunks.get('/src/table.tsx')).toBe('table');
    expect(chunks.get('/src/table-styles.ts')).toBe('table');
    expect(chunks.get('/src/a-page.tsx')).toBe('a-page');
    expect(chunks.get('/src/a-only.ts')).toBe('a-page');
    // Alone in its set: left to rolldown.
    expect(chunks.has('/src/b-page.tsx')).toBe(false);
  });

  it('leaves out what another chunk takes (vendor, the console chunk)', () => {
    const chunks = groupByRoutes(
      roots,
      graph({
        '/src/a-page.tsx': ['/src/shell.ts', '/src/a-only.ts'],
        '/src/b-page.tsx': ['/src/shell.ts'],
      }),
      (id) => id === '/src/shell.ts',
      sizeOf,
    );
    expect(chunks.has('/src/shell.ts')).toBe(false);
    expect(chunks.get('/src/a-only.ts')).toBe('a-page');
  });

  it('carries a small chunk in a bigger one whose roots include its own, within the extra allowed', () => {
    const edges = graph({
      '/src/a-page.tsx': ['/src/table.tsx', '/src/filter.tsx'],
      '/src/b-page.tsx': ['/src/table.tsx'],
    });
    const small = (id: string) => ({ '/src/a-page.tsx': 400, '/src/filter.tsx': 600 })[id] ?? 20000;
    // a-page's own chunk (a-page and filter, 1000 bytes) is small: b-page may carry 1000 bytes
    // it does not use.
    const merged = groupByRoutes(roots, edges, () => false, small, {
      small: 1001,
      extraPerRoot: 1000,
    });
    expect(merged.get('/src/filter.tsx')).toBe('table');
    expect(merged.get('/src/a-page.tsx')).toBe('table');
    // Not when b-page would carry more than allowed, nor when the chunk is not small.
    for (const limits of [
      { small: 1001, extraPerRoot: 999 },
      { small: 1000, extraPerRoot: 1000 },
    ]) {
      const apart = groupByRoutes(roots, edges, () => false, small, limits);
      expect(apart.get('/src/filter.tsx')).toBe('filter');
    }
  });

  it('does not carry a small chunk whose imports the other roots would not load otherwise', () => {
    const edges = graph({
      '/src/a-page.tsx': ['/src/table.tsx', '/src/filter.tsx', '/src/menu.tsx'],
      '/src/b-page.tsx': ['/src/table.tsx'],
    });
    const size = (id: string) =>
      ({ '/src/a-page.tsx': 400, '/src/filter.tsx': 600, '/src/menu.tsx': 9000 })[id] ?? 20000;
    const limits = { small: 1001, extraPerRoot: 1000 };
    // filter.tsx imports menu.tsx, which b-page does not load: b-page would fetch it too.
    const imports = (id: string) => (id === '/src/filter.tsx' ? ['/src/menu.tsx'] : []);
    const apart = groupByRoutes(roots, edges, () => false, size, limits, imports);
    expect(apart.get('/src/filter.tsx')).not.toBe('table');
    // An import every root loads anyway (here the table) does not stand in the way.
    const shared = (id: string) => (id === '/src/filter.tsx' ? ['/src/table.tsx'] : []);
    const edgesNoMenu = graph({
      '/src/a-page.tsx': ['/src/table.tsx', '/src/filter.tsx'],
      '/src/b-page.tsx': ['/src/table.tsx'],
    });
    const merged = groupByRoutes(roots, edgesNoMenu, () => false, size, limits, shared);
    expect(merged.get('/src/filter.tsx')).toBe('table');
  });

  it('gives chunks that would share a name distinct names', () => {
    const chunks = groupByRoutes(
      ['/src/x/index-page.tsx', '/src/y/index-page.tsx'],
      graph({
        '/src/x/index-page.tsx': ['/src/x/util.ts'],
        '/src/y/index-page.tsx': ['/src/y/util.ts'],
      }),
      () => false,
      () => 1,
      { small: 0, extraPerRoot: 0 },
    );
    expect(new Set([chunks.get('/src/x/util.ts'), chunks.get('/src/y/util.ts')])).toEqual(
      new Set(['index-page', 'index-page-2']),
    );
  });

  it('reads the names an import takes from a folder and the modules its index.ts re-exports', () => {
    const page = `import { DataTable as Table, PAGE_SIZES } from "../../ui/data-table";\nimport * as all from './x';`;
    const statements = [...page.matchAll(IMPORT_FROM)].map(([, clause, spec]) => [clause, spec]);
    expect(statements).toEqual([
      ['{ DataTable as Table, PAGE_SIZES }', '../../ui/data-table'],
      ['* as all', './x'],
    ]);
    expect(namesIn(statements[0]![0]!, 'imported')).toEqual(['DataTable', 'PAGE_SIZES']);
    const barrel = `export { DataTable, PAGE_SIZES } from "./data-table";\nexport { Pagination as Pager } from './pagination';`;
    const exports = [...barrel.matchAll(IMPORT_FROM)].map(([, clause]) =>
      namesIn(clause!, 'exported'),
    );
    expect(exports).toEqual([['DataTable', 'PAGE_SIZES'], ['Pager']]);
  });
});
