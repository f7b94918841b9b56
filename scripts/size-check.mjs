#!/usr/bin/env node
// The CI size check (issue 18): the first-load JS of every console route, read from dist/console
// after the build (it builds nothing). Each route has a target (140 KB gzip for a console page,
// 100 KB for the sign-in pages; bench/sizes.mjs) and a committed ceiling (bench/size-ceilings.json):
// the table shows every route's target with met / MISSED, and the check exits 1 naming each route
// whose first load grew past its ceiling. A ceiling is today's size rounded up to the next KB while
// a route misses its target, and the target itself once it meets it; a route with no ceiling in
// the file must meet its target. `npm test` runs the check after the build; `npm run bench` shows
// the same figures. A size check, not a timing: the same build gives the same answer.
//
//   node scripts/size-check.mjs                      check the project's dist/console
//   node scripts/size-check.mjs --update             lower the ceilings to the current build
//                                                    (never raises one; exits 1 if it would have to)
//   node scripts/size-check.mjs --update --allow-growth
//                                                    also raise ceilings to the current build
//   --dist <dir> --routes <file.json> --ceilings <file.json>
//                                                    another build, route list ({ routes,
//                                                    shellModules? }) and ceilings file (tests)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { measureRouteFirstLoads, readRouteTable } from '../bench/sizes.mjs';

/** The ceiling a route gets from a measurement: its target once met, else its size rounded up. */
export function ceilingFor(route) {
  return route.kb <= route.budget ? route.budget : Math.ceil(route.kb);
}

/**
 * Reads a ceilings file (route → gzip KB). A missing file is an empty one: every route must then
 * meet its target.
 *
 * @returns {Record<string, number>}
 */
export function readCeilings(file) {
  if (!existsSync(file)) return {};
  const parsed = JSON.parse(readFileSync(file, 'utf8'));
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error(`${file}: expected an object of route → KB`);
  }
  for (const [route, kb] of Object.entries(parsed)) {
    if (typeof kb !== 'number' || !Number.isFinite(kb) || kb <= 0) {
      throw new Error(`${file}: the ceiling of ${route} is not a positive number of KB`);
    }
  }
  return parsed;
}

/**
 * Measures each route's first load (bench/sizes.mjs) against its target and its ceiling.
 * `over` are the routes past their ceiling (the check fails), `missed` those over their target.
 *
 * @param {string} consoleDir the console's build directory (index.html, .vite/manifest.json)
 * @param {{ path: string, modules: string[], shell: boolean, budget: number }[]} routes
 * @param {{ shellModules?: string[], ceilings?: Record<string, number> }} [options]
 */
export function checkRouteBudgets(consoleDir, routes, options = {}) {
  const ceilings = options.ceilings ?? {};
  const measured = measureRouteFirstLoads(consoleDir, routes, options).map((route) => ({
    ...route,
    ceiling: ceilings[route.path] ?? route.budget,
    ceilingFromFile: route.path in ceilings,
  }));
  return {
    measured,
    over: measured.filter((route) => route.kb > route.ceiling),
    missed: measured.filter((route) => route.kb > route.budget),
  };
}

/**
 * The ceilings an update writes: each route's `ceilingFor` its measurement, but never above its
 * previous ceiling (the target for a route the file did not have) unless `allowGrowth`. Routes
 * no longer measured are dropped. `refused` are the routes that would have had to grow.
 */
export function updatedCeilings(measured, previous, { allowGrowth = false } = {}) {
  const ceilings = {};
  const refused = [];
  for (const route of measured) {
    const before = previous[route.path] ?? route.budget;
    const now = ceilingFor(route);
    if (now > before && !allowGrowth) {
      refused.push({ path: route.path, kb: route.kb, ceiling: before });
      ceilings[route.path] = before;
    } else {
      ceilings[route.path] = allowGrowth ? now : Math.min(before, now);
    }
  }
  return { ceilings, refused };
}

