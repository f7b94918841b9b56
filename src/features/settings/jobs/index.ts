/** The job history table, for /settings/jobs and the Job History tab of settings resources. */
export { JobHistoryTable, type JobHistoryTableProps } from './job-history-table';
