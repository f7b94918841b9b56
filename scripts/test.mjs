#!/usr/bin/env node
// `npm test`: everything CI checks, in order. Typecheck, lint, format check, vitest (unit,
// component and server tests), the production build, widget browser tests (@web/test-runner in
// Chromium against a freshly started server) and the Playwright end-to-end suite (which starts its
// own server). Installs Debian's chromium with apt-get when /usr/bin/chromium is missing.
// Prints one closing line "N passed, N failed" over all test runners.
import { spawn, spawnSync } from 'node:child_process';
import { startServer } from './server-process.mjs';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
process.chdir(root);
const bin = (name) => join(root, 'node_modules', '.bin', name);
const reports = join(root, '.tmp', 'test-reports');
mkdirSync(reports, { recursive: true });
process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
/** Names and first error lines of failed tests, printed again at the very end of the output. */
const failedTests = [];

const firstLine = (text) =>
  String(text ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 300) ?? '';

function run(name, command, args, options = {}) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${name} (${seconds} s)`);
  if (!ok) failedSteps.push(name);
  return ok;
}

function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return true;
  console.log('\n▶ /usr/bin/chromium is missing: installing Debian chromium with apt-get');
  const asRoot = process.getuid?.() === 0;
  const apt = (...args) =>
    spawnSync(asRoot ? 'apt-get' : 'sudo', asRoot ? args : ['apt-get', ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0;
  if (apt('update', '-qq') && apt('install', '-y', '-qq', 'chromium', 'fonts-dejavu-core')) {
    if (existsSync('/usr/bin/chromium')) return true;
  }
  failedSteps.push('install chromium');
  return false;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Steps that only read the sources, run side by side (each is mostly one process on one core; in
 * a row they took 2.5 minutes on 2 cores). Each step's output is printed whole when it ends.
 */
async function runTogether(steps) {
  const started = Date.now();
  console.log(`\n▶ ${steps.map((step) => step.name).join(', ')} (side by side)`);
  const outcomes = await Promise.all(
    steps.map(
      ({ name, command, args }) =>
        new Promise((done) => {
          const stepStarted = Date.now();
          const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          const chunks = [];
          child.stdout.on('data', (chunk) => chunks.push(chunk));
          child.stderr.on('data', (chunk) => chunks.push(chunk));
          child.on('close', (code) => {
            const seconds = ((Date.now() - stepStarted) / 1000).toFixed(1);
            const output = Buffer.concat(chunks).toString();
            if (output.trim()) process.stdout.write(`\n── ${name}\n${output}`);
            console.log(`${code === 0 ? '✔' : '✘'} ${name} (${seconds} s)`);
            if (code !== 0) failedSteps.push(name);
            done(code === 0);
          });
        }),
    ),
  );
  console.log(`  together: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return outcomes.every(Boolean);
}

const chromium = ensureChromium();
await runTogether([
  { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
  { name: 'format check', command: 'npm', args: ['run', '--silent', 'format:check'] },
]);

const vitestReport = join(reports, 'vitest.json');
rmSync(vitestReport, { force: true });
run('vitest (unit, component, server)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
if (vitest) {
  totals.passed += vitest.numPassedTests ?? 0;
  totals.failed += vitest.numFailedTests ?? 0;
  totals.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  for (const file of vitest.testResults ?? []) {
    const where = file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name;
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) {
      failedTests.push(
        `vitest ${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`,
      );
    }
    if (failed.length === 0 && file.status === 'failed') {
      failedTests.push(`vitest ${where}: ${firstLine(file.message)}`);
    }
  }
} else {
  totals.failed += 1;
}

const built = run('build (console and widgets)', 'npm', ['run', '--silent', 'build']);
// The first-load JS of every console route against its budget (issue 18), read from the build.
if (built) {
  run('size check (first-load JS per route)', process.execPath, ['scripts/size-check.mjs']);
}

if (built && chromium) {
  const server = await startServer({ env: { VIGIL_AUTH: 'none' } });
  if (!server.up) {
    failedSteps.push('start server for widget tests');
    totals.failed += 1;
  } else {
    console.log(`\n▶ widget browser tests (@web/test-runner, server ${server.url})`);
    const result = spawnSync(bin('web-test-runner'), [], {
      env: { ...process.env, VIGIL_TEST_SERVER: server.url, VIGIL_SKIP_WIDGET_BUILD: '1' },
      encoding: 'utf8',
    });
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    const counts = [...(result.stdout ?? '').matchAll(/(\d+) passed, (\d+) failed/g)].pop();
    if (counts) {
      totals.passed += Number(counts[1]);
      totals.failed += Number(counts[2]);
    }
    if (result.status !== 0) {
      failedSteps.push('widget browser tests');
      if (!counts || Number(counts[2]) === 0) totals.failed += 1;
    }
    console.log(`${result.status === 0 ? '✔' : '✘'} widget browser tests`);
  }
  await server.stop();

  const e2eReport = join(reports, 'playwright.json');
  rmSync(e2eReport, { force: true });
  run('end-to-end (Playwright, real server)', bin('playwright'), ['test'], {
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
  });
  const e2e = readJson(e2eReport);
  if (e2e?.stats) {
    totals.passed += (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0);
    totals.failed += e2e.stats.unexpected ?? 0;
    totals.skipped += e2e.stats.skipped ?? 0;
    const visit = (suite, path) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status !== 'unexpected') continue;
          const error = test.results?.find((result) => result.error)?.error;
          failedTests.push(
            `e2e ${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}: ${firstLine(error?.message)}`,
          );
        }
      }
      for (const child of suite.suites ?? []) visit(child, [...path, child.title]);
    };
    for (const suite of e2e.suites ?? []) visit(suite, []);
  } else {
    totals.failed += 1;
  }
} else if (!built) {
  totals.failed += 1;
}

console.log('');
if (failedTests.length) {
  console.log('Failed tests:');
  for (const line of failedTests) console.log(`  ✘ ${line}`);
}
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(failedSteps.length === 0 && totals.failed === 0 ? 0 : 1);