/** The table: route, first-load JS (gzip KB), target with met / MISSED, ceiling. */
export function formatBudgetTable(measured) {
  const width = Math.max('route'.length, ...measured.map((route) => route.path.length));
  const lines = [`${'route'.padEnd(width)}  first-load JS (gzip)  target          ceiling`];
  for (const route of measured) {
    const target = `${route.budget} KB ${route.kb <= route.budget ? 'met' : 'MISSED'}`;
    const ceiling = `${route.ceiling} KB${route.kb > route.ceiling ? ' OVER' : ''}`;
    lines.push(
      `${route.path.padEnd(width)}  ${`${route.kb.toFixed(1)} KB`.padStart(20)}  ${target.padEnd(14)}  ${ceiling.padStart(7)}`,
    );
  }
  return lines.join('\n');
}

function argument(args, name) {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

/** The command line; returns the exit code. */
export function main(args = process.argv.slice(2)) {
  const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
  const consoleDir = resolve(argument(args, '--dist') ?? join(root, 'dist', 'console'));
  const routesFile = argument(args, '--routes');
  const ceilingsFile = resolve(
    argument(args, '--ceilings') ?? join(root, 'bench', 'size-ceilings.json'),
  );
  const ceilingsName = relative(process.cwd(), ceilingsFile) || ceilingsFile;
  const update = args.includes('--update');
  const allowGrowth = args.includes('--allow-growth');
  let result;
  let previous;
  try {
    previous = readCeilings(ceilingsFile);
    const given = routesFile ? JSON.parse(readFileSync(routesFile, 'utf8')) : undefined;
    result = checkRouteBudgets(consoleDir, given ? given.routes : readRouteTable(root), {
      ...(given?.shellModules ? { shellModules: given.shellModules } : {}),
      ceilings: previous,
    });
  } catch (error) {
    console.error(`size check: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }

  if (update) {
    const { ceilings, refused } = updatedCeilings(result.measured, previous, { allowGrowth });
    writeFileSync(ceilingsFile, `${JSON.stringify(ceilings, null, 2)}\n`);
    const lowered = Object.entries(ceilings).filter(
      ([path, kb]) => previous[path] !== undefined && kb < previous[path],
    );
    const raised = Object.entries(ceilings).filter(
      ([path, kb]) => kb > (previous[path] ?? result.measured.find((r) => r.path === path).budget),
    );
    for (const [path, kb] of lowered) {
      console.log(`size check: ${path} ceiling lowered from ${previous[path]} to ${kb} KB`);
    }
    for (const [path, kb] of raised) {
      console.log(`size check: ${path} ceiling raised to ${kb} KB (--allow-growth)`);
    }
    for (const route of refused) {
      console.error(
        `size check: ${route.path} loads ${route.kb.toFixed(1)} KB, over its ${route.ceiling} KB ceiling: not raised (pass --allow-growth to raise it)`,
      );
    }
    console.log(`size check: wrote ${ceilingsName}`);
    return refused.length > 0 ? 1 : 0;
  }

  console.log(formatBudgetTable(result.measured));
  const met = result.measured.length - result.missed.length;
  console.log(
    `size check: ${met} of ${result.measured.length} routes meet their first-load target` +
      (result.missed.length > 0
        ? `; MISSED by ${result.missed.map((route) => route.path).join(', ')}`
        : ''),
  );
  const known = new Set(result.measured.map((route) => route.path));
  const stale = Object.keys(previous).filter((path) => !known.has(path));
  const lowerable = result.measured.filter(
    (route) => route.ceilingFromFile && ceilingFor(route) < route.ceiling,
  );
  if (stale.length > 0 || lowerable.length > 0) {
    console.log(
      `size check: ${ceilingsName} can be tightened (node scripts/size-check.mjs --update): ` +
        [
          ...lowerable.map((route) => `${route.path} ${route.ceiling} → ${ceilingFor(route)} KB`),
          ...stale.map((path) => `${path} is no route`),
        ].join(', '),
    );
  }
  if (result.over.length === 0) {
    console.log(`size check: all ${result.measured.length} routes within their ceilings`);
    return 0;
  }
  for (const route of result.over) {
    const source = route.ceilingFromFile ? ceilingsName : 'its target: no ceiling in the file';
    console.error(
      `size check: ${route.path} loads ${route.kb.toFixed(1)} KB of JS (gzip) at first, over its ${route.ceiling} KB ceiling (${source}; target ${route.budget} KB)`,
    );
  }
  return 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exit(main());
}
