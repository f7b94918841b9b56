#!/usr/bin/env node
// Screenshots of the main screens in light and dark, for looking at what we build:
//   node scripts/screenshots.mjs [http://127.0.0.1:8080]
// Without a URL it starts the reference server on a free port with a fresh database. Pictures go
// to .tmp/screenshots/. Uses Debian's chromium through playwright-core.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from './chromium.mjs';
import { startServer } from './server-process.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const out = join(root, '.tmp', 'screenshots');
mkdirSync(out, { recursive: true });

let base = process.argv[2];
let stop = async () => {};
if (!base) {
  const server = await startServer();
  base = server.url;
  stop = () => server.stop();
}

const browser = await chromium.launch(chromiumLaunchOptions);
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
