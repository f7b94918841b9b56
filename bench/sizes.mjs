// Bundle sizes, read from dist/: the first-load JavaScript of every console route (gzip, with its
// budget), the console's initial JavaScript and CSS, and the widgets' files (gzip).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
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

/** First-load JS budgets (gzip KB, issue 18): every console page, and the sign-in pages. */
export const CONSOLE_ROUTE_BUDGET_KB = 140;
export const SIGN_IN_ROUTE_BUDGET_KB = 100;

/**
 * What the console shell loads lazily on its first render of every page: counted in every console
 * route's first load. None today (the header's menus are part of the console chunk); a module
 * listed here that the build no longer has fails the measurement rather than being skipped.
 */
export const SHELL_ON_FIRST_RENDER = [];

/**
 * What main.tsx loads besides its entry for a first page: the console (a dynamic import, fetched
 * beside config.json) for every page but the sign-in pages of the own login, whose light app is
 * part of the entry (src/app/public-app.tsx).
 */
export const CONSOLE_APP = 'src/app/app.tsx';

/**
 * The pages outside the route table: the sign-in pages (src/app/sign-in-routes.tsx), which a
 * first load shows in the light sign-in app without the console, and the read-only topology card
 * (src/app/app-router.tsx), in the console but outside the shell.
 */
const PUBLIC_ROUTES = [
  { path: '/login', page: 'LoginPage', app: [], budget: SIGN_IN_ROUTE_BUDGET_KB },
  {
    path: '/login (hosted sign-in)',
    page: 'HostedLoginPage',
    app: [],
    budget: SIGN_IN_ROUTE_BUDGET_KB,
  },
  {
    path: '/registration',
    page: 'RegistrationPage',
    app: [],
    budget: SIGN_IN_ROUTE_BUDGET_KB,
  },
  { path: '/recovery', page: 'RecoveryPage', app: [], budget: SIGN_IN_ROUTE_BUDGET_KB },
  {
    path: '/verification',
    page: 'VerificationPage',
    app: [],
    budget: SIGN_IN_ROUTE_BUDGET_KB,
  },
  { path: '/invite', page: 'AcceptInvitePage', app: [], budget: SIGN_IN_ROUTE_BUDGET_KB },
  {
    path: '/view/topology/:id',
    page: 'TopologyCardViewPage',
    app: [CONSOLE_APP],
    budget: CONSOLE_ROUTE_BUDGET_KB,
  },
];

/** `lazyPage(() => import('…'), 'Name')` declarations of a source file: export name → module. */
function lazyPageModules(root, file) {
  const modules = new Map();
  const source = readFileSync(join(root, file), 'utf8');
  for (const match of source.matchAll(
    /lazyPage\(\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)\s*,\s*'(\w+)'/g,
  )) {
    modules.set(match[2], posix.normalize(posix.join(posix.dirname(file), match[1])));
  }
  return modules;
}

/**
 * The routes to measure: THE route table (src/app/routes.tsx, evaluated with tsx so its paths are
 * the real ones), each with the console chunk (CONSOLE_APP), its page module, the module its
 * first-data prefetch imports and whether it renders in the shell, then the pages outside the
 * table (PUBLIC_ROUTES: the sign-in pages of sign-in-routes.tsx and the topology card of
 * app-router.tsx). Modules are source paths, relative to the project
 * (`src/features/health/health-page`).
 *
 * @returns {{ path: string, modules: string[], shell: boolean, budget: number }[]}
 */
