/**
 * Job history display rules (spec doc 3 §3–4): a job status's tone and word (RUNNING, SUCCESS,
 * WARNING, FAILED, STOPPED), the errors held in `details` (a string, a list, or a map of name to
 * nested error) as plain lines, and how a scraper's source decides whether it could be edited
 * (source UI is editable; anything else is managed elsewhere).
 */
import type { StatusTone } from '../../../ui/status-icon';

const TONES: Record<string, StatusTone> = {
  SUCCESS: 'healthy',
  WARNING: 'warning',
  FAILED: 'unhealthy',
  STOPPED: 'unhealthy',
};

/** The tone of a job status; running, skipped and unknown ones are neutral. */
export function jobStatusTone(status: string | null | undefined): StatusTone {
  return TONES[(status ?? '').toUpperCase()] ?? 'unknown';
}

/** `SUCCESS` → `Success`; none → `Unknown`. */
export function jobStatusLabel(status: string | null | undefined): string {
  const word = (status ?? '').trim();
  if (word === '') return 'Unknown';
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/** Errors shown at most per job (the rest is counted). */
export const MAX_JOB_ERRORS = 20;
/** Characters kept of one error line. */
export const MAX_JOB_ERROR_LENGTH = 500;

function flatten(value: unknown, prefix: string, out: string[], depth: number): void {
  if (out.length > MAX_JOB_ERRORS || depth > 5 || value === null || value === undefined) return;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    const text = String(value).trim();
    if (text !== '')
      out.push((prefix ? `${prefix}: ${text}` : text).slice(0, MAX_JOB_ERROR_LENGTH));
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) flatten(item, prefix, out, depth + 1);
    return;
  }
  if (typeof value === 'object') {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      flatten(item, prefix ? `${prefix} › ${key}` : key, out, depth + 1);
    }
  }
}

/** The error lines of a job's `details.errors` (string, list or nested map). */
export function jobErrors(details: unknown): string[] {
  if (!details || typeof details !== 'object' || Array.isArray(details)) return [];
  const out: string[] = [];
  flatten((details as Record<string, unknown>).errors, '', out, 0);
  return out;
}

export type SourceMode = { editable: true } | { editable: false; reason: string };

const ZERO_AGENT = '00000000-0000-0000-0000-000000000000';

/**
 * Whether a scraper's spec could be edited here, and if not, why (spec doc 3 §2.1 "Source
 * determines the editing mode").
 */
export function scraperSourceMode(scraper: {
  source?: string | null;
  agent_id?: string | null;
  agentName?: string | null;
}): SourceMode {
  const source = (scraper.source ?? '').trim();
  if (scraper.agent_id && scraper.agent_id !== ZERO_AGENT) {
    return {
      editable: false,
      reason: `Linked to ${scraper.agentName || 'an agent'}: the agent owns this scraper, so its spec is read-only here.`,
    };
  }
  if (source === '' || source === 'UI') return { editable: true };
  const lower = source.toLowerCase();
  if (lower.startsWith('kubernetes')) {
    return {
      editable: false,
      reason: `This scraper comes from a Kubernetes resource (${source}); change it there, as an edit here would be overwritten on the next sync.`,
    };
  }
  if (lower.startsWith('component')) {
    return {
      editable: false,
      reason: `This scraper comes from a topology component (${source}); change it there.`,
    };
  }
  if (source === 'ConfigFile') {
    return {
      editable: false,
      reason: 'Linked to local file: this scraper is defined in a file on the server.',
    };
  }
  return {
    editable: false,
    reason: `This scraper is managed by its source (${source}); only scrapers created in the UI can be edited.`,
  };
}
