/**
 * `GET /metrics` (api.md §1, liveness): Prometheus text exposition of the process and of the HTTP
 * requests this server answered, public like `/health`. Counters live in memory per process.
 */
import type { MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import { VERSION } from '../version';

interface Counters {
  /** `method status-class` → count. */
  requests: Map<string, number>;
  /** Sum of request durations in seconds. */
  seconds: number;
}

export interface HttpMetrics {
  count: MiddlewareHandler;
  routes: Hono<AppEnv>;
}

const started = Date.now();

function line(name: string, labels: Record<string, string>, value: number): string {
  const pairs = Object.entries(labels)
    .map(
      ([key, text]) =>
        `${key}="${text.replace(/["\\\n]/g, (c) => (c === '\n' ? '\\n' : `\\${c}`))}"`,
    )
    .join(',');
  return `${name}${pairs ? `{${pairs}}` : ''} ${Number.isFinite(value) ? value : 0}`;
}

export function httpMetrics(): HttpMetrics {
  const counters: Counters = { requests: new Map(), seconds: 0 };

  const count: MiddlewareHandler = async (c, next) => {
    const begin = performance.now();
    try {
      await next();
    } finally {
      const key = `${c.req.method} ${Math.floor((c.res?.status ?? 500) / 100)}xx`;
      counters.requests.set(key, (counters.requests.get(key) ?? 0) + 1);
      counters.seconds += (performance.now() - begin) / 1000;
    }
  };

  const routes = new Hono<AppEnv>();
  routes.get('/', (c) => {
    const memory = process.memoryUsage();
    const cpu = process.cpuUsage();
    const out = [
      '# HELP vigil_build_info The running Vigil server.',
      '# TYPE vigil_build_info gauge',
      line('vigil_build_info', { version: VERSION }, 1),
      '# HELP process_start_time_seconds Start time of the process since the Unix epoch.',
      '# TYPE process_start_time_seconds gauge',
      line('process_start_time_seconds', {}, Math.floor(started / 1000)),
      '# HELP process_cpu_seconds_total User and system CPU time spent.',
      '# TYPE process_cpu_seconds_total counter',
      line('process_cpu_seconds_total', {}, (cpu.user + cpu.system) / 1e6),
      '# HELP process_resident_memory_bytes Resident memory size.',
      '# TYPE process_resident_memory_bytes gauge',
      line('process_resident_memory_bytes', {}, memory.rss),
      '# HELP nodejs_heap_used_bytes V8 heap in use.',
      '# TYPE nodejs_heap_used_bytes gauge',
      line('nodejs_heap_used_bytes', {}, memory.heapUsed),
      '# HELP http_requests_total HTTP requests answered, by method and status class.',
      '# TYPE http_requests_total counter',
      ...[...counters.requests.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, value]) => {
          const [method = '', status = ''] = key.split(' ');
          return line('http_requests_total', { method, status }, value);
        }),
      '# HELP http_request_duration_seconds_sum Time spent answering HTTP requests.',
      '# TYPE http_request_duration_seconds_sum counter',
      line('http_request_duration_seconds_sum', {}, Number(counters.seconds.toFixed(6))),
    ];
    return c.text(`${out.join('\n')}\n`, 200, {
      'Content-Type': 'text/plain; version=0.0.4; charset=utf-8',
      'Cache-Control': 'no-store',
    });
  });
  return { count, routes };
}
