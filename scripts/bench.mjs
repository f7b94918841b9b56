#!/usr/bin/env node
// `npm run bench`: prints the figures (bundle sizes, server start time) as a table and keeps the
// last results in bench/results/latest.json. Benchmarks report; they never pass or fail on speed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureSizes } from '../bench/sizes.mjs';
import { measureServerStart } from '../bench/server-start.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
// Sizes are measured on a fresh build of the current sources (VIGIL_SKIP_BUILD=1 reuses dist/).
if (
  !process.env.VIGIL_SKIP_BUILD ||
  !existsSync(join(root, 'dist', 'console', 'index.html')) ||
  !existsSync(join(root, 'dist', 'widgets'))
) {
  spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}

const rows = [...measureSizes(root), ...(await measureServerStart())];
const width = Math.max(...rows.map((row) => row.name.length));
console.log(`${'figure'.padEnd(width)}  value       target`);
for (const row of rows) {
  const value = `${row.value.toFixed(1)} ${row.unit}`.padEnd(10);
  const target =
    row.target === undefined
      ? ''
      : `≤ ${row.target} ${row.unit}: ${row.value <= row.target ? 'met' : 'MISSED'}`;
  console.log(`${row.name.padEnd(width)}  ${value}  ${target}`.trimEnd());
}
mkdirSync(join(root, 'bench', 'results'), { recursive: true });

// Console queries at the large scale on PGlite and PostgreSQL (bench/queries.ts, run through tsx;
// it prints its own table and keeps bench/results/queries-<scale>.json).
console.log('');
const queries = spawnSync('npx', ['tsx', join('bench', 'queries.ts')], {
  cwd: root,
  stdio: 'inherit',
});
if (queries.status !== 0) console.log('query benchmark failed (see above)');

// The health dashboard with 10,000 checks in headless Chromium (bench/health-ui.ts; keeps
// bench/results/health-ui.json).
console.log('');
const healthUi = spawnSync('npx', ['tsx', join('bench', 'health-ui.ts')], {
  cwd: root,
  stdio: 'inherit',
});
if (healthUi.status !== 0) console.log('health dashboard benchmark failed (see above)');

// The catalog at the large scale (100,000 configs, 1,000,000 changes) in headless Chromium
// (bench/catalog-ui.ts; shares the cached seeded database with bench/queries.ts and keeps
// bench/results/catalog-ui.json).
console.log('');
const catalogUi = spawnSync('npx', ['tsx', join('bench', 'catalog-ui.ts')], {
  cwd: root,
  stdio: 'inherit',
});
if (catalogUi.status !== 0) console.log('catalog benchmark failed (see above)');

// The topology dashboard at the large scale in headless Chromium: first cards, a component with
// its sidebar, the sort toggle (bench/topology-ui.ts; keeps bench/results/topology-ui.json).
console.log('');
const topologyUi = spawnSync('npx', ['tsx', join('bench', 'topology-ui.ts')], {
  cwd: root,
  stdio: 'inherit',
});
if (topologyUi.status !== 0) console.log('topology benchmark failed (see above)');

// Incidents at the large scale in headless Chromium: the list (5,000 incidents) and the bench
// incident (200 hypotheses, 500 evidences) — first content and interactions (bench/incidents-ui.ts;
// keeps bench/results/incidents-ui.json).
console.log('');
const incidentsUi = spawnSync('npx', ['tsx', join('bench', 'incidents-ui.ts')], {
  cwd: root,
  stdio: 'inherit',
});
if (incidentsUi.status !== 0) console.log('incidents benchmark failed (see above)');

// Every console screen at the large scale: first content and a sort of its data table
// (bench/screens-ui.ts; keeps bench/results/screens-ui.json).
console.log('');
const screensUi = spawnSync('npx', ['tsx', join('bench', 'screens-ui.ts')], {
  cwd: root,
  stdio: 'inherit',
});
if (screensUi.status !== 0) console.log('screens benchmark failed (see above)');

// POST /api/logs over HTTP at the large scale (1,000,000 log lines) on PostgreSQL and PGlite
// (bench/logs-api.ts; keeps bench/results/logs-api.json).
console.log('');
const logsApi = spawnSync('npx', ['tsx', join('bench', 'logs-api.ts')], {
  cwd: root,
  stdio: 'inherit',
});
if (logsApi.status !== 0) console.log('log search benchmark failed (see above)');

// Notification fan-out: 1,000 check.failed events through rules to a local webhook receiver, on
// PostgreSQL and PGlite (bench/notifications.ts; keeps bench/results/notifications.json).
console.log('');
const notifications = spawnSync('npx', ['tsx', join('bench', 'notifications.ts')], {
  cwd: root,
  stdio: 'inherit',
});
if (notifications.status !== 0) console.log('notification benchmark failed (see above)');

// Playbook throughput: 500 two-step runs through the playbook runner's queue (FOR UPDATE SKIP
// LOCKED; two runners on PostgreSQL, one on PGlite) — runs per second and queue latency p95
// (bench/playbooks.ts; keeps bench/results/playbooks.json).
console.log('');
const playbooks = spawnSync('npx', ['tsx', join('bench', 'playbooks.ts')], {
  cwd: root,
  stdio: 'inherit',
});
if (playbooks.status !== 0) console.log('playbook benchmark failed (see above)');

// The standalone data API (PostgREST mode) on PostgreSQL: engine time over bare SQL, and HTTP
// requests per second side by side with Vigil's own /api/db (bench/postgrest-mode.ts; keeps
// bench/results/postgrest-mode.json).
console.log('');
const postgrestMode = spawnSync('npx', ['tsx', join('bench', 'postgrest-mode.ts')], {
  cwd: root,
  stdio: 'inherit',
});
if (postgrestMode.status !== 0) console.log('PostgREST mode benchmark failed (see above)');
// Seeding `large` into a fresh PGlite folder: seed time, CPU time, folder size (bench/seed-large.ts;
// keeps bench/results/seed-large.json).
console.log('');
if (
  spawnSync('npx', ['tsx', join('bench', 'seed-large.ts')], { cwd: root, stdio: 'inherit' })
    .status !== 0
)
  console.log('seed benchmark failed (see above)');
writeFileSync(
  join(root, 'bench', 'results', 'latest.json'),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, rows }, null, 2)}\n`,
);
