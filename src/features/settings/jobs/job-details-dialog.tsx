/**
 * A job's details (spec doc 3 §2.7): tabs Errors, Scrape Summary and Reconcile Summary, each only
 * when its data exists, opening on the first available. Errors are plain text, a one-column
 * table, or formatted JSON; the summaries are formatted JSON.
 */
import { useState } from 'react';
import type { JobHistoryRow } from '../../../api/job-history';
import { Button } from '../../../ui/button';
import { CodeView } from '../../../ui/code-view';
import { PlainTable } from '../../../ui/data-table';
import { Dialog } from '../../../ui/dialog';
import { Tabs } from '../../../ui/tabs';
import { JOB_DETAILS_TAB_LABELS, jobDetailsTabs, type JobDetailsTab } from './job-details-tabs';
import { jobErrorView } from './job-history-params';

function JobErrors({ errors }: { errors: unknown }) {
  const view = jobErrorView(errors);
  if (view.kind === 'text') {
    return (
      <pre className="max-h-[60vh] overflow-auto rounded-md border border-border bg-surface-sunken p-3 text-sm whitespace-pre-wrap text-fg">
        {view.text}
      </pre>
    );
  }
  if (view.kind === 'list') {
    return (
      <PlainTable<{ text: string; index: number }>
        label="Errors"
        rows={view.items.map((text, index) => ({ text, index }))}
        getRowId={(row) => String(row.index)}
        columns={[
          {
            id: 'error',
            header: 'Error',
            cell: (row) => <span className="break-words whitespace-pre-wrap">{row.text}</span>,
          },
        ]}
      />
    );
  }
  return <CodeView content={view.json} language="json" label="Errors" maxHeight="60vh" />;
}

function JsonPanel({ value, label }: { value: unknown; label: string }) {
  return (
    <CodeView
      content={JSON.stringify(value, null, 2)}
      language="json"
      label={label}
      maxHeight="60vh"
    />
  );
}

export interface JobDetailsDialogProps {
  job: JobHistoryRow;
  onClose: () => void;
}

export function JobDetailsDialog({ job, onClose }: JobDetailsDialogProps) {
  const tabs = jobDetailsTabs(job.details);
  const [selected, setSelected] = useState<JobDetailsTab | undefined>(tabs[0]);
  const current = selected && tabs.includes(selected) ? selected : tabs[0];
  const details = job.details ?? {};
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={`${job.name ?? 'Job'}${job.resource_name ? ` · ${job.resource_name}` : ''}`}
      description={
        job.time_start ? `Started ${new Date(job.time_start).toLocaleString()}` : undefined
      }
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <Tabs
        label="Job details"
        items={tabs.map((id) => ({ id, label: JOB_DETAILS_TAB_LABELS[id] }))}
        selectedId={current ?? ''}
        onChange={(id) => setSelected(id as JobDetailsTab)}
      >
        <div className="pt-3">
          {current === 'errors' ? <JobErrors errors={details.errors} /> : null}
          {current === 'scrape' ? (
            <JsonPanel value={details.scrape_summary} label="Scrape Summary" />
          ) : null}
          {current === 'reconcile' ? (
            <JsonPanel value={details.summary} label="Reconcile Summary" />
          ) : null}
        </div>
      </Tabs>
    </Dialog>
  );
}
