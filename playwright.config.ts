import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumLaunchOptions } from './scripts/chromium.mjs';
import { SERVER_NODE_FLAGS } from './scripts/server-flags.mjs';

/**
 * End-to-end tests against the real reference server (embedded PostgreSQL with demo data) in
 * Debian's chromium. The server is started fresh for every run on its own port and data folder.
 */
const port = Number(process.env.VIGIL_E2E_PORT ?? 8787);
const baseURL = process.env.VIGIL_E2E_URL ?? `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'vigil-e2e-'));
// The identity tests' SMTP server (tests/e2e/mailbox.ts) listens here while they run; the workers
// inherit the variable.
const smtpPort = Number(process.env.VIGIL_E2E_SMTP_PORT ?? port + 1000);
process.env.VIGIL_E2E_SMTP_PORT = String(smtpPort);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: '.tmp/e2e-results',
  fullyParallel: false,
  // Two workers (one server): most of a test is waiting on the browser and the server, so two
  // files at a time keep `npm test` inside its budget on 2 cores. VIGIL_E2E_WORKERS=1 runs serially.
  workers: Number(process.env.VIGIL_E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    [
      'json',
      {
        outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '.tmp/test-reports/playwright.json',
      },
    ],
  ],
  use: {
    baseURL,
    // Recording a trace costs every test its DOM snapshots and screencast; CI retries a failed
    // test once, and that retry records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
    // No animation keeps a page repainting (a spinner cost a tenth of a core per browser): the
    // console honours reduced motion, and no test is about an animation.
    reducedMotion: 'reduce',
  },
  projects: [
    { name: 'setup', testMatch: /auth\.setup\.ts/ },
    { name: 'chromium', dependencies: ['setup'], testIgnore: /auth\.setup\.ts/ },
  ],
  webServer: process.env.VIGIL_E2E_URL
    ? undefined
    : {
        command: `node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.mjs`,
        url: `${baseURL}/api/about`,
        timeout: 180_000,
        reuseExistingServer: false,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: String(port),
          VIGIL_DATA_DIR: dataDir,
          VIGIL_AUTH: 'basic',
          VIGIL_SEED: 'demo',
          VIGIL_SMTP_URL: `smtp://127.0.0.1:${smtpPort}/?from=vigil@example.test`,
        },
      },
});
