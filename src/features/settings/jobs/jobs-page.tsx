/** `/settings/jobs` (spec doc 3 §2.7): the job history of every resource. */
import { JobHistoryTable } from './job-history-table';

export function JobsPage() {
  return <JobHistoryTable />;
}
