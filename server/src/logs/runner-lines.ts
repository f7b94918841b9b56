/**
 * The lines the health-check runner writes to the server's own stream (`vigil`, docs/logs.md):
 * one per check run (`source: health-check`), and the scheduler's and jobs' events
 * (`source: scheduler`, jobs with a `job` label). Selectors of type `vigil` read them.
 */
import type { CheckOutcome } from '../runner/result';
import { VIGIL_STREAM, type LogLevel, type LogLineInput } from './store';

interface RunLineCheck {
  id: string;
  name: string;
  type: string;
  canaryName: string;
}

/** Longest message text taken from a check's outcome. */
const MAX_DETAIL = 2000;

function ms(value: number): string {
  return value < 10 ? value.toFixed(1) : String(Math.round(value));
}

/** The line of one check run. */
export function checkRunLine(
  check: RunLineCheck,
  start: Date,
  outcome: CheckOutcome,
): LogLineInput {
  const detail = (outcome.error ?? outcome.message).slice(0, MAX_DETAIL);
  const level: LogLevel = outcome.pass ? 'info' : outcome.invalid ? 'error' : 'warn';
  const message = outcome.pass
    ? `check "${check.name}" passed in ${ms(outcome.duration)}ms`
    : outcome.invalid
      ? `check "${check.name}" could not run: ${detail}`
      : `check "${check.name}" failed after ${ms(outcome.duration)}ms: ${detail}`;
  return {
    time: start,
    externalId: VIGIL_STREAM,
    level,
    message,
    labels: {
      source: 'health-check',
      check: check.name,
      check_id: check.id,
      canary: check.canaryName,
      type: check.type,
      status: outcome.pass ? 'healthy' : 'unhealthy',
    },
  };
}

/** A scheduler or job event; `job` names the job (canary-sync, claims-purge, log-retention). */
export function schedulerLine(
  message: string,
  options: { job?: string; level?: LogLevel; labels?: Record<string, string> } = {},
): LogLineInput {
  return {
    externalId: VIGIL_STREAM,
    level: options.level ?? 'info',
    message,
    labels: {
      source: 'scheduler',
      ...(options.job ? { job: options.job } : {}),
      ...options.labels,
    },
  };
}
