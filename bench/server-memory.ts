/**
 * Server memory idle (issue 18): `npm start`'s server on the embedded database (PGlite) with the
 * demo data, after its start, its warm-up (landing-page reads, the console's files compressed),
 * a first visit's requests, BENCH_IDLE_SECONDS of idling and a garbage collection: the resident
 * set (RSS) and its parts as process.memoryUsage() reports them, the resident set by kind of
 * mapping (/proc/<pid>/smaps: PGlite's WebAssembly memory, the C heap, other threads' malloc
 * arenas, other anonymous memory with V8's heap, files) and the resident set every 5 s of the
 * idle time. Target < 250 MB. Twice: on a fresh data directory (migrations and the demo seed run
 * first, in a child process of the server: server/src/db/prepare.ts) and again on the same,
 * existing data.
 *
 * Run: `VIGIL_SKIP_BUILD=true npx tsx bench/server-memory.ts`. BENCH_IDLE_SECONDS (default 30;
 * V8 shrinks its young generation once it sees the process idle, 10-20 s after the last
 * request). Keeps bench/results/server-memory.json; never fails on the figure.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../scripts/server-process.mjs';
import { writeResults } from './ui-bench';

const TARGET_MB = 250;
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 30);

interface Memory {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;

/** VmRSS and VmHWM (the peak) of a process, in bytes. */
function procStatus(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) =>
    Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

/**
 * The resident set by mapping, from /proc/<pid>/smaps, in MB: WebAssembly memories (the
 * accessible start of an anonymous reservation whose inaccessible rest, V8's guard region, is
 * 4 GB or more), the C heap (`[heap]`), other anonymous memory (V8's heap, malloc arenas, thread
 * stacks) and file-backed pages (the node binary, shared libraries).
 */
function residentByMapping(pid: number): Record<string, number> {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/smaps`, 'utf8');
  } catch {
    return {};
  }
  const maps: { start: number; end: number; perms: string; name: string; rss: number }[] = [];
  for (const line of text.split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (header) {
      maps.push({
        start: Number.parseInt(header[1]!, 16),
        end: Number.parseInt(header[2]!, 16),
        perms: header[3]!,
        name: header[4] ?? '',
        rss: 0,
      });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    const last = maps[maps.length - 1];
    if (rss && last) last.rss = Number(rss[1]) * 1024;
  }
  const parts = { wasmMemory: 0, cHeap: 0, threadArenas: 0, otherAnon: 0, files: 0 };
  maps.forEach((map, index) => {
    const next = maps[index + 1];
    const guarded =
      next !== undefined &&
      next.start === map.end &&
      next.name === '' &&
      next.perms.startsWith('---') &&
      next.end - next.start >= 4 * 1024 ** 3;
    // glibc's malloc arenas of other threads: 64 MB reservations, the used start and the rest.
    const arena =
      next !== undefined &&
      next.start === map.end &&
      next.name === '' &&
      next.perms.startsWith('---') &&
      Math.abs(next.end - map.start - 64 * 1024 ** 2) < 1024 ** 2;
    if (map.name === '[heap]') parts.cHeap += map.rss;
    else if (map.name.startsWith('/')) parts.files += map.rss;
    else if (map.name === '' && guarded && map.perms.startsWith('rw')) parts.wasmMemory += map.rss;
    else if (map.name === '' && arena && map.perms.startsWith('rw')) parts.threadArenas += map.rss;
    else parts.otherAnon += map.rss;
  });
  return Object.fromEntries(Object.entries(parts).map(([key, value]) => [`${key}Mb`, mb(value)]));
}

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
    // The resident set while idle, every 5 s: V8 gives its young generation back only once its
    // memory reducer sees the server idle (about 10-20 s after the last request).
    const timeline: number[] = [];
    for (let second = 5; second <= IDLE_SECONDS; second += 5) {
      await new Promise((resolve) => setTimeout(resolve, 5000));
      timeline.push(mb(procStatus(server.child.pid!).rss));
    }
    const memory = await new Promise<Memory>((resolve, reject) => {
      report = resolve;
      setTimeout(() => reject(new Error('no memory report within 10 s')), 10_000);
      server.child.kill('SIGUSR2');
    });
    const { rss: vmRss, hwm: vmHwm } = procStatus(server.child.pid!);
    return {
      name: label,
      rssMb: mb(memory.rss),
      peakRssMb: mb(vmHwm),
      procRssMb: mb(vmRss),
      heapTotalMb: mb(memory.heapTotal),
      heapUsedMb: mb(memory.heapUsed),
      externalMb: mb(memory.external),
      arrayBuffersMb: mb(memory.arrayBuffers),
      idleRssTimelineMb: timeline,
      resident: residentByMapping(server.child.pid!),
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
