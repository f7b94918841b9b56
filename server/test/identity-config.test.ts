/**
 * The identity flows' lifespans (docs/identity.md "Rules and limits"): Kratos's flow `lifespan`
 * and `privileged_session_max_age` as VIGIL_FLOW_LIFESPAN_MS and
 * VIGIL_PRIVILEGED_SESSION_MAX_AGE_MS, with their defaults and one-line errors.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

describe('identity lifespans', () => {
  it('default to an hour and 15 minutes, and take milliseconds from the environment', () => {
    expect(loadConfig({})).toMatchObject({
      flowLifespanMs: 3_600_000,
      privilegedSessionMaxAgeMs: 900_000,
    });
    expect(
      loadConfig({
        VIGIL_FLOW_LIFESPAN_MS: '12000',
        VIGIL_PRIVILEGED_SESSION_MAX_AGE_MS: '6000',
      }),
    ).toMatchObject({ flowLifespanMs: 12_000, privilegedSessionMaxAgeMs: 6000 });
  });

  it('refuse values out of range or not numbers in one line', () => {
    expect(() => loadConfig({ VIGIL_FLOW_LIFESPAN_MS: '1h' })).toThrow(
      'VIGIL_FLOW_LIFESPAN_MS must be an integer from 1000 to 86400000 (got "1h")',
    );
    expect(() => loadConfig({ VIGIL_PRIVILEGED_SESSION_MAX_AGE_MS: '10' })).toThrow(
      'VIGIL_PRIVILEGED_SESSION_MAX_AGE_MS must be an integer from 1000 to 86400000 (got "10")',
    );
  });
});
