import { describe, expect, it } from 'vitest';
import { agentStatus, AGENT_ONLINE_THRESHOLD_MS } from './agent-status';

const now = Date.parse('2026-03-01T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('agentStatus', () => {
  it('is online within 61 seconds of last_seen', () => {
    expect(AGENT_ONLINE_THRESHOLD_MS).toBe(61_000);
    expect(agentStatus(ago(0), now)).toBe('online');
    expect(agentStatus(ago(60_999), now)).toBe('online');
  });

  it('is offline from 61 seconds on, and when never seen or unparsable', () => {
    expect(agentStatus(ago(61_000), now)).toBe('offline');
    expect(agentStatus(ago(3_600_000), now)).toBe('offline');
    expect(agentStatus(null, now)).toBe('offline');
    expect(agentStatus(undefined, now)).toBe('offline');
    expect(agentStatus('not a date', now)).toBe('offline');
  });

  it('treats a last_seen slightly in the future (clock skew) as online', () => {
    expect(agentStatus(new Date(now + 5_000).toISOString(), now)).toBe('online');
  });
});
