// Bundle sizes: the console's initial JavaScript (the entry script and its modulepreloads, gzip)
// and the widgets' files (gzip), read from dist/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

const gzipKb = (path) => gzipSync(readFileSync(path), { level: 9 }).length / 1024;

// Static imports and re-exports of a built ES module (`import(...)` is lazy and not followed).
const STATIC_IMPORT =
  /\b(?:import|export)\s*(?:\{[^}]*\}|\*(?:\s*as\s*[\w$]+)?|[\w$]+(?:\s*,\s*\{[^}]*\})?)?\s*(?:from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;

/** Every file an entry loads before it runs: the entry and its static imports, transitively. */
function staticGraph(dir, entry) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(dir, file), 'utf8');
    for (const match of code.matchAll(STATIC_IMPORT)) {
      visit(join(dirname(file), match[1]).replace(/\\/g, '/'));
    }
  };
  visit(entry);
  return seen;
}

/**
 * The widget size budgets (issue 5): the shared runtime (every chunk all elements load), each
 * element beyond it, and the drop-in with every element; each figure is the gzip of the files an
 * entry loads before it runs. Lazy chunks (the chart) are not counted, and it is reported whether
 * an element's static graph reaches ECharts.
 */
function widgetBudgets(dir) {
  const entries = readdirSync(dir).filter((name) => /^vigil-.*\.js$/.test(name));
  const elements = entries.filter((name) => name !== 'vigil-widgets.js');
  if (elements.length === 0) return [];
  const graphs = new Map(elements.map((name) => [name, staticGraph(dir, name)]));
  const shared = [...graphs.values()].reduce(
    (common, graph) => new Set([...common].filter((file) => graph.has(file))),
  );
  const sum = (files) => [...files].reduce((total, file) => total + gzipKb(join(dir, file)), 0);
  const rows = [
    {
      name: 'widgets shared runtime (gzip, loaded by every element)',
      value: sum(shared),
      unit: 'KB',
      target: 60,
    },
  ];
  for (const [name, graph] of graphs) {
    const own = [...graph].filter((file) => !shared.has(file));
    const chart = [...graph].some((file) => file.includes('chart'));
    rows.push({
      name: `widgets ${name} beyond the runtime (gzip${chart ? ', includes the chart' : ''})`,
      value: sum(own),
      unit: 'KB',
      target: 25,
    });
  }
  if (entries.includes('vigil-widgets.js')) {
    rows.push({
      name: `widgets drop-in with every element (${elements.length}; gzip, before lazy chunks)`,
      value: sum(staticGraph(dir, 'vigil-widgets.js')),
      unit: 'KB',
      target: 150,
    });
  }
  return rows;
}

/** @returns {{ name: string, value: number, unit: string, target?: number }[]} */
export function measureSizes(root) {
  const rows = [];
  const consoleDir = join(root, 'dist', 'console');
  const indexPath = join(consoleDir, 'index.html');
  if (existsSync(indexPath)) {
    const html = readFileSync(indexPath, 'utf8');
    const initial = new Set();
    for (const match of html.matchAll(
      /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g,
    )) {
      initial.add(match[1].replace(/^\.?\//, ''));
    }
    let total = 0;
    for (const file of initial) total += gzipKb(join(consoleDir, file));
    rows.push({ name: 'console initial JS (gzip)', value: total, unit: 'KB' });
    const css = readdirSync(join(consoleDir, 'assets')).filter((file) => file.endsWith('.css'));
    let cssTotal = 0;
    for (const file of css) cssTotal += gzipKb(join(consoleDir, 'assets', file));
    rows.push({ name: 'console CSS (gzip)', value: cssTotal, unit: 'KB' });
    // The settings spec editor (CodeMirror, YAML, JSON-schema support) loads only on pages that
    // edit (docs/settings.md): its lazy chunk, and whether anything loads it up front.
    for (const file of readdirSync(join(consoleDir, 'assets')).filter((name) =>
      /^spec-editor-impl-.*\.js$/.test(name),
    )) {
      const initially = initial.has(`assets/${file}`) ? ', LOADED INITIALLY' : ', lazy';
      rows.push({
        name: `console spec editor chunk (gzip${initially})`,
        value: gzipKb(join(consoleDir, 'assets', file)),
        unit: 'KB',
      });
    }
  }
  const widgetsDir = join(root, 'dist', 'widgets');
  if (existsSync(widgetsDir)) rows.push(...widgetBudgets(widgetsDir));
  if (existsSync(widgetsDir)) {
    const walk = (dir, prefix = '') =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? walk(join(dir, entry.name), `${prefix}${entry.name}/`)
          : [`${prefix}${entry.name}`],
      );
    for (const file of walk(widgetsDir)
      .filter((name) => name.endsWith('.js'))
      .sort()) {
      rows.push({
        name: `widgets ${file} (gzip)`,
        value: gzipKb(join(widgetsDir, file)),
        unit: 'KB',
      });
    }
  }
  return rows;
}
