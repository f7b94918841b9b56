/**
 * The Comments tab: the incident's comments (from the hypotheses of the detail read, newest
 * last) with author, time and mentions as chips, and the composer: a hypothesis selector, @mention
 * suggestions from people (a keyboard-navigable listbox), `@[display](user:id)` on the wire,
 * optimistic insert with rollback on failure (spec doc 2 §3, §5, §8).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useApiClient } from '../../../api/api-context';
import { errorMessage } from '../../../api/client';
import {
  createComment,
  hypothesisQueries,
  invalidateIncident,
  MAX_COMMENT_CHARS,
  type PersonRow,
} from '../../../api/hypotheses';
import type { CommentDetail, IncidentDetail } from '../../../api/incident-model';
import { cx } from '../../../lib/class-names';
import { useSession } from '../../../rbac/session-context';
import { useCan } from '../../../rbac/use-can';
import { Avatar } from '../../../ui/avatar';
import { Button } from '../../../ui/button';
import { RelativeTime } from '../../../ui/relative-time';
import { toast } from '../../../ui/toast';
import {
  activeMention,
  insertMention,
  parseComment,
  serializeComment,
  type Mention,
} from './mentions';

export interface IncidentCommentsProps {
  incident: IncidentDetail;
}

interface CommentItem extends CommentDetail {
  hypothesisId?: string | null;
  hypothesisTitle?: string;
  pending?: boolean;
}

const MAX_SUGGESTIONS = 8;

function byTime(a: CommentItem, b: CommentItem): number {
  const left = a.created_at ?? '';
  const right = b.created_at ?? '';
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * Every comment of the incident, oldest first (the newest is last, next to the composer): the
 * incident's comments read when it has answered, else those the detail read embeds.
 */
export function incidentComments(
  incident: IncidentDetail,
  read?: readonly (CommentDetail & { hypothesis_id?: string | null })[],
): CommentItem[] {
  const titles = new Map(
    (incident.hypotheses ?? []).map((h) => [h.id, h.title || '(no title)'] as const),
  );
  const out: CommentItem[] = [];
  if (read) {
    for (const comment of read) {
      const hypothesisId = comment.hypothesis_id ?? null;
      out.push({
        ...comment,
        hypothesisId,
        hypothesisTitle: hypothesisId ? titles.get(hypothesisId) : undefined,
      });
    }
  } else {
    for (const hypothesis of incident.hypotheses ?? []) {
      for (const comment of hypothesis.comments ?? []) {
        out.push({
          ...comment,
          hypothesisId: hypothesis.id,
          hypothesisTitle: titles.get(hypothesis.id),
        });
      }
    }
  }
  return out.sort(byTime);
}

function CommentText({ text }: { text: string }) {
  const segments = useMemo(() => parseComment(text), [text]);
  return (
    <p className="text-sm break-words whitespace-pre-wrap text-fg">
      {segments.map((segment, index) =>
        segment.kind === 'text' ? (
          <span key={index}>{segment.text}</span>
        ) : (
          <span
            key={index}
            data-mention={segment.id}
            className="mx-0.5 inline-flex items-center rounded-full bg-primary-soft px-1.5 py-px text-xs font-medium text-link"
          >
            @{segment.display}
          </span>
        ),
      )}
    </p>
  );
}

const CommentRow = memo(function CommentRow({ comment }: { comment: CommentItem }) {
  const author =
    comment.created_by?.name ??
    comment.external_created_by ??
    comment.responder_id?.team_id?.name ??
    'Unknown';
  return (
    <li
      // A comment being sent says so in words ("Sending…"), at full contrast (WCAG 1.4.3).
      className="flex list-none gap-3"
      data-comment-id={comment.id}
      aria-busy={comment.pending || undefined}
    >
      <Avatar
        name={author}
        src={comment.created_by?.avatar}
        size="sm"
        className="mt-0.5 shrink-0"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1 rounded-md border border-border bg-surface-raised px-3 py-2">
        <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-xs text-fg-muted">
          <span className="text-sm font-semibold text-fg">{author}</span>
          {comment.pending ? (
            <span className="italic">Sending…</span>
          ) : (
            <RelativeTime value={comment.created_at} />
          )}
          {comment.hypothesisTitle ? (
            <span
              className="max-w-xs min-w-0 truncate rounded-full border border-border bg-surface-sunken px-2 py-px"
              title={`On the hypothesis '${comment.hypothesisTitle}'`}
            >
              {comment.hypothesisTitle}
            </span>
          ) : null}
        </div>
        <CommentText text={comment.comment} />
      </div>
    </li>
  );
});

