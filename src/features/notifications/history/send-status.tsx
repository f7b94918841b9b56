/**
 * A send status as icon and text (spec doc 3 §3): sent, error, pending, cancelled, repeat-interval
 * (shown 'Repeated'), silenced — and `sending`, which the backend also writes. Each status has its
 * own icon shape as well as its colour, so it is never told by colour alone.
 */
import type { ReactNode } from 'react';
import { SEND_STATUS_LABELS } from '../../../api/notifications';
import { cx } from '../../../lib/class-names';
import {
  AlertCircleIcon,
  BellIcon,
  CheckIcon,
  ClockIcon,
  CloseIcon,
  RefreshIcon,
} from '../../../ui/icons';

const ICONS: Readonly<Record<string, { icon: ReactNode; className: string }>> = {
  sent: { icon: <CheckIcon size={14} />, className: 'text-healthy' },
  error: { icon: <AlertCircleIcon size={14} />, className: 'text-unhealthy' },
  pending: { icon: <ClockIcon size={14} />, className: 'text-warning' },
  sending: { icon: <ClockIcon size={14} />, className: 'text-warning' },
  cancelled: { icon: <CloseIcon size={14} />, className: 'text-fg-muted' },
  'repeat-interval': { icon: <RefreshIcon size={14} />, className: 'text-link' },
  silenced: { icon: <BellIcon size={14} />, className: 'text-fg-muted' },
};

export function sendStatusLabel(status: string | null | undefined): string {
  if (!status) return 'Unknown';
  return SEND_STATUS_LABELS[status] ?? status;
}

export function SendStatus({ status }: { status: string | null | undefined }) {
  const look = (status && ICONS[status]) || { icon: null, className: 'text-fg-muted' };
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap" data-status={status ?? ''}>
      <span aria-hidden="true" className={cx('inline-flex shrink-0', look.className)}>
        {look.icon}
      </span>
      <span className="text-fg">{sendStatusLabel(status)}</span>
    </span>
  );
}
