/**
 * Query keys of the incident workspace, shared by the list, the workspace, the hypothesis tree and
 * the attach-evidence dialogs so that a write anywhere refreshes every view of the incident. The
 * client's base URL is part of every key.
 */
export const incidentAreaKeys = {
  /** Everything incident-related under one base URL (the list, details, histories, responders). */
  all: (baseUrl: string) => ['incident-area', baseUrl] as const,
  list: (baseUrl: string) => [...incidentAreaKeys.all(baseUrl), 'list'] as const,
  /** One incident: its detail read, history and responders live under this prefix. */
  incident: (baseUrl: string, id: string) =>
    [...incidentAreaKeys.all(baseUrl), 'incident', id.toLowerCase()] as const,
};