export function readRouteTable(root) {
  const script = `
    const { ROUTES } = await import(${JSON.stringify(pathToFileURL(resolve(root, 'src', 'app', 'routes.tsx')).href)});
    console.log(JSON.stringify(ROUTES.map((route) => ({
      path: route.path,
      page: /^LazyPage\\((\\w+)\\)$/.exec(route.page.displayName ?? '')?.[1],
      prefetch: route.prefetch
        ? /import\\(\\s*["']([^"']+)["']/.exec(String(route.prefetch))?.[1]
        : undefined,
    }))));`;
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`reading src/app/routes.tsx failed: ${result.stderr}`);
  const table = JSON.parse(result.stdout.trim().split('\n').pop());
  const inTable = lazyPageModules(root, 'src/app/routes.tsx');
  const inRouter = new Map([
    ...lazyPageModules(root, 'src/app/app-router.tsx'),
    ...lazyPageModules(root, 'src/app/sign-in-routes.tsx'),
  ]);
  const moduleOf = (modules, page, path) => {
    const module = modules.get(page);
    if (!module) throw new Error(`route ${path}: no lazyPage declaration for ${page}`);
    return module;
  };
  const paths = new Set();
  const pages = table.map((route) => ({
    // `/x/*?` is shown as `/x`, unless `/x` is a route of its own: then it stands for the other
    // addresses under /x (`/x/*`).
    path: ((stripped) => {
      const path = paths.has(stripped) ? `${stripped}/*` : stripped;
      paths.add(path);
      return path;
    })(route.path.replace(/\/\*\?$/, '')),
    modules: [
      CONSOLE_APP,
      moduleOf(inTable, route.page, route.path),
      ...(route.prefetch ? [posix.normalize(posix.join('src/app', route.prefetch))] : []),
    ],
    shell: true,
    budget: CONSOLE_ROUTE_BUDGET_KB,
  }));
  return [
    ...pages,
    ...PUBLIC_ROUTES.map((route) => ({
      path: route.path,
      modules: [...route.app, moduleOf(inRouter, route.page, route.path)],
      shell: false,
      budget: route.budget,
    })),
  ];
}

/**
 * The first-load JS of each route, as the browser loads it: index.html's entry script and its
 * modulepreloads (with the sign-in app), the route's modules' chunks (the console chunk main.tsx
 * imports beside config.json, the page's, its prefetch module's) with their static imports, and
 * for pages in the shell what the shell loads at once (SHELL_ON_FIRST_RENDER), each file once;
 * gzip level 9 per file. Chunks come from the Vite manifest (dist/console/.vite).
 *
 * @param {string} consoleDir dist/console
 * @param {{ path: string, modules: string[], shell: boolean, budget: number }[]} routes
 * @param {{ shellModules?: string[] }} [options]
 * @returns {{ path: string, kb: number, budget: number, files: string[] }[]}
 */
export function measureRouteFirstLoads(consoleDir, routes, options = {}) {
  const shellModules = options.shellModules ?? SHELL_ON_FIRST_RENDER;
  const manifestPath = join(consoleDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`${manifestPath} is missing: build with build.manifest (vite.config.ts)`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const html = readFileSync(join(consoleDir, 'index.html'), 'utf8');
  const initial = new Set();
  for (const match of html.matchAll(
    /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g,
  )) {
    initial.add(match[1].replace(/^\.?\//, ''));
  }
  const chunkModulesPath = join(consoleDir, '.vite', 'chunk-modules.json');
  const chunkModules = existsSync(chunkModulesPath)
    ? JSON.parse(readFileSync(chunkModulesPath, 'utf8'))
    : {};
  const keyOf = (module) => {
    const key = ['', '.tsx', '.ts', '.jsx', '.js']
      .map((ext) => module + ext)
      .find((k) => manifest[k]);
    if (key) return key;
    // The chunk a module went into (vite.config.ts writes the list): a route chunk holds several.
    const file = chunkModules[module];
    const byFile = file && Object.keys(manifest).find((k) => manifest[k].file === file);
    if (byFile) return byFile;
    // A dynamically imported module that rolldown put into a shared chunk (another page imports
    // it statically) has no entry of its own: the shared chunk is named after it.
    const name = posix.basename(module).replace(/\.[jt]sx?$/, '');
    const shared = Object.keys(manifest).filter(
      (k) => k.startsWith('_') && manifest[k].name === name,
    );
    if (shared.length !== 1) throw new Error(`no chunk for ${module} in the Vite manifest`);
    return shared[0];
  };
  /** A chunk's file and its static imports' files, transitively. */
  const closure = (key, files = new Set()) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, files);
    return files;
  };
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipKb(join(consoleDir, file)));
    return sizes.get(file);
  };
  const shellFiles = new Set();
  for (const module of shellModules) closure(keyOf(module), shellFiles);
  return routes.map((route) => {
    const files = new Set(initial);
    for (const module of route.modules) closure(keyOf(module), files);
    if (route.shell) for (const file of shellFiles) files.add(file);
    const js = [...files].filter((file) => file.endsWith('.js'));
    return {
      path: route.path,
      kb: js.reduce((total, file) => total + sizeOf(file), 0),
      budget: route.budget,
      files: js,
    };
  });
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
    for (const route of measureRouteFirstLoads(consoleDir, readRouteTable(root))) {
      rows.push({
        name: `first-load JS ${route.path} (gzip)`,
        value: route.kb,
        unit: 'KB',
        target: route.budget,
      });
    }
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
