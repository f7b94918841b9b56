/** The outcome of one check run, as stored in `check_statuses` and answered by run-now. */
export interface CheckOutcome {
  /** Whether the check passed (`check_statuses.status`). */
  pass: boolean;
  /**
   * The check could not be run as written (bad spec, unsupported type, unusable schedule):
   * `check_statuses.invalid`. An invalid outcome never passes.
   */
  invalid: boolean;
  /** Milliseconds the probe took (`check_statuses.duration`). */
  duration: number;
  /** What was observed, for people (`check_statuses.message`). */
  message: string;
  /** Why it failed (`check_statuses.error`); absent when it passed. */
  error?: string;
  /** Observed values for the detail view (`check_statuses.details`). */
  details?: Record<string, unknown>;
}

/** A failed outcome because the check cannot be run as written. */
export function invalidOutcome(error: string, details?: Record<string, unknown>): CheckOutcome {
  return {
    pass: false,
    invalid: true,
    duration: 0,
    message: 'not run',
    error,
    ...(details ? { details } : {}),
  };
}

/** An error as one line of text. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    const message = error.message || error.name;
    return code && !message.includes(code) ? `${code}: ${message}` : message;
  }
  return String(error);
}

/** Milliseconds for messages: one decimal below 10 ms (loopback probes take well under 1 ms). */
export function formatMs(ms: number): string {
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}
