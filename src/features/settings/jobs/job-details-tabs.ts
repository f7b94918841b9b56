/**
 * Which tabs a job's details modal has (spec doc 3 §2.7): on its own, without the job history's
 * URL state, so that the resource lists that only ask "are there details?" do not load that.
 */
export type JobDetailsTab = 'errors' | 'scrape' | 'reconcile';
export const JOB_DETAILS_TAB_LABELS: Record<JobDetailsTab, string> = {
  errors: 'Errors',
  scrape: 'Scrape Summary',
  reconcile: 'Reconcile Summary',
};

function hasData(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/**
 * The tabs of a job's details modal, in order, each only when its data exists (errors,
 * scrape_summary, summary). Empty: the modal does not open.
 */
export function jobDetailsTabs(details: unknown): JobDetailsTab[] {
  if (!details || typeof details !== 'object') return [];
  const record = details as Record<string, unknown>;
  const tabs: JobDetailsTab[] = [];
  if (hasData(record.errors)) tabs.push('errors');
  if (hasData(record.scrape_summary)) tabs.push('scrape');
  if (hasData(record.summary)) tabs.push('reconcile');
  return tabs;
}
