/**
 * First start on a new embedded data directory with the demo seed (server/src/db/prepare.ts,
 * issue 18): the migrations and the seed run in a child process, the server then opens the
 * prepared directory, says it seeded it, prints the secrets note once and serves the demo data.
 * A second start on the same directory opens it directly.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { needsPreparation } from '../src/db/prepare';
import { startServer } from '../../scripts/server-process.mjs';

const folder = mkdtempSync(join(tmpdir(), 'vigil-prepare-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function start(dataDir: string) {
  const lines: string[] = [];
  const server = await startServer({
    dataDir,
    env: { VIGIL_AUTH: 'none', VIGIL_SEED: 'demo', VIGIL_RUNNER: 'off', VIGIL_WARMUP: 'off' },
    timeoutMs: 240_000,
    onOutput: (line: string) => lines.push(line),
  });
  return { server, lines };
}

describe('preparing a new data directory in a child process', () => {
  it('is only for a new embedded directory that gets a seed', () => {
    const base = { VIGIL_DATA_DIR: join(folder, 'new') };
    expect(needsPreparation(loadConfig({ ...base, VIGIL_SEED: 'demo' }))).toBe(true);
    expect(needsPreparation(loadConfig({ ...base, VIGIL_SEED: 'none' }))).toBe(false);
    expect(
      needsPreparation(
        loadConfig({ ...base, VIGIL_SEED: 'demo', DATABASE_URL: 'postgres://localhost/x' }),
      ),
    ).toBe(false);
  });

  it('seeds in the child, then serves the data; a second start opens the directory', async () => {
    const dataDir = join(folder, 'data');
    const first = await start(dataDir);
    try {
      expect(first.server.up, first.lines.join('\n')).toBe(true);
      await waitForLine(first.lines, /listening on/);
      const text = first.lines.join('\n');
      expect(text).toMatch(/seed: demo \(seeded\)/);
      expect(text.match(/secrets at rest are encrypted with a key generated now/g)).toHaveLength(1);
      const response = await fetch(`${first.server.url}/api/db/config_items?select=id&limit=1`);
      expect(response.status).toBe(200);
      expect(((await response.json()) as unknown[]).length).toBe(1);
    } finally {
      await first.server.stop();
    }
    expect(needsPreparation(loadConfig({ VIGIL_DATA_DIR: dataDir, VIGIL_SEED: 'demo' }))).toBe(
      false,
    );
    const second = await start(dataDir);
    try {
      expect(second.server.up, second.lines.join('\n')).toBe(true);
      await waitForLine(second.lines, /listening on/);
      expect(second.lines.join('\n')).toMatch(/seed: demo \(skipped\)/);
    } finally {
      await second.server.stop();
    }
  }, 600_000);
});

async function waitForLine(lines: string[], pattern: RegExp): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!lines.some((line) => pattern.test(line)) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
