/**
 * Server memory idle (issue 18): `npm start`'s server on the embedded database (PGlite) with the
 * demo data, after its start, its warm-up (landing-page reads, the console's files compressed),
 * a first visit's requests and a garbage collection: the resident set (RSS) and its parts as
 * process.memoryUsage() reports them. Target < 250 MB. Twice: on a fresh data directory
 * (migrations and the demo seed run first) and again on the same, existing data.
 *
 * Run: `npx tsx bench/server-memory.ts`. BENCH_IDLE_SECONDS (default 5): the idle time before the
 * figure. Keeps bench/results/server-memory.json; never fails on the figure.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../scripts/server-process.mjs';
import { writeResults } from './ui-bench';

const TARGET_MB = 250;
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 5);

interface Memory {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;

/** The requests of a first visit: the console's shell and assets, and the landing page's reads. */
async function firstVisit(base: string): Promise<void> {
  const get = async (path: string) => {
    const response = await fetch(`${base}${path}`, {
      headers: { 'accept-encoding': 'br, gzip', accept: '*/*' },
    });
    return { status: response.status, text: await response.text() };
  };
  const index = await get('/');
  const assets = [...index.text.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  await Promise.all([get('/config.json'), ...assets.map((asset) => get(asset))]);
  await Promise.all(
    [
      '/api/auth/whoami',
      '/api/canary/api/summary',
      '/api/db/config_items?select=id,name,type&limit=50',
      '/api/db/incidents?select=id,title&limit=20',
    ].map((path) => get(path)),
  );
  await fetch(`${base}/api/catalog/summary`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: '{}',
  }).then((response) => response.text());
}

async function measure(dataDir: string, label: string): Promise<Record<string, unknown>> {
  const lines: string[] = [];
  let report: ((memory: Memory) => void) | undefined;
  const started = performance.now();
  const server = await startServer({
    dataDir,
    env: { VIGIL_AUTH: 'none', VIGIL_SEED: 'demo', VIGIL_MEMORY_REPORT: 'on' },
    timeoutMs: 300_000,
    onOutput: (line: string) => {
      lines.push(line);
      const match = /^memory: (\{.*\})$/.exec(line);
      if (match && report) report(JSON.parse(match[1]!) as Memory);
    },
  });
  try {
    if (!server.up) throw new Error(`the server did not start:\n${lines.join('\n')}`);
    // The warm-up runs in the background after the server answers: wait for both of its lines.
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const warmed = lines.filter((line) => line.includes('warm-up:')).length;
      if (warmed >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await firstVisit(server.url);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const memory = await new Promise<Memory>((resolve, reject) => {
      report = resolve;
      setTimeout(() => reject(new Error('no memory report within 10 s')), 10_000);
      server.child.kill('SIGUSR2');
    });
    const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
    const vmRss = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) * 1024;
    const vmHwm = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) * 1024;
    return {
      name: label,
      rssMb: mb(memory.rss),
      peakRssMb: mb(vmHwm),
      procRssMb: mb(vmRss),
      heapTotalMb: mb(memory.heapTotal),
      heapUsedMb: mb(memory.heapUsed),
      externalMb: mb(memory.external),
      arrayBuffersMb: mb(memory.arrayBuffers),
      readyMs: Math.round(server.readyMs),
      measuredAfterMs: Math.round(performance.now() - started),
      targetMb: TARGET_MB,
    };
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-memory-'));
  const figures: Record<string, unknown>[] = [];
  try {
    figures.push(await measure(dataDir, 'idle after a fresh start (migrations + demo seed)'));
    figures.push(await measure(dataDir, 'idle after a start on existing data'));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  for (const figure of figures) {
    const rss = figure.rssMb as number;
    console.log(
      `${String(figure.name).padEnd(52)} RSS ${rss.toFixed(0)} MB (${rss < TARGET_MB ? 'met' : 'MISSED'} < ${TARGET_MB}); ` +
        `peak ${(figure.peakRssMb as number).toFixed(0)} MB; V8 heap ${(figure.heapUsedMb as number).toFixed(0)}/${(figure.heapTotalMb as number).toFixed(0)} MB; ` +
        `external ${(figure.externalMb as number).toFixed(0)} MB (PGlite's WebAssembly memory included); ready in ${figure.readyMs as number} ms`,
    );
  }
  writeResults('server-memory', { idleSeconds: IDLE_SECONDS, figures });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
