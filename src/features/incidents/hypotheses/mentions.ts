/**
 * Comment mentions (spec doc 2 §3): the stored text carries `@[display](user:id)`; the composer
 * shows `@display` and keeps which person each mention is, so sending serialises it back.
 * Pure functions, tested beside.
 */

export type CommentSegment =
  { kind: 'text'; text: string } | { kind: 'mention'; display: string; id: string };

export interface Mention {
  display: string;
  id: string;
}

/** The trigger that opens the suggestions. */
export const MENTION_TRIGGER = '@';

const MENTION_PATTERN = /@\[([^\]\n]{1,200})\]\(user:([^)\s]{1,100})\)/g;

/** Split stored comment text into text and mentions. */
export function parseComment(text: string): CommentSegment[] {
  const out: CommentSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(MENTION_PATTERN)) {
    const index = match.index;
    if (index > last) out.push({ kind: 'text', text: text.slice(last, index) });
    out.push({ kind: 'mention', display: match[1] ?? '', id: match[2] ?? '' });
    last = index + match[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

/** A display name that cannot break the markup (no brackets or line breaks). */
export function mentionDisplay(name: string): string {
  return (
    name
      .replace(/[[\]()\n\r]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'user'
  );
}

/** `@[display](user:id)`. */
export function mentionMarkup(mention: Mention): string {
  return `@[${mentionDisplay(mention.display)}](user:${mention.id})`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The composer's plain text (`@Ada Admin please look`) with the mentions picked from the
 * suggestions turned into markup. A mention the user has since edited away stays plain text;
 * longer names are matched first so `@Ada Admin` wins over `@Ada`.
 */
export function serializeComment(plain: string, mentions: readonly Mention[]): string {
  const unique = new Map<string, Mention>();
  for (const mention of mentions) unique.set(mentionDisplay(mention.display), mention);
  if (unique.size === 0) return plain;
  const names = [...unique.keys()].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(`@(${names.map(escapeRegExp).join('|')})(?![\\w-])`, 'g');
  return plain.replace(pattern, (whole, name: string) => {
    const mention = unique.get(name);
    return mention ? mentionMarkup({ display: name, id: mention.id }) : whole;
  });
}

/** The plain text of stored markup (`@display` for each mention). */
export function commentPlainText(text: string): string {
  return parseComment(text)
    .map((segment) => (segment.kind === 'text' ? segment.text : `@${segment.display}`))
    .join('');
}

/**
 * The mention being typed at the caret: `@` at the start or after whitespace, then up to 40
 * characters without whitespace. Undefined when the caret is not in one.
 */
export function activeMention(
  text: string,
  caret: number,
): { start: number; query: string } | undefined {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([^\s@]{0,40})$/.exec(before);
  if (!match) return undefined;
  const query = match[2] ?? '';
  return { start: caret - query.length - 1, query };
}

/** Replace the typed `@query` (from `start` to `caret`) by `@display ` and give the new caret. */
export function insertMention(
  text: string,
  start: number,
  caret: number,
  display: string,
): { text: string; caret: number } {
  const inserted = `@${mentionDisplay(display)} `;
  const next = text.slice(0, start) + inserted + text.slice(caret).replace(/^ /, '');
  return { text: next, caret: start + inserted.length };
}
