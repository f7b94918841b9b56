/**
 * Build of the embeddable widgets (ARCHITECTURE.md §1, §7): `dist/widgets/` with one ES module per
 * widget (`vigil-<name>.js`), the drop-in `vigil-widgets.js` that registers them all, and one shared
 * chunk holding the runtime and React (hosts do not provide React). Entry names are stable so host
 * pages can link them; shared chunks are content-hashed and can be cached forever.
 */
import { defineConfig, type Plugin } from 'vite';
import tailwindcss from '@tailwindcss/vite';
import { tableFeatures } from './vite.table-features';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Modules of the shared runtime chunk (see `codeSplitting` below). */
const RUNTIME_MODULES = new RegExp(
  [
    String.raw`node_modules[\\/](?:preact|@r2wc[\\/][^\\/]+|@tanstack[\\/](?:query-core|react-query))[\\/]`,
    String.raw`[\\/]widgets[\\/]runtime[\\/]`,
    String.raw`[\\/]src[\\/]styles[\\/]`,
  ].join('|'),
);

/**
 * Ships the public descriptions next to the bundle: the contract (README.md), the Custom Elements
 * Manifest (custom-elements.json) and the TypeScript declarations (vigil-elements.d.ts).
 */
function widgetDescriptions(): Plugin {
  const files = ['README.md', 'custom-elements.json', 'vigil-elements.d.ts'];
  return {
    name: 'vigil-widget-descriptions',
    buildStart() {
      for (const file of files) this.addWatchFile(fromRoot(`./widgets/${file}`));
    },
    generateBundle() {
      for (const file of files) {
        const source = readFileSync(fromRoot(`./widgets/${file}`), 'utf8');
        this.emitFile({ type: 'asset', fileName: file, source });
      }
    },
  };
}

/**
 * The widgets render with Preact's React compatibility layer instead of React DOM: the same
 * components, a tenth of the bytes (React DOM alone is about 58 KB gzip, over the whole 60 KB
 * budget of the shared runtime). The console keeps React. The browser tests run on this build.
 */
const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig({
  plugins: [tailwindcss(), tableFeatures(), widgetDescriptions()],
  resolve: { alias: PREACT_ALIASES },
  // Library mode does not replace it, and React would ship its development build.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  publicDir: false,
  build: {
    outDir: 'dist/widgets',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    sourcemap: true,
    reportCompressedSize: true,
    lib: {
      entry: {
        'vigil-health-summary': fromRoot('./widgets/health-summary/vigil-health-summary.ts'),
        'vigil-time-range-picker': fromRoot(
          './widgets/time-range-picker/vigil-time-range-picker.ts',
        ),
        'vigil-check-detail': fromRoot('./widgets/check-detail/vigil-check-detail.ts'),
        'vigil-incident-summary': fromRoot('./widgets/incident-summary/vigil-incident-summary.ts'),
        'vigil-topology-card': fromRoot('./widgets/topology-card/vigil-topology-card.ts'),
        'vigil-widgets': fromRoot('./widgets/vigil-widgets.ts'),
      },
      formats: ['es'],
    },
    rolldownOptions: {
      // Lets the drop-in import the widget entries themselves instead of a duplicate facade.
      preserveEntrySignatures: 'allow-extension',
      onwarn(warning, warn) {
        // React Query's "use client" markers mean nothing outside React Server Components.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
      output: {
        // Vite keeps whitespace in ES library builds; these files are served as-is to browsers.
        minify: true,
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        codeSplitting: {
          groups: [
            {
              // What every widget needs, loaded once per page: React, React Query, r2wc, the
              // runtime with what it imports (the API client) and the shared stylesheet. API
              // modules, UI pieces and libraries of some widgets only (the picker's Headless UI,
              // the check detail's table) stay in those widgets' files or in chunks shared by
              // them, and the chart (ECharts) is a lazy chunk of its own, so the health summary
              // and the picker never download it.
              name: 'vigil-runtime',
              test: RUNTIME_MODULES,
            },
          ],
        },
      },
    },
  },
});
