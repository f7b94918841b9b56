import { copyFileSync, existsSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { groupByRoutes, IMPORT_FROM, namesIn } from './vite.route-chunks';
import { tableFeatures } from './vite.table-features';

const outDir = 'dist/console';

/**
 * Static hosts (GitHub Pages, S3 website hosting…) serve `404.html` for unknown paths; a copy of
 * index.html there makes deep links into the SPA work without server rewrites.
 */
function spaFallbackCopy(): Plugin {
  return {
    name: 'vigil-spa-fallback-copy',
    apply: 'build',
    enforce: 'post',
    closeBundle() {
      const index = resolve(outDir, 'index.html');
      if (existsSync(index)) copyFileSync(index, resolve(outDir, '404.html'));
    },
  };
}

/**
 * codemirror-json-schema renders its hover and completion texts with markdown-it and shiki (about
 * 200 kB of the lazy editor chunk); a small plain renderer stands in for that one module
 * (src/ui/code-editor/plain-markdown.ts, same signature). Schema descriptions are plain text.
 */
function plainSchemaMarkdown(): Plugin {
  const replacement = resolve('src/ui/code-editor/plain-markdown.ts');
  return {
    name: 'vigil-plain-schema-markdown',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromLibrary = importer?.replace(/\\/g, '/').includes('/codemirror-json-schema/');
      return fromLibrary && /\/utils\/markdown(\.js)?$/.test(source) ? replacement : null;
    },
  };
}

/**
 * Two chunks by the module graph, computed once it is complete (buildEnd):
 * - `core`: what main.tsx imports (the sign-in app among it, src/app/public-app.tsx) and what the
 *   console shares with the sign-in pages: every page loads it;
 * - `app`: what the console (src/app/app.tsx, imported by main.tsx beside config.json) imports
 *   besides: every console page loads it, no sign-in page does.
 * Without them each module shared by two chunks becomes a chunk of its own, and a dozen tiny
 * files cost every page about 3 KB of gzip more than one file does (docs/performance.md).
 */
function startupChunks(): {
  plugin: Plugin;
  core: (id: string) => boolean;
  app: (id: string) => boolean;
  routeChunk: (id: string) => string | null;
} {
  const core = new Set<string>();
  const app = new Set<string>();
  const routeChunks = new Map<string, string>();
  const isSource = (id: string) => id.replace(/\\/g, '/').includes('/src/');
  const plugin: Plugin = {
    name: 'vigil-startup-chunks',
    apply: 'build',
    // .vite/chunk-modules.json: source module (project-relative, no extension) → its chunk's file,
    // for bench/sizes.mjs (the Vite manifest names a chunk by one module only).
    generateBundle(_options, bundle) {
      const modules: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of output.moduleIds) {
          const path = relative(process.cwd(), id).replace(/\\/g, '/');
          if (path.startsWith('src/')) modules[path.replace(/\.[jt]sx?$/, '')] = output.fileName;
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: JSON.stringify(modules),
      });
    },
    buildEnd() {
      core.clear();
      app.clear();
      const ids = [...this.getModuleIds()];
      const find = (suffix: string) => ids.find((id) => id.replace(/\\/g, '/').endsWith(suffix));
      /** The modules reachable from `roots` by static imports (`dynamic` adds lazy imports). */
      /**
       * The modules an index.ts file re-exports the names `importer` takes from it (all of them
       * for `import *`), read from the transformed code (type-only names are gone by then).
       */
      const barrelTargets = (importer: string, barrel: string): string[] => {
        const code = this.getModuleInfo(importer)?.code ?? '';
        const folder = dirname(barrel);
        const names = new Set<string>();
        let all = false;
        for (const [, clause = '', spec = ''] of code.matchAll(IMPORT_FROM)) {
          if (!spec.startsWith('.') || resolve(dirname(importer), spec) !== folder) continue;
          if (!clause.includes('{') || clause.includes('*')) all = true;
          for (const name of namesIn(clause, 'imported')) names.add(name);
        }
        const barrelInfo = this.getModuleInfo(barrel);
        const targets = new Set<string>();
        for (const [, clause = '', spec = ''] of (barrelInfo?.code ?? '').matchAll(IMPORT_FROM)) {
          const wanted =
            all || clause.includes('*') || namesIn(clause, 'exported').some((n) => names.has(n));
          if (!wanted) continue;
          const path = resolve(folder, spec);
          const target = barrelInfo?.importedIds.find(
            (id) => id.replace(/\.[jt]sx?$/, '') === path,
          );
          if (target) targets.add(target);
          else return barrelInfo?.importedIds ?? []; // not understood: everything it imports
        }
        return [...targets];
      };
      const reach = (
        roots: (string | undefined)[],
        dynamic: boolean,
        stop?: string,
        throughBarrels = true,
      ) => {
        const seen = new Set<string>();
        const queue = roots.filter((id): id is string => Boolean(id));
        while (queue.length > 0) {
          const id = queue.pop()!;
          if (seen.has(id) || id === stop) continue;
          seen.add(id);
          const info = this.getModuleInfo(id);
          for (const imported of info?.importedIds ?? []) {
            if (throughBarrels || !isBarrel(imported)) queue.push(imported);
            else queue.push(...barrelTargets(id, imported));
          }
          if (dynamic) queue.push(...(info?.dynamicallyImportedIds ?? []));
        }
        return seen;
      };
      const main = find('/src/main.tsx');
      const consoleApp = find('/src/app/app.tsx');
      if (!main || !consoleApp) return;
      const entry = reach([main], false);
      // What the sign-in pages load: the entry's and, lazily, the pages' own.
      const signIn = reach([find('/src/app/sign-in-routes.tsx')], true, consoleApp);
      for (const id of entry) if (isSource(id)) core.add(id);
      for (const id of reach([consoleApp], false)) {
        if (!isSource(id) || entry.has(id)) continue;
        (signIn.has(id) ? core : app).add(id);
      }
      // Each address's first load: the pages and prefetch modules of the route table, and the
      // pages the router and the sign-in routes load lazily.
      const roots = [
        '/src/app/routes.tsx',
        '/src/app/app-router.tsx',
        '/src/app/sign-in-routes.tsx',
      ]
        .map(find)
        .flatMap((id) => (id ? (this.getModuleInfo(id)?.dynamicallyImportedIds ?? []) : []));
      const sizeOf = (id: string) => this.getModuleInfo(id)?.code?.length ?? 0;
      const taken = (id: string) =>
        core.has(id) || app.has(id) || entry.has(id) || isStartupLibrary(id);
      routeChunks.clear();
      // Through a folder's index.ts file only to the modules of the names taken from it.
      const graphOf = (root: string) => reach([root], false, undefined, false);
      const importsOf = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      for (const [id, name] of groupByRoutes(roots, graphOf, taken, sizeOf, undefined, importsOf)) {
        routeChunks.set(id, name);
      }
    },
  };
  return {
    plugin,
    core: (id) => core.has(id),
    app: (id) => app.has(id),
    routeChunk: (id) => routeChunks.get(id) ?? null,
  };
}

