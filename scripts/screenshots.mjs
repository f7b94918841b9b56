#!/usr/bin/env node
// Screenshots of the main screens in light and dark, for looking at what we build:
//   node scripts/screenshots.mjs [http://127.0.0.1:8080]
// Without a URL it starts the reference server on a free port with a fresh database. Pictures go
// to .tmp/screenshots/. Uses Debian's chromium through playwright-core.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const out = join(root, '.tmp', 'screenshots');
mkdirSync(out, { recursive: true });

const freePort = () =>
  new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

let base = process.argv[2];
let stop = async () => {};
if (!base) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-shots-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), VIGIL_DATA_DIR: dataDir },
    stdio: 'ignore',
  });
  base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${base}/api/about`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  stop = async () => {
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const pages = (
  process.env.SHOTS ??
  '/health,/health?hidePassing=false&groupBy=no-group,/topology,/settings/teams,/error?error_code=BAD_SESSION,/examples/health-summary.html'
).split(',');
try {
  for (const theme of ['light', 'dark']) {
    const context = await browser.newContext({
      viewport: { width: 1366, height: 820 },
      colorScheme: theme,
    });
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.screenshot({ path: join(out, `login-${theme}.png`) });
    await page.getByLabel('Email or username').fill(process.env.SHOTS_USER ?? 'admin');
    await page
      .getByLabel('Password', { exact: true })
      .fill(process.env.SHOTS_PASSWORD ?? 'vigil-admin');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    for (const path of pages) {
      await page.goto(`${base}${path}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      const name = path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root';
      await page.screenshot({ path: join(out, `${name}-${theme}.png`) });
    }
    await context.close();
  }
  console.log(`screenshots in ${out}`);
} finally {
  await browser.close();
  await stop();
}
