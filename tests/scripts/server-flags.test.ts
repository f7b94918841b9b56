/**
 * `npm start` and the servers the tests and benchmarks start run with the same Node.js flags
 * (scripts/server-flags.mjs): package.json must name them literally, so this checks it does.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';

describe('the server flags', () => {
  it('npm start runs scripts/start.mjs with exactly SERVER_NODE_FLAGS', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
    expect(pkg.scripts.start).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.mjs`);
  });

  it('are flags this Node.js accepts', async () => {
    const { spawnSync } = await import('node:child_process');
    const result = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, '-e', 'process.exit(0)'], {
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
