/** Agent online state (spec doc 1 §4, §9): Online when `last_seen` is less than 61 s ago. */
import { millisSince, type DateInput } from '../../lib/time';

/** The online threshold in milliseconds (spec: 61 seconds). */
export const AGENT_ONLINE_THRESHOLD_MS = 61_000;

export type AgentStatus = 'online' | 'offline';

/** Online when `lastSeen` is within the threshold of `now`; never seen is offline. */
export function agentStatus(
  lastSeen: DateInput | null | undefined,
  now: DateInput = Date.now(),
): AgentStatus {
  const age = millisSince(lastSeen, now);
  return age !== undefined && age < AGENT_ONLINE_THRESHOLD_MS ? 'online' : 'offline';
}

export const AGENT_STATUS_LABELS: Record<AgentStatus, string> = {
  online: 'Online',
  offline: 'Offline',
};
