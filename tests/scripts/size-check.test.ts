/**
 * The CI size check (scripts/size-check.mjs) on a small fake build: an entry with a modulepreload,
 * page chunks with static imports, a shared chunk and a shell menu, each file of known gzip size
 * (random bytes do not compress). Every route's target is shown met / MISSED; the check fails,
 * naming the route, when one grows past its committed ceiling; `--update` only lowers ceilings.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkRouteBudgets,
  formatBudgetTable,
  main,
  updatedCeilings,
} from '../../scripts/size-check.mjs';

let dir: string;
let consoleDir: string;

/** A chunk of about `kb` KB after gzip. */
function chunk(name: string, kb: number) {
  writeFileSync(join(consoleDir, 'assets', name), randomBytes(Math.round(kb * 1024)));
}

const shellModules = ['src/menu'];
const routes = [
  { path: '/small', modules: ['src/small-page'], shell: true, budget: 20 },
  { path: '/big', modules: ['src/big-page'], shell: true, budget: 20 },
  { path: '/login', modules: ['src/login-page'], shell: false, budget: 12 },
];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'vigil-size-check-'));
  consoleDir = join(dir, 'console');
  mkdirSync(join(consoleDir, 'assets'), { recursive: true });
  mkdirSync(join(consoleDir, '.vite'));
  writeFileSync(
    join(consoleDir, 'index.html'),
    '<script type="module" crossorigin src="/assets/index.js"></script>\n' +
      '<link rel="modulepreload" crossorigin href="/assets/vendor.js">\n' +
      '<link rel="stylesheet" crossorigin href="/assets/index.css">\n',
  );
  chunk('index.js', 6);
  chunk('vendor.js', 4);
  chunk('small-page.js', 2);
  chunk('big-page.js', 3);
  chunk('heavy.js', 8);
  chunk('menu.js', 1);
  chunk('login-page.js', 1);
  writeFileSync(join(consoleDir, 'assets', 'index.css'), randomBytes(50_000));
  const manifest = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_vendor.js'],
      dynamicImports: ['src/small-page.tsx', 'src/big-page.tsx', 'src/menu.tsx'],
      css: ['assets/index.css'],
    },
    '_vendor.js': { file: 'assets/vendor.js', name: 'vendor' },
    '_heavy.js': { file: 'assets/heavy.js', name: 'heavy', imports: ['_vendor.js'] },
    'src/small-page.tsx': { file: 'assets/small-page.js', imports: ['_vendor.js'] },
    'src/big-page.tsx': {
      file: 'assets/big-page.js',
      imports: ['_vendor.js', '_heavy.js'],
      // Loaded later, on use: not part of the first load.
      dynamicImports: ['src/login-page.tsx'],
    },
    'src/menu.tsx': { file: 'assets/menu.js' },
    'src/login-page.tsx': { file: 'assets/login-page.js', imports: ['index.html'] },
  };
  writeFileSync(join(consoleDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('size check', () => {
  it('counts the entry, its modulepreloads, the page with its static imports and the shell', () => {
    const { measured, over, missed } = checkRouteBudgets(consoleDir, routes, { shellModules });
    const byPath = new Map(measured.map((route) => [route.path, route]));
    // index 6 + vendor 4 + page 2 + menu 1 (gzip adds a few bytes to each file).
    expect(byPath.get('/small')?.kb).toBeCloseTo(13, 0);
    expect(byPath.get('/small')?.files.sort()).toEqual(
      ['assets/index.js', 'assets/menu.js', 'assets/small-page.js', 'assets/vendor.js'].sort(),
    );
    // index 6 + vendor 4 (once) + page 3 + heavy 8 + menu 1; the lazy login chunk does not count.
    expect(byPath.get('/big')?.kb).toBeCloseTo(22, 0);
    expect(byPath.get('/big')?.files).not.toContain('assets/login-page.js');
    // Outside the shell: no menu; the page's import of the entry counts the entry once. No CSS.
    expect(byPath.get('/login')?.files.sort()).toEqual(
      ['assets/index.js', 'assets/login-page.js', 'assets/vendor.js'].sort(),
    );
    expect(byPath.get('/login')?.kb).toBeCloseTo(11, 0);
    // No ceilings: each route's ceiling is its target.
    expect(measured.map((route) => route.ceiling)).toEqual([20, 20, 12]);
    expect(over.map((route) => route.path)).toEqual(['/big']);
    expect(missed.map((route) => route.path)).toEqual(['/big']);
    const table = formatBudgetTable(measured);
    expect(table).toMatch(/\/small\s+13\.\d KB\s+20 KB met\s+20 KB\n/);
    expect(table).toMatch(/\/big\s+22\.\d KB\s+20 KB MISSED\s+20 KB OVER/);
  });

  it('passes a route that misses its target within its ceiling, printing MISSED', () => {
    const routesFile = join(dir, 'routes.json');
    const ceilingsFile = join(dir, 'ceilings-within.json');
    writeFileSync(routesFile, JSON.stringify({ routes, shellModules }));
    writeFileSync(ceilingsFile, JSON.stringify({ '/small': 20, '/big': 23, '/login': 12 }));
    const run = spawnSync(
      process.execPath,
      [
        'scripts/size-check.mjs',
        '--dist',
        consoleDir,
        '--routes',
        routesFile,
        '--ceilings',
        ceilingsFile,
      ],
      { encoding: 'utf8' },
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/\/small\s+13\.\d KB\s+20 KB met\s+20 KB\n/);
    expect(run.stdout).toMatch(/\/login\s+11\.\d KB\s+12 KB met\s+12 KB\n/);
    expect(run.stdout).toMatch(/\/big\s+22\.\d KB\s+20 KB MISSED\s+23 KB\n/);
    expect(run.stdout).toMatch(/2 of 3 routes meet their first-load target; MISSED by \/big/);
    expect(run.stdout).toMatch(/all 3 routes within their ceilings/);
    expect(run.stderr).toBe('');
  });

  it('exits 1 naming each route grown past its ceiling, or with no ceiling past its target', () => {
    const routesFile = join(dir, 'routes.json');
    const ceilingsFile = join(dir, 'ceilings-grown.json');
    writeFileSync(routesFile, JSON.stringify({ routes, shellModules }));
    // /big grew past the 21 KB it was committed at; /login has no ceiling and meets its target.
    writeFileSync(ceilingsFile, JSON.stringify({ '/small': 20, '/big': 21 }));
    const failing = spawnSync(
      process.execPath,
      [
        'scripts/size-check.mjs',
        '--dist',
        consoleDir,
        '--routes',
        routesFile,
        '--ceilings',
        ceilingsFile,
      ],
      { encoding: 'utf8' },
    );
    expect(failing.status).toBe(1);
    expect(failing.stderr).toMatch(
      /\/big loads 22\.\d KB of JS \(gzip\) at first, over its 21 KB ceiling \(.*ceilings-grown\.json; target 20 KB\)/,
    );
    expect(failing.stderr).not.toMatch(/\/small|\/login/);
    expect(failing.stdout).toMatch(/\/big\s+22\.\d KB\s+20 KB MISSED\s+21 KB OVER/);

    // A route missing from the ceilings file is held to its target.
    writeFileSync(ceilingsFile, JSON.stringify({ '/small': 20, '/login': 12 }));
    const unlisted = spawnSync(
      process.execPath,
      [
        'scripts/size-check.mjs',
        '--dist',
        consoleDir,
        '--routes',
        routesFile,
        '--ceilings',
        ceilingsFile,
      ],
      { encoding: 'utf8' },
    );
    expect(unlisted.status).toBe(1);
    expect(unlisted.stderr).toMatch(/\/big loads 22\.\d KB .* over its 20 KB ceiling \(its target/);

    // Every route meeting its target: met everywhere, exit 0.
    const relaxed = routes.map((route) => ({ ...route, budget: 30 }));
    writeFileSync(routesFile, JSON.stringify({ routes: relaxed, shellModules }));
    const passing = spawnSync(
      process.execPath,
      [
        'scripts/size-check.mjs',
        '--dist',
        consoleDir,
        '--routes',
        routesFile,
        '--ceilings',
        ceilingsFile,
      ],
      { encoding: 'utf8' },
    );
    expect(passing.status).toBe(0);
    expect(passing.stdout).toMatch(/3 of 3 routes meet their first-load target\n/);
    expect(passing.stdout.match(/30 KB met/g)).toHaveLength(3);
  });

  it('--update lowers ceilings to the build (the target once met) and never raises one', () => {
    const routesFile = join(dir, 'routes.json');
    const ceilingsFile = join(dir, 'ceilings-update.json');
    writeFileSync(routesFile, JSON.stringify({ routes, shellModules }));
    const args = ['--dist', consoleDir, '--routes', routesFile, '--ceilings', ceilingsFile];
    const read = () => JSON.parse(readFileSync(ceilingsFile, 'utf8')) as Record<string, number>;
    const [, big] = checkRouteBudgets(consoleDir, routes, { shellModules }).measured;
    if (!big) throw new Error('no /big');

    // Loose ceilings, and one for a route that no longer exists.
    writeFileSync(ceilingsFile, JSON.stringify({ '/small': 25, '/big': 30, '/gone': 50 }));
    expect(main([...args, '--update'])).toBe(0);
    // /small and /login meet their targets: ceiling = target; /big misses: its size rounded up.
    expect(read()).toEqual({ '/small': 20, '/big': Math.ceil(big.kb), '/login': 12 });

    // A ceiling below the build is kept, and the update fails naming the route.
    writeFileSync(ceilingsFile, JSON.stringify({ '/small': 20, '/big': 21, '/login': 12 }));
    expect(main([...args, '--update'])).toBe(1);
    expect(read()).toEqual({ '/small': 20, '/big': 21, '/login': 12 });
    // Only --allow-growth raises it.
    expect(main([...args, '--update', '--allow-growth'])).toBe(0);
    expect(read()['/big']).toBe(Math.ceil(big.kb));

    // A route with no ceiling starts at its target: growth past it needs --allow-growth too.
    const { ceilings, refused } = updatedCeilings([big], {});
    expect(refused).toEqual([{ path: '/big', kb: big.kb, ceiling: 20 }]);
    expect(ceilings).toEqual({ '/big': 20 });
  });

  it('fails, rather than passing, when the build has no manifest or lacks a page', () => {
    expect(() =>
      checkRouteBudgets(
        consoleDir,
        [{ path: '/gone', modules: ['src/gone-page'], shell: false, budget: 100 }],
        { shellModules },
      ),
    ).toThrow(/no chunk for src\/gone-page/);
    expect(() => checkRouteBudgets(join(dir, 'nothing'), routes, { shellModules })).toThrow(
      /manifest\.json is missing/,
    );
    const routesFile = join(dir, 'routes.json');
    writeFileSync(routesFile, JSON.stringify({ routes, shellModules }));
    expect(main(['--dist', join(dir, 'nothing'), '--routes', routesFile])).toBe(2);
    const badCeilings = join(dir, 'ceilings-bad.json');
    writeFileSync(badCeilings, JSON.stringify({ '/big': 'lots' }));
    expect(main(['--dist', consoleDir, '--routes', routesFile, '--ceilings', badCeilings])).toBe(2);
  });
});
