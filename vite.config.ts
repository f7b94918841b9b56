import { copyFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

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

export default defineConfig({
  // Served at the root: absolute asset URLs keep deep links (/settings/agents) working.
  base: '/',
  plugins: [react(), tailwindcss(), spaFallbackCopy(), plainSchemaMarkdown()],
  build: {
    outDir,
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
    // dist/console/.vite/manifest.json: which chunks each page loads, for the first-load JS budget
    // per route (bench/sizes.mjs, scripts/size-check.mjs). The server never serves dotfiles.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page runs before anything else (React, React Query, the router, the API
            // client) in one file: as many small shared chunks it cost every route's first load
            // more, gzip compressing each file apart (docs/performance.md).
            {
              name: 'vendor',
              test: /rolldown[\\/]runtime|[\\/]node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](query-core|react-query)|wouter|regexparam|use-sync-external-store)[\\/]|[\\/]src[\\/](api[\\/]client\.ts|lib[\\/]class-names\.ts|ui[\\/]spinner\.tsx)$/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
});
