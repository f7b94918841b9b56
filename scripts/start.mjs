#!/usr/bin/env node
// `npm start`: build whatever is missing or stale, then run the reference server in this process
// (so SIGINT/SIGTERM reach it directly and it can shut down gracefully).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
process.chdir(root);

/** The newest modification time under the given paths (files or folders), skipping tests. */
function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry === 'node_modules' || entry.startsWith('.')) continue;
        visit(join(path, entry));
      }
    } else if (!/\.(test|browser\.test)\.tsx?$/.test(path)) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  paths.forEach(visit);
  return newest;
}

function isStale(output, inputs) {
  const stamp = join(output, 'index.html');
  const marker = existsSync(stamp) ? stamp : join(output, 'vigil-widgets.js');
  if (!existsSync(marker)) return true;
  return newestMtime(inputs) > statSync(marker).mtimeMs;
}

const shared = ['src', 'package.json', 'package-lock.json'];
const builds = [
  {
    name: 'console',
    output: 'dist/console',
    inputs: [
      ...shared,
      'index.html',
      'public',
      'vite.config.ts',
      'vite.route-chunks.ts',
      'vite.table-features.ts',
    ],
    args: ['build'],
  },
  {
    name: 'widgets',
    output: 'dist/widgets',
    inputs: [...shared, 'widgets', 'vite.widgets.config.ts', 'vite.table-features.ts'],
    args: ['build', '--config', 'vite.widgets.config.ts'],
  },
];

for (const build of builds) {
  if (process.env.VIGIL_SKIP_BUILD === 'true' || !isStale(build.output, build.inputs)) continue;
  console.log(`Building the ${build.name} (missing or older than its sources)…`);
  const vite = join(root, 'node_modules', '.bin', 'vite');
  const result = spawnSync(vite, [...build.args, '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`The ${build.name} build failed; see the messages above.`);
    process.exit(1);
  }
}

const { register } = await import('tsx/esm/api');
register();
await import(pathToFileURL(join(root, 'server', 'src', 'main.ts')).href);
