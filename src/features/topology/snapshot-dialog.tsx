/**
 * The snapshot download (spec doc 2 §2, §7, §8; contract api.md §5): a time range (the first
 * option by default) and 'Related components' (off by default); the zip is saved as
 * '{name}-snapshot.zip'; a failure shows 'Error downloading file'.
 */
import { useId, useState } from 'react';
import { useApiClient } from '../../api/api-context';
import type { TopologyComponent } from '../../api/topology';
import { downloadTopologySnapshot, snapshotFileName } from '../../api/topology-snapshot';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Switch } from '../../ui/switch';
import { toast } from '../../ui/toast';

export const SNAPSHOT_ERROR_TEXT = 'Error downloading file';

/** The windows offered; the first is the default ("time-range default is the first option"). */
export const SNAPSHOT_TIME_RANGES = [
  { value: '15m', label: 'Last 15 minutes' },
  { value: '30m', label: 'Last 30 minutes' },
  { value: '1h', label: 'Last 1 hour' },
  { value: '3h', label: 'Last 3 hours' },
  { value: '6h', label: 'Last 6 hours' },
  { value: '12h', label: 'Last 12 hours' },
  { value: '1d', label: 'Last 1 day' },
  { value: '2d', label: 'Last 2 days' },
  { value: '7d', label: 'Last 7 days' },
] as const;

function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function SnapshotForm({
  component,
  onClose,
}: {
  component: TopologyComponent;
  onClose: () => void;
}) {
  const client = useApiClient();
  const selectId = useId();
  const [start, setStart] = useState<string>(SNAPSHOT_TIME_RANGES[0].value);
  const [related, setRelated] = useState(false);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const blob = await downloadTopologySnapshot(client, component.id, { start, related });
      saveBlob(blob, snapshotFileName(component.name));
    } catch {
      // The dialog closes first: a modal hides the toasts from assistive technology.
      setBusy(false);
      onClose();
      toast.error(SNAPSHOT_ERROR_TEXT);
      return;
    }
    setBusy(false);
    onClose();
  };
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void download();
      }}
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={selectId} className="text-sm font-medium text-fg">
          Time range
        </label>
        <select
          id={selectId}
          value={start}
          onChange={(event) => setStart(event.target.value)}
          className="h-9 rounded-md border border-border bg-surface px-2 text-sm text-fg shadow-sm hover:border-border-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary"
        >
          {SNAPSHOT_TIME_RANGES.map((range) => (
            <option key={range.value} value={range.value}>
              {range.label}
            </option>
          ))}
        </select>
        <p className="text-xs text-fg-muted">
          Checks, changes and logs from this window are included.
        </p>
      </div>
      <Switch label="Related components" checked={related} onChange={setRelated} />
      <div className="flex justify-end gap-2 border-t border-border pt-3">
        <Button type="button" variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? 'Preparing…' : 'Download'}
        </Button>
      </div>
    </form>
  );
}

export function SnapshotDialog({
  component,
  open,
  onClose,
}: {
  component: TopologyComponent;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      title="Download Snapshot"
      description={`A zip of ${component.name}: its components, checks, configs and changes.`}
    >
      {open ? <SnapshotForm component={component} onClose={onClose} /> : null}
    </Dialog>
  );
}
