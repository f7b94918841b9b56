/**
 * The Responders cell: the first five distinct people and teams (spec doc 2 §9 "First 5
 * responders shown per row (avatar group max 5)") as overlapping avatars, '+N' for the rest, and
 * every name in the accessible text and the tooltip.
 */
import { RESPONDER_AVATARS_SHOWN, type ResponderAvatar } from '../../../api/incident-list';
import { Avatar, initials } from '../../../ui/avatar';

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
      <span aria-hidden="true" className="flex items-center gap-1">
        {shown.map((responder) =>
          responder.kind === 'team' ? (
            // A team is a rounded square, a person a circle: the two are told apart by shape.
            <span
              key={responder.key}
              className="inline-flex size-7 items-center justify-center rounded-md border border-border-strong bg-surface-sunken text-xs font-semibold text-fg-muted"
            >
              {initials(responder.name)}
            </span>
          ) : (
            <Avatar key={responder.key} name={responder.name} src={responder.avatar} size="sm" />
          ),
        )}
        {more > 0 ? (
          <span className="inline-flex h-7 min-w-7 items-center justify-center rounded-full px-1 text-xs font-semibold text-fg-muted">
            +{more}
          </span>
        ) : null}
      </span>
    </span>
  );
}