/** React, React DOM, the router, the stores and React Query: the vendor and query chunks. */
const STARTUP_LIBRARY =
  /rolldown[\\/]runtime|vite[\\/]preload-helper|[\\/]node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|use-sync-external-store|zustand|@tanstack[\\/]query-core|@tanstack[\\/]react-query)[\\/]/;
const isStartupLibrary = (id: string) => STARTUP_LIBRARY.test(id);

/** The folders' index.ts files, which only re-export (treeshake.moduleSideEffects below). */
const isBarrel = (id: string) => /[\\/]src[\\/].+[\\/]index\.ts$/.test(id);

const startup = startupChunks();

/** Chunks whose file keeps its name: every console page loads them. */
const NAMED_CHUNKS = new Set(['vendor', 'query', 'app']);

export default defineConfig({
  // Served at the root: absolute asset URLs keep deep links (/settings/agents) working.
  base: '/',
  plugins: [
    react(),
    tailwindcss(),
    tableFeatures(),
    spaFallbackCopy(),
    plainSchemaMarkdown(),
    startup.plugin,
  ],
  build: {
    outDir,
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the console supports preloads modules itself (<link rel="modulepreload">:
    // Chromium 66, Firefox 115, Safari 17); Vite's polyfill was 0.4 KB of every first load.
    modulePreload: { polyfill: false },
    // dist/console/.vite/manifest.json: which chunks each page loads, for the first-load JS budget
    // per route (bench/sizes.mjs, scripts/size-check.mjs). The server never serves dotfiles.
    manifest: true,
    rolldownOptions: {
      // The folders' index.ts files only re-export (tests/scripts/barrels.test.ts): marked free of
      // side effects, an import through one is traced to the module that defines the name, so a page
      // that takes SearchFilter from ui/filter-bar shares a chunk with the pages that use
      // SearchFilter, not with every filter of the folder.
      treeshake: {
        moduleSideEffects: (id: string) => !isBarrel(id),
      },
      output: {
        // A page's chunks by their content hash alone: each chunk's name is written again in every
        // import of it and in the preload lists of the route table, about 1.5 KB of gzip on a first
        // load (docs/performance.md). The shared chunks keep their names;
        // .vite/chunk-modules.json and the manifest say which file holds which module.
        chunkFileNames: (chunk) =>
          NAMED_CHUNKS.has(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/[hash].js',
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            // What every page runs before anything else (React, the router, the stores, the API
            // client) in one file: as many small shared chunks it cost every route's first load more, gzip
            // compressing each file apart (docs/performance.md).
            {
              name: 'vendor',
              test: (id) =>
                /rolldown[\\/]runtime|vite[\\/]preload-helper|[\\/]node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|use-sync-external-store|zustand)[\\/]/.test(
                  id,
                ) || startup.core(id),
            },
            // React Query, which every console page uses and the sign-in pages do not
            // (src/app/public-app.tsx): one file of its own.
            {
              name: 'query',
              test: /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
            },
            { name: 'app', test: startup.app },
            { name: (id) => startup.routeChunk(id) },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
});
