/** A run or step status: an icon in the status colour and its label (spec doc 3 §4). */
import { runStatusTone, statusLabel, type RunStatusTone } from '../../api/playbooks-logic';
import { cx } from '../../lib/class-names';
import {
  CheckIcon,
  ChevronsRightIcon,
  ClockIcon,
  CloseIcon,
  MinusIcon,
  RefreshIcon,
} from '../../ui/icons';

const toneClass: Record<RunStatusTone, string> = {
  success: 'text-healthy',
  failure: 'text-unhealthy',
  active: 'text-info',
  waiting: 'text-warning',
  neutral: 'text-fg-muted',
};

export function RunStatusIcon({ status, size = 14 }: { status: string; size?: number }) {
  const word = status.toLowerCase();
  const icon =
    word === 'completed' ? (
      <CheckIcon size={size} />
    ) : word === 'failed' ? (
      <CloseIcon size={size} />
    ) : word === 'running' ? (
      <RefreshIcon size={size} className="motion-safe:animate-spin" />
    ) : word === 'skipped' ? (
      <ChevronsRightIcon size={size} />
    ) : word === 'cancelled' ? (
      <MinusIcon size={size} />
    ) : (
      <ClockIcon size={size} />
    );
  return (
    <span
      className={cx('inline-flex shrink-0', toneClass[runStatusTone(status)])}
      aria-hidden="true"
    >
      {icon}
    </span>
  );
}

export function RunStatus({ status, className }: { status: string; className?: string }) {
  return (
    <span className={cx('inline-flex items-center gap-1.5 whitespace-nowrap', className)}>
      <RunStatusIcon status={status} />
      <span className="text-fg">{statusLabel(status)}</span>
    </span>
  );
}