function matchesPerson(person: PersonRow, query: string): boolean {
  const q = query.toLowerCase();
  return (
    (person.name ?? '').toLowerCase().includes(q) || (person.email ?? '').toLowerCase().includes(q)
  );
}

function Composer({
  incident,
  onSend,
}: {
  incident: IncidentDetail;
  onSend: (input: { hypothesisId: string; comment: string }) => Promise<boolean>;
}) {
  const client = useApiClient();
  const ids = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [hypothesisId, setHypothesisId] = useState('');
  const [text, setText] = useState('');
  const [mentions, setMentions] = useState<Mention[]>([]);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  // Where the caret goes after a mention is inserted (applied to the DOM after the render).
  const pendingCaret = useRef<number | null>(null);

  const people = useQuery({ ...hypothesisQueries.people(client), enabled: focused });
  const mention = activeMention(text, caret);
  const suggestions = useMemo(() => {
    if (!mention || !people.data) return [];
    return people.data.filter((p) => matchesPerson(p, mention.query)).slice(0, MAX_SUGGESTIONS);
  }, [mention, people.data]);
  const open =
    focused && mention !== undefined && dismissedAt !== mention.start && suggestions.length > 0;
  const activeIndex = Math.min(active, Math.max(0, suggestions.length - 1));

  useEffect(() => {
    const position = pendingCaret.current;
    if (position === null) return;
    pendingCaret.current = null;
    textRef.current?.focus();
    textRef.current?.setSelectionRange(position, position);
  });

  const hypotheses = incident.hypotheses ?? [];
  const empty = text.trim() === '';
  const noHypothesis = hypothesisId === '';
  const showHypothesisError = submitted && noHypothesis;
  const showTextError = (touched || submitted) && empty;

  const choose = (person: PersonRow) => {
    if (!mention) return;
    const next = insertMention(text, mention.start, caret, person.name);
    setText(next.text);
    setMentions((list) => [...list, { display: person.name, id: person.id }]);
    setActive(0);
    setCaret(next.caret);
    pendingCaret.current = next.caret;
  };

  const send = async () => {
    setSubmitted(true);
    if (empty || noHypothesis || sending) return;
    setSending(true);
    const comment = serializeComment(text.trim(), mentions);
    const before = { text, mentions };
    setText('');
    setMentions([]);
    setTouched(false);
    setSubmitted(false);
    const ok = await onSend({ hypothesisId, comment });
    setSending(false);
    if (!ok) {
      // Rolled back: the text comes back so nothing typed is lost.
      setText(before.text);
      setMentions(before.mentions);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        setActive((activeIndex + 1) % suggestions.length);
        return;
      }
      if (event.key === 'ArrowUp') {
        event.preventDefault();
        setActive((activeIndex - 1 + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        const person = suggestions[activeIndex];
        if (person) {
          event.preventDefault();
          choose(person);
          return;
        }
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        setDismissedAt(mention?.start ?? null);
        return;
      }
    }
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      void send();
    }
  };

  const listboxId = `${ids}-mentions`;
  const optionId = (index: number) => `${ids}-mention-${index}`;
  const textErrorId = `${ids}-text-error`;
  const hypothesisErrorId = `${ids}-hypothesis-error`;

  return (
    <form
      aria-label="Add a comment"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      className="flex flex-col gap-2 rounded-md border border-border bg-surface-raised p-3"
    >
      <div className="relative">
        <textarea
          ref={textRef}
          value={text}
          rows={3}
          maxLength={MAX_COMMENT_CHARS}
          placeholder="Add a comment… type @ to mention someone"
          aria-label="Comment"
          aria-autocomplete="list"
          aria-controls={open ? listboxId : undefined}
          aria-activedescendant={open ? optionId(activeIndex) : undefined}
          aria-invalid={showTextError || undefined}
          aria-describedby={showTextError ? textErrorId : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setCaret(event.target.selectionStart);
            setActive(0);
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={() => {
            setFocused(false);
            if (text !== '') setTouched(true);
          }}
          className="block w-full resize-y rounded-md border border-border bg-surface px-2.5 py-2 text-sm text-fg placeholder:text-fg-subtle hover:border-border-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary aria-[invalid=true]:border-danger"
        />
        {open ? (
          <ul
            id={listboxId}
            role="listbox"
            aria-label="People to mention"
            className="absolute top-full left-0 z-20 m-0 mt-1 max-h-72 w-80 overflow-auto rounded-lg border border-border bg-surface-raised p-1 shadow-lg"
          >
            {suggestions.map((person, index) => (
              <li
                key={person.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(person);
                }}
                onMouseEnter={() => setActive(index)}
                className={cx(
                  'flex cursor-pointer list-none items-center gap-2 rounded-md px-2 py-1.5 text-sm',
                  index === activeIndex ? 'bg-surface-hover text-fg' : 'text-fg-muted',
                )}
              >
                <Avatar name={person.name} src={person.avatar} size="sm" className="shrink-0" />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-medium text-fg">{person.name}</span>
                  {person.email ? (
                    <span className="truncate text-xs text-fg-subtle">{person.email}</span>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {showTextError ? (
        <p id={textErrorId} className="text-xs text-danger">
          Please add comment details
        </p>
      ) : null}
      <div className="flex flex-wrap items-start gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <select
            value={hypothesisId}
            onChange={(event) => setHypothesisId(event.target.value)}
            aria-label="Hypothesis"
            aria-invalid={showHypothesisError || undefined}
            aria-describedby={showHypothesisError ? hypothesisErrorId : undefined}
            className="h-8 w-full max-w-sm min-w-0 rounded-md border border-border bg-surface px-2 text-sm text-fg hover:border-border-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary aria-[invalid=true]:border-danger"
          >
            <option value="">Select a hypothesis</option>
            {hypotheses.map((hypothesis) => (
              <option key={hypothesis.id} value={hypothesis.id}>
                {hypothesis.title || '(no title)'}
              </option>
            ))}
          </select>
          {showHypothesisError ? (
            <p id={hypothesisErrorId} className="text-xs text-danger">
              Please select any hypothesis
            </p>
          ) : null}
        </div>
        <Button type="submit" variant="primary" size="sm" disabled={empty || sending}>
          Send
        </Button>
      </div>
    </form>
  );
}

export function IncidentComments({ incident }: IncidentCommentsProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const canComment = useCan('comments', 'write');
  const [optimistic, setOptimistic] = useState<CommentItem[]>([]);
  const read = useQuery(hypothesisQueries.comments(client, incident.id));
  const stored = useMemo(() => incidentComments(incident, read.data), [incident, read.data]);
  const comments = useMemo(() => {
    const known = new Set(stored.map((c) => c.id));
    return [...stored, ...optimistic.filter((c) => !known.has(c.id))];
  }, [stored, optimistic]);

  const send = async ({ hypothesisId, comment }: { hypothesisId: string; comment: string }) => {
    if (!user) return false;
    const tempId = `pending-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const hypothesis = incident.hypotheses?.find((h) => h.id === hypothesisId);
    const placeholder: CommentItem = {
      id: tempId,
      comment,
      created_at: new Date().toISOString(),
      created_by: { id: user.id, name: user.name, avatar: user.avatar ?? null },
      hypothesisId,
      hypothesisTitle: hypothesis?.title || '(no title)',
      pending: true,
    };
    setOptimistic((list) => [...list, placeholder]);
    let savedId: string | undefined;
    try {
      const saved = await createComment(client, {
        created_by: user.id,
        incident_id: incident.id,
        hypothesis_id: hypothesisId,
        comment,
      });
      // The placeholder takes the saved comment's id: the refetched list that holds it then
      // replaces the placeholder in the same render (never both on screen).
      if (saved?.id) {
        const id = saved.id;
        savedId = id;
        setOptimistic((list) => list.map((c) => (c.id === tempId ? { ...c, id } : c)));
      }
      await invalidateIncident(queryClient, client.baseUrl, incident.id);
      return true;
    } catch (error: unknown) {
      console.error('Comment creation failed:', error);
      toast.error(errorMessage(error));
      return false;
    } finally {
      setOptimistic((list) => list.filter((c) => c.id !== tempId && c.id !== savedId));
    }
  };

  return (
    <div className="flex flex-col gap-4">
      {comments.length === 0 ? (
        <p className="text-sm text-fg-muted">No comments yet.</p>
      ) : (
        <ol className="m-0 flex flex-col gap-3 p-0">
          {comments.map((comment) => (
            <CommentRow key={comment.id} comment={comment} />
          ))}
        </ol>
      )}
      {canComment ? <Composer incident={incident} onSend={send} /> : null}
    </div>
  );
}
