// @web/test-runner: widget tests in the system Chromium (never a downloaded browser).
//
// The tests load the BUILT bundle (dist/widgets/), exactly what host pages load; this config
// builds it first (set VIGIL_SKIP_WIDGET_BUILD=1 when a build just ran).
//
// API requests of the test page go to this dev server under `/api/…` or `/<prefix>/api/…` (each
// test uses its own prefix = its own api-base, so caches and request counts do not mix):
// - with VIGIL_TEST_SERVER=http://127.0.0.1:8080 they are proxied to `<server>/api/…` (the real
//   reference server; same origin for the page, so no CORS is involved);
// - without it, `/canary/api/summary` answers a realistic fixture.
// `/__vigil-test/config` tells the page which mode is active, `/__vigil-test/requests` how many
// requests each path received. `/auth-test/api/…` always answers from the fixture and requires
// `Authorization: Bearer good-token` (token provider tests; also `/auth-test-<n>/api/…`).
import { playwrightLauncher } from '@web/test-runner-playwright';
import ts from 'typescript';
import { chromiumLaunchOptions } from './scripts/chromium.mjs';

const upstream = process.env.VIGIL_TEST_SERVER?.replace(/\/+$/, '') || undefined;

if (!process.env.VIGIL_SKIP_WIDGET_BUILD) {
  const { build } = await import('vite');
  await build({ configFile: 'vite.widgets.config.ts', logLevel: 'warn' });
}

const now = Date.now();
const ago = (minutes) => new Date(now - minutes * 60_000).toISOString();
const check = (id, name, namespace, status, labels, canary = 'platform-checks') => ({
  id,
  canary_id: `canary-${canary}`,
  canary_name: canary,
  canary_namespace: namespace,
  name,
  namespace,
  type: 'http',
  status,
  labels,
  uptime:
    status === 'healthy'
      ? { passed: 60, failed: 0, last_pass: ago(1) }
      : { passed: 41, failed: 19, last_pass: ago(25), last_fail: ago(1) },
  latency: { p99: 240, p95: 180, rolling1h: 0 },
  last_runtime: ago(1),
  created_at: ago(60 * 24 * 30),
  updated_at: ago(1),
});

/** A realistic `GET /canary/api/summary` answer (api.md §3.1): 7 checks, 2 failing. */
const summaryFixture = {
  duration: 9,
  runnerName: 'local',
  checks_summary: [
    check('0b5e9a52-0001', 'payments-api', 'payments', 'healthy', { team: 'payments', tier: '1' }),
    check('0b5e9a52-0002', 'checkout-web', 'payments', 'unhealthy', {
      team: 'payments',
      tier: '1',
    }),
    check('0b5e9a52-0003', 'ledger-db', 'payments', 'healthy', { team: 'payments', tier: '2' }),
    check('0b5e9a52-0004', 'auth-service', 'identity', 'healthy', { team: 'identity' }),
    check('0b5e9a52-0005', 'sso-callback', 'identity', 'unhealthy', { team: 'identity' }),
    check('0b5e9a52-0006', 'docs-site', 'default', 'healthy', null, 'website'),
    check('0b5e9a52-0007', 'status-page', 'default', 'healthy', { public: 'true' }, 'website'),
  ],
};

const API_PATH = /^\/(?:([\w-]+)\/)?api(\/.*)$/;
const requestCounts = new Map();

async function proxy(ctx, apiPath) {
  const response = await fetch(`${upstream}/api${apiPath}${ctx.search ?? ''}`, {
    method: ctx.method,
    headers: {
      accept: ctx.get('accept') || 'application/json',
      ...(ctx.get('authorization') ? { authorization: ctx.get('authorization') } : {}),
      ...(ctx.get('prefer') ? { prefer: ctx.get('prefer') } : {}),
    },
  });
  ctx.status = response.status;
  ctx.type = response.headers.get('content-type') || 'application/json';
  const range = response.headers.get('content-range');
  if (range) ctx.set('content-range', range);
  ctx.body = Buffer.from(await response.arrayBuffer());
}

function fixture(ctx, prefix, apiPath) {
  if (prefix?.startsWith('auth-test') && ctx.get('authorization') !== 'Bearer good-token') {
    ctx.status = 401;
    ctx.type = 'text/plain';
    ctx.body = 'Not logged in';
    return;
  }
  if (apiPath === '/canary/api/summary') {
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(summaryFixture);
    return;
  }
  ctx.status = 404;
  ctx.type = 'application/json';
  ctx.body = JSON.stringify({ error: `no fixture for ${apiPath}` });
}

async function apiMiddleware(ctx, next) {
  if (ctx.path === '/__vigil-test/config') {
    ctx.type = 'application/json';
    ctx.body = JSON.stringify({ mode: upstream ? 'server' : 'fixture', server: upstream ?? null });
    return;
  }
  if (ctx.path === '/__vigil-test/requests') {
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(Object.fromEntries(requestCounts));
    return;
  }
  const match = API_PATH.exec(ctx.path);
  if (!match) return next();
  const [, prefix, apiPath = '/'] = match;
  requestCounts.set(ctx.path, (requestCounts.get(ctx.path) ?? 0) + 1);
  if (upstream && !prefix?.startsWith('auth-test')) {
    try {
      await proxy(ctx, apiPath);
    } catch (error) {
      ctx.status = 502;
      ctx.type = 'application/json';
      ctx.body = JSON.stringify({ error: `VIGIL_TEST_SERVER unreachable: ${String(error)}` });
    }
    return;
  }
  fixture(ctx, prefix, apiPath);
}

/** Strip the types of the browser tests (TypeScript itself; no extra dependency). */
const typescriptPlugin = {
  name: 'vigil-typescript',
  resolveMimeType(context) {
    if (context.path.endsWith('.ts')) return 'js';
    return undefined;
  },
  transform(context) {
    if (!context.path.endsWith('.ts')) return undefined;
    const { outputText } = ts.transpileModule(String(context.body), {
      fileName: context.path,
      compilerOptions: {
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        verbatimModuleSyntax: false,
      },
    });
    return { body: outputText };
  },
};

/**
 * The strict-CSP page: what a locked-down host sends — no 'unsafe-inline' and no 'unsafe-eval'
 * for scripts or styles (`style-src 'self'` also forbids style attributes and <style>), scripts
 * only from the page's origin. The test runner's page is rendered with the policy in a meta
 * element; the widgets must render, style themselves (constructable stylesheets) and work.
 */
const STRICT_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
].join('; ');

export default {
  // The strict-CSP test runs only in its own group, on its own page.
  files: ['widgets/**/*.browser.test.ts', '!widgets/strict-csp.browser.test.ts'],
  groups: [
    {
      name: 'strict-csp',
      files: 'widgets/strict-csp.browser.test.ts',
      testRunnerHtml: (testFramework) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta http-equiv="Content-Security-Policy" content="${STRICT_CSP}" />
    <title>Vigil widgets under a strict Content-Security-Policy</title>
  </head>
  <body>
    <script type="module" src="${testFramework}"></script>
  </body>
</html>`,
    },
  ],
  nodeResolve: true,
  concurrency: 1,
  testsFinishTimeout: 120_000,
  testFramework: { config: { timeout: 20_000 } },
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: chromiumLaunchOptions,
    }),
  ],
  middleware: [apiMiddleware],
  plugins: [typescriptPlugin],
};
