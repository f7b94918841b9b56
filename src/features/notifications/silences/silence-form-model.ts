/**
 * The silence form's model (spec doc 3 §3, §4; api.md §11.1): one resource (Catalog, Component,
 * Check or Canary — choosing one clears the others), recursive, from and until (from before
 * until), reason. Times are edited as local `datetime-local` text and sent as RFC 3339.
 */
import {
  silenceResource,
  silenceResourceOf,
  type NotificationSilence,
  type SilenceResourceKind,
  type SilenceWrite,
} from '../../../api/notifications';

/** The name the silences' toasts use ('Notification silence updated'). */
export const SILENCE_NAME = 'Notification silence';

export interface SilenceDraft {
  kind: SilenceResourceKind;
  resourceId: string;
  recursive: boolean;
  from: string;
  until: string;
  reason: string;
}

export type SilenceErrors = Partial<Record<keyof SilenceDraft, string>>;

export const REASON_MAX = 1000;
export const FROM_BEFORE_UNTIL = 'From must be before Until';
/** Quick lengths for Until, counted from From. */
export const SILENCE_LENGTHS = [
  { label: '1h', ms: 3_600_000 },
  { label: '4h', ms: 4 * 3_600_000 },
  { label: '1d', ms: 86_400_000 },
  { label: '3d', ms: 3 * 86_400_000 },
  { label: '7d', ms: 7 * 86_400_000 },
] as const;

const pad = (value: number) => String(value).padStart(2, '0');

/** A date as `datetime-local` text in the browser's zone (minutes). */
export function toLocalInput(date: Date | string | number): string {
  const value = new Date(date);
  if (Number.isNaN(value.getTime())) return '';
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}T${pad(
    value.getHours(),
  )}:${pad(value.getMinutes())}`;
}

/** `datetime-local` text as a Date; undefined when empty or invalid. */
export function fromLocalInput(text: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) return undefined;
  const value = new Date(text);
  return Number.isNaN(value.getTime()) ? undefined : value;
}

const KIND_PARAMS: readonly [SilenceResourceKind, string][] = [
  ['config', 'config_id'],
  ['component', 'component_id'],
  ['check', 'check_id'],
  ['canary', 'canary_id'],
];

/** A new silence: from now for two hours, the resource of the query (`?check_id=…`) if any. */
export function newSilenceDraft(search = '', now = Date.now()): SilenceDraft {
  const params = new URLSearchParams(search);
  const preset = KIND_PARAMS.find(([, key]) => params.get(key));
  return {
    kind: preset?.[0] ?? 'config',
    resourceId: preset ? (params.get(preset[1]) ?? '') : '',
    recursive: false,
    from: toLocalInput(now),
    until: toLocalInput(now + 2 * 3_600_000),
    reason: '',
  };
}

export function draftFromSilence(silence: NotificationSilence): SilenceDraft {
  const resource = silenceResourceOf(silence);
  return {
    kind: resource?.kind ?? 'config',
    resourceId: resource?.id ?? '',
    recursive: Boolean(silence.recursive),
    from: toLocalInput(silence.from),
    until: toLocalInput(silence.until),
    reason: silence.description ?? '',
  };
}

export function validateSilence(draft: SilenceDraft): SilenceErrors {
  const errors: SilenceErrors = {};
  if (!draft.resourceId) errors.resourceId = 'This field is required';
  const from = fromLocalInput(draft.from);
  const until = fromLocalInput(draft.until);
  if (!from) errors.from = 'This field is required';
  if (!until) errors.until = 'This field is required';
  if (from && until && from.getTime() >= until.getTime()) errors.until = FROM_BEFORE_UNTIL;
  if (draft.reason.length > REASON_MAX) errors.reason = `At most ${REASON_MAX} characters`;
  return errors;
}

export function silenceWriteOf(draft: SilenceDraft): SilenceWrite {
  return {
    from: fromLocalInput(draft.from)?.toISOString() ?? 'now',
    until: fromLocalInput(draft.until)?.toISOString() ?? '',
    description: draft.reason.trim(),
    recursive: draft.recursive,
    ...silenceResource(draft.kind, draft.resourceId),
  };
}

/** Where a silence stands now: upcoming, active or expired. */
export function silenceState(
  silence: Pick<NotificationSilence, 'from' | 'until'>,
  now = Date.now(),
): 'upcoming' | 'active' | 'expired' {
  if (new Date(silence.from).getTime() > now) return 'upcoming';
  if (new Date(silence.until).getTime() <= now) return 'expired';
  return 'active';
}
