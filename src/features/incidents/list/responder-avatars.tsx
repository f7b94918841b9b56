/**
 * The Responders cell: the first five distinct people and teams (spec doc 2 §9 "First 5
 * responders shown per row (avatar group max 5)") as overlapping avatars, '+N' for the rest, and
 * every name in the accessible text and the tooltip.
 */
import { RESPONDER_AVATARS_SHOWN, type ResponderAvatar } from '../../../api/incident-list';
import { Avatar } from '../../../ui/avatar';

function describe(responder: ResponderAvatar): string {
  return responder.kind === 'team' ? `${responder.name} (team)` : responder.name;
}

export function responderNames(responders: readonly ResponderAvatar[]): string {
  return responders.map(describe).join(', ');
}

export function ResponderAvatars({ responders }: { responders: readonly ResponderAvatar[] }) {
  if (responders.length === 0) return <span className="text-fg-subtle">-</span>;
  const shown = responders.slice(0, RESPONDER_AVATARS_SHOWN);
  const more = responders.length - shown.length;
  const names = responderNames(responders);
  return (
    <span className="inline-flex items-center" title={names}>
      <span className="sr-only">{names}</span>
      <span aria-hidden="true" className="flex items-center -space-x-1.5">
        {shown.map((responder) => (
          <Avatar
            key={responder.key}
            name={responder.name}
            src={responder.kind === 'person' ? responder.avatar : null}
            size="sm"
            className={
              responder.kind === 'team'
                ? 'ring-2 ring-surface outline outline-1 -outline-offset-1 outline-border-strong'
                : 'ring-2 ring-surface'
            }
          />
        ))}
        {more > 0 ? (
          <span className="z-10 inline-flex size-7 items-center justify-center rounded-full bg-surface-sunken text-xs font-semibold text-fg-muted ring-2 ring-surface">
            +{more}
          </span>
        ) : null}
      </span>
    </span>
  );
}
