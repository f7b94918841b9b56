/**
 * The `tcp` check, after canary-checker's: connect to `endpoint` (`host:port`, optionally with a
 * `tcp://` prefix; `host` + `port` are accepted too) and compare the connect time with
 * `thresholdMillis`. The connection is closed as soon as it is open.
 */
import { connect } from 'node:net';
import { describeError, formatMs, invalidOutcome, type CheckOutcome } from './result';

/** `host:port`, `[v6]:port` or `tcp://host:port` → host and port; throws on anything else. */
export function parseEndpoint(spec: Record<string, unknown>): { host: string; port: number } {
  let text: string;
  if (typeof spec.endpoint === 'string' && spec.endpoint.trim() !== '') {
    text = spec.endpoint.trim().replace(/^tcp:\/\//i, '');
  } else if (typeof spec.host === 'string' && spec.host !== '' && spec.port !== undefined) {
    text = `${spec.host.includes(':') ? `[${spec.host}]` : spec.host}:${String(spec.port)}`;
  } else {
    throw new Error('endpoint is required (host:port)');
  }
  const match = /^(?:\[([^\]]+)\]|([^:/\s]+)):(\d{1,5})$/.exec(text);
  const host = match?.[1] ?? match?.[2];
  const port = Number(match?.[3]);
  if (!host || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`endpoint must be host:port (got ${JSON.stringify(text)})`);
  }
  return { host, port };
}

/** Run a tcp check; never throws (failures are outcomes). */
export async function runTcpCheck(
  spec: Record<string, unknown>,
  signal: AbortSignal,
): Promise<CheckOutcome> {
  let target: { host: string; port: number };
  let threshold: number | undefined;
  try {
    target = parseEndpoint(spec);
    const raw = spec.thresholdMillis;
    if (raw !== undefined && raw !== null && raw !== 0 && raw !== '') {
      const number = typeof raw === 'string' ? Number(raw) : raw;
      if (typeof number !== 'number' || !Number.isFinite(number) || number < 0) {
        throw new Error('thresholdMillis must be a positive number');
      }
      threshold = number;
    }
  } catch (error: unknown) {
    return invalidOutcome(`invalid tcp check: ${describeError(error)}`);
  }
  const address = `${target.host.includes(':') ? `[${target.host}]` : target.host}:${target.port}`;
  const started = performance.now();
  try {
    await new Promise<void>((resolve, reject) => {
      const socket = connect({ host: target.host, port: target.port, signal });
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', (error) => {
        socket.destroy();
        reject(error);
      });
    });
  } catch (error: unknown) {
    return {
      pass: false,
      invalid: false,
      duration: Math.round(performance.now() - started),
      message: `could not connect to ${address}`,
      error: signal.aborted ? describeError(signal.reason) : describeError(error),
      details: { endpoint: address },
    };
  }
  const elapsed = performance.now() - started;
  const duration = Math.round(elapsed);
  const slow = threshold !== undefined && elapsed > threshold;
  return {
    pass: !slow,
    invalid: false,
    duration,
    message: `connected to ${address}`,
    ...(slow
      ? { error: `connect time ${formatMs(elapsed)} exceeds the threshold of ${threshold} ms` }
      : {}),
    details: { endpoint: address },
  };
}
