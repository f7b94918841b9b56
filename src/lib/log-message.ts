/**
 * Log messages to a safe tree (spec doc 2 §2 "Logs", §5 "Message HTML is sanitised"): ANSI
 * colour and style escapes, OSC 8 hyperlinks and a small set of inline HTML become nodes that the
 * UI renders as React elements, never as an HTML string. So nothing in a message can run:
 *
 * - **Kept HTML** (as elements, without any attribute): b, strong, i, em, u, s, del, ins, code,
 *   kbd, samp, mark, small, sub, sup, span; `br` is a line break; `a` is a link when its `href`
 *   is an absolute http or https URL, its text otherwise.
 * - **Dropped with their content:** script, style, iframe, object, embed, template, svg, math and
 *   the other elements whose content is code or not text, and HTML comments.
 * - **Dropped, content kept:** every other HTML element name (div, p, font, img, table…), so a
 *   formatted message reads as its text. Attributes are never kept: no event handlers, styles or
 *   classes reach the page.
 * - **Not HTML:** a `<` that does not open a known element name stays text, so Go's `<nil>`, a
 *   `<uuid>` placeholder or `a < b` read as written.
 * - **ANSI:** SGR bold, dim, italic, underline, strike, inverse, the 8/16 colours, 256 colours and
 *   24-bit colours (mapped to the nearest of the eight tones, which the UI draws with its theme's
 *   status colours so they stay readable in light and dark); every other escape is dropped.
 * - **Links** in plain text are recognised when they start with http:// or https://.
 */

/** The eight ANSI colours; bright variants, 256 and 24-bit colours map to the nearest. */
export type AnsiTone = 'black' | 'red' | 'green' | 'yellow' | 'blue' | 'magenta' | 'cyan' | 'white';

export interface AnsiStyle {
  fg?: AnsiTone;
  bg?: AnsiTone;
  bold?: boolean;
  dim?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  inverse?: boolean;
}

/** HTML elements kept as elements (without attributes). */
export const KEPT_TAGS = [
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'del',
  'ins',
  'code',
  'kbd',
  'samp',
  'mark',
  'small',
  'sub',
  'sup',
  'span',
] as const;
export type KeptTag = (typeof KEPT_TAGS)[number];

export type LogNode =
  | { kind: 'text'; text: string; style: AnsiStyle }
  | { kind: 'link'; href: string; children: LogNode[] }
  | { kind: 'element'; tag: KeptTag; children: LogNode[] }
  | { kind: 'break' };

/** Longer messages are cut for display (a log line of megabytes would stall the table). */
export const MAX_MESSAGE_CHARS = 20_000;

const KEPT: ReadonlySet<string> = new Set(KEPT_TAGS);

/** Elements whose whole content is dropped (code, styles, embedded documents, form values). */
const DROPPED_WITH_CONTENT: ReadonlySet<string> = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'textarea',
  'select',
  'title',
  'head',
  'svg',
  'math',
  'xmp',
  'plaintext',
  'canvas',
  'audio',
  'video',
]);

/** Other HTML element names: the tag is dropped, its content kept. */
const STRIPPED: ReadonlySet<string> = new Set(
  (
    'a abbr address area article aside base bdi bdo big blink blockquote body button caption ' +
    'center cite col colgroup data datalist dd details dfn dialog dir div dl dt fieldset ' +
    'figcaption figure font footer form h1 h2 h3 h4 h5 h6 header hgroup hr html img input label ' +
    'legend li link main map marquee menu meta meter nav ol optgroup option output p param ' +
    'picture pre progress q rp rt ruby section source strike summary table tbody td tfoot th ' +
    'thead time tr track tt ul var wbr br'
  ).split(' '),
);

function isHtmlTagName(name: string): boolean {
  return KEPT.has(name) || DROPPED_WITH_CONTENT.has(name) || STRIPPED.has(name);
}

// ---------------------------------------------------------------------------------------------
// Links

/**
 * The URL when it is an absolute http or https URL (after trimming), otherwise undefined. Only
 * such URLs become links: `javascript:`, `data:`, relative and protocol-relative URLs do not.
 */
export function safeHttpUrl(raw: string): string | undefined {
  const text = raw.trim();
  if (!/^https?:\/\//i.test(text)) return undefined;
  // Browsers ignore tabs and newlines inside URLs; a URL holding them is not one we link.
  // eslint-disable-next-line no-control-regex -- control characters are what this matches
  if (/[\u0000-\u001f\u007f\s]/.test(text)) return undefined;
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    if (!url.hostname) return undefined;
    return url.href;
  } catch {
    return undefined;
  }
}

// eslint-disable-next-line no-control-regex -- control characters are what this matches
const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`\u0000-\u001f]+/gi;

/** Trailing characters that end a sentence rather than a URL. */
function trimUrlEnd(candidate: string): string {
  let url = candidate;
  for (;;) {
    const last = url.at(-1);
    if (last && '.,;:!?*'.includes(last)) {
      url = url.slice(0, -1);
      continue;
    }
    const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
    const open = last ? pairs[last] : undefined;
    if (last && open && count(url, last) > count(url, open)) {
      url = url.slice(0, -1);
      continue;
    }
    return url;
  }
}

function count(text: string, char: string): number {
  let n = 0;
  for (const c of text) if (c === char) n += 1;
  return n;
}

// ---------------------------------------------------------------------------------------------
// Entities

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  copy: '©',
  reg: '®',
  trade: '™',
  laquo: '«',
  raquo: '»',
};

/** Decode the common named entities and numeric references; unknown ones stay as written. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]{2,8});/g, (match, body) => {
    const entity = String(body);
    if (entity.startsWith('#')) {
      const hex = entity[1] === 'x' || entity[1] === 'X';
      const code = Number.parseInt(entity.slice(hex ? 2 : 1), hex ? 16 : 10);
      if (!Number.isFinite(code) || code === 0 || code > 0x10ffff) return '\ufffd';
      if (code >= 0xd800 && code <= 0xdfff) return '\ufffd';
      return String.fromCodePoint(code);
    }
    return NAMED_ENTITIES[entity.toLowerCase()] ?? match;
  });
}

// ---------------------------------------------------------------------------------------------
// ANSI

const TONES: readonly AnsiTone[] = [
  'black',
  'red',
  'green',
  'yellow',
  'blue',
  'magenta',
  'cyan',
  'white',
];

/** The nearest of the eight tones to an RGB colour (by saturation, lightness and hue). */
export function toneOfRgb(r: number, g: number, b: number): AnsiTone {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2 / 255;
  const chroma = (max - min) / 255;
  if (chroma < 0.15) return lightness < 0.5 ? 'black' : 'white';
  let hue: number;
  if (max === r) hue = ((g - b) / (max - min)) * 60;
  else if (max === g) hue = ((b - r) / (max - min)) * 60 + 120;
  else hue = ((r - g) / (max - min)) * 60 + 240;
  if (hue < 0) hue += 360;
  if (hue < 20 || hue >= 330) return 'red';
  if (hue < 70) return 'yellow';
  if (hue < 165) return 'green';
  if (hue < 200) return 'cyan';
  if (hue < 265) return 'blue';
  return 'magenta';
}

/** A colour of the 256-colour palette as a tone. */
export function toneOf256(index: number): AnsiTone | undefined {
  if (!Number.isInteger(index) || index < 0 || index > 255) return undefined;
  if (index < 16) return TONES[index % 8];
  if (index >= 232) {
    const level = 8 + (index - 232) * 10;
    return level < 128 ? 'black' : 'white';
  }
  const cube = index - 16;
  const step = (value: number) => (value === 0 ? 0 : 55 + value * 40);
  return toneOfRgb(step(Math.floor(cube / 36)), step(Math.floor(cube / 6) % 6), step(cube % 6));
}

/** Apply one SGR sequence's parameters (`1;31`, `38;5;196`, `` = reset) to a style. */
export function applySgr(style: AnsiStyle, params: string): AnsiStyle {
  const codes = params === '' ? [0] : params.split(/[;:]/).map((part) => Number(part || '0'));
  let next: AnsiStyle = { ...style };
  for (let index = 0; index < codes.length; index += 1) {
    const code = codes[index] ?? 0;
    if (code === 0) next = {};
    else if (code === 1) next.bold = true;
    else if (code === 2) next.dim = true;
    else if (code === 3) next.italic = true;
    else if (code === 4) next.underline = true;
    else if (code === 7) next.inverse = true;
    else if (code === 9) next.strike = true;
    else if (code === 22) {
      delete next.bold;
      delete next.dim;
    } else if (code === 23) delete next.italic;
    else if (code === 24) delete next.underline;
    else if (code === 27) delete next.inverse;
    else if (code === 29) delete next.strike;
    else if (code >= 30 && code <= 37) next.fg = TONES[code - 30];
    else if (code >= 90 && code <= 97) next.fg = TONES[code - 90];
    else if (code === 39) delete next.fg;
    else if (code >= 40 && code <= 47) next.bg = TONES[code - 40];
    else if (code >= 100 && code <= 107) next.bg = TONES[code - 100];
    else if (code === 49) delete next.bg;
    else if (code === 38 || code === 48) {
      const mode = codes[index + 1];
      let tone: AnsiTone | undefined;
      if (mode === 5) {
        tone = toneOf256(codes[index + 2] ?? -1);
        index += 2;
      } else if (mode === 2) {
        const [r, g, b] = [codes[index + 2], codes[index + 3], codes[index + 4]];
        const valid = [r, g, b].every(
          (value) => value !== undefined && Number.isInteger(value) && value >= 0 && value <= 255,
        );
        tone = valid ? toneOfRgb(r ?? 0, g ?? 0, b ?? 0) : undefined;
        index += 4;
      }
      if (tone) {
        if (code === 38) next.fg = tone;
        else next.bg = tone;
      }
    }
  }
  return next;
}

// ---------------------------------------------------------------------------------------------
// The parser

interface Frame {
  /** The HTML tag name, or `osc8` for a terminal hyperlink, or `root`. */
  name: string;
  children: LogNode[];
}

/**
 * The message as a tree of safe nodes. Adjacent text of the same style is merged; control
 * characters other than tab and newline are dropped; messages over `MAX_MESSAGE_CHARS` are cut
 * and end with '…'.
 */
export function parseLogMessage(message: string): LogNode[] {
  const input = message.length > MAX_MESSAGE_CHARS ? message.slice(0, MAX_MESSAGE_CHARS) : message;
  const root: Frame = { name: 'root', children: [] };
  const stack: Frame[] = [root];
  let style: AnsiStyle = {};
  let linkDepth = 0;
  let text = '';

  const top = () => stack[stack.length - 1] ?? root;

  const pushText = (value: string) => {
    if (!value) return;
    const children = top().children;
    const last = children[children.length - 1];
    if (last && last.kind === 'text' && sameStyle(last.style, style)) last.text += value;
    else children.push({ kind: 'text', text: value, style: { ...style } });
  };

  const flush = () => {
    if (!text) return;
    // eslint-disable-next-line no-control-regex -- control characters are what this matches
    const decoded = decodeEntities(text).replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
    text = '';
    if (linkDepth > 0) {
      pushText(decoded);
      return;
    }
    let last = 0;
    for (const match of decoded.matchAll(URL_IN_TEXT)) {
      const start = match.index;
      const candidate = trimUrlEnd(match[0]);
      const href = safeHttpUrl(candidate);
      if (!href) continue;
      pushText(decoded.slice(last, start));
      top().children.push({
        kind: 'link',
        href,
        children: [{ kind: 'text', text: candidate, style: { ...style } }],
      });
      last = start + candidate.length;
    }
    pushText(decoded.slice(last));
  };

  const open = (name: string, node: LogNode & { children: LogNode[] }) => {
    top().children.push(node);
    stack.push({ name, children: node.children });
    if (node.kind === 'link') linkDepth += 1;
  };

  /** Close the nearest open frame called `name` and the frames above it; false if none. */
  const close = (name: string): boolean => {
    for (let depth = stack.length - 1; depth > 0; depth -= 1) {
      if (stack[depth]?.name !== name) continue;
      while (stack.length > depth) {
        const frame = stack.pop();
        if (frame && (frame.name === 'a-link' || frame.name === 'osc8')) linkDepth -= 1;
      }
      return true;
    }
    return false;
  };

  let index = 0;
  while (index < input.length) {
    const char = input[index];
    if (char === '\u001b' || char === '\u009b') {
      flush();
      index = readEscape(input, index, {
        sgr: (params) => {
          style = applySgr(style, params);
        },
        hyperlink: (url) => {
          if (url === '') {
            close('osc8');
            return;
          }
          const href = safeHttpUrl(url);
          if (href && linkDepth === 0) open('osc8', { kind: 'link', href, children: [] });
        },
      });
      continue;
    }
    if (char === '<') {
      const tag = readTag(input, index);
      if (tag) {
        flush();
        index = tag.end;
        if (tag.kind === 'comment') continue;
        const name = tag.name;
        if (tag.closing) {
          if (name === 'a') {
            if (!close('a-link')) close('a');
          } else close(name);
          continue;
        }
        if (DROPPED_WITH_CONTENT.has(name)) {
          index = skipElementContent(input, index, name);
          continue;
        }
        if (name === 'br') {
          top().children.push({ kind: 'break' });
          continue;
        }
        if (name === 'a') {
          const href = tag.href === undefined ? undefined : safeHttpUrl(decodeEntities(tag.href));
          if (href && linkDepth === 0 && !tag.selfClosing) {
            open('a-link', { kind: 'link', href, children: [] });
          } else if (!tag.selfClosing) {
            // Kept as a marker so '</a>' closes nothing else; its text is kept.
            stack.push({ name: 'a', children: top().children });
          }
          continue;
        }
        if (KEPT.has(name) && !tag.selfClosing) {
          open(name, { kind: 'element', tag: name as KeptTag, children: [] });
        }
        continue;
      }
    }
    text += char;
    index += 1;
  }
  flush();
  if (message.length > MAX_MESSAGE_CHARS) {
    stack.length = 1;
    linkDepth = 0;
    style = {};
    pushText('…');
  }
  return root.children;
}

function sameStyle(a: AnsiStyle, b: AnsiStyle): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof AnsiStyle>;
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
}

/**
 * Read the escape sequence at `start` (ESC or the 8-bit CSI) and return the index after it.
 * CSI `m` is SGR; OSC 8 is a hyperlink; everything else is skipped.
 */
function readEscape(
  input: string,
  start: number,
  handlers: { sgr: (params: string) => void; hyperlink: (url: string) => void },
): number {
  let index = start + 1;
  let isCsi = input[start] === '\u009b';
  if (!isCsi) {
    const next = input[index];
    if (next === '[') {
      isCsi = true;
      index += 1;
    } else if (next === ']') {
      // OSC … terminated by BEL or ESC \ (or the end of the message).
      let end = index + 1;
      while (end < input.length && input[end] !== '\u0007' && input[end] !== '\u001b') end += 1;
      const body = input.slice(index + 1, end);
      if (input[end] === '\u0007') end += 1;
      else if (input[end] === '\u001b' && input[end + 1] === '\\') end += 2;
      const match = /^8;[^;]*;(.*)$/s.exec(body);
      if (match) handlers.hyperlink(match[1] ?? '');
      return end;
    } else {
      // ESC, intermediate bytes (0x20–0x2F), one final byte: charset switches, keypad modes…
      let end = index;
      while (end < input.length && input.charCodeAt(end) >= 0x20 && input.charCodeAt(end) <= 0x2f) {
        end += 1;
      }
      return Math.min(input.length, end + 1);
    }
  }
  // CSI: parameter bytes 0x30–0x3F, intermediate 0x20–0x2F, final 0x40–0x7E.
  let end = index;
  while (end < input.length) {
    const code = input.charCodeAt(end);
    if (code >= 0x40 && code <= 0x7e) break;
    if (code < 0x20 || code > 0x3f) return end;
    end += 1;
  }
  if (end >= input.length) return end;
  if (input[end] === 'm') {
    const params = input.slice(index, end);
    if (/^[0-9;:]*$/.test(params)) handlers.sgr(params);
  }
  return end + 1;
}

interface TagToken {
  kind: 'tag' | 'comment';
  name: string;
  closing: boolean;
  selfClosing: boolean;
  href?: string;
  /** Index after the `>`. */
  end: number;
}

/** An HTML tag or comment starting at `start`, or undefined when the `<` is text. */
function readTag(input: string, start: number): TagToken | undefined {
  if (input.startsWith('<!--', start)) {
    const close = input.indexOf('-->', start + 4);
    return {
      kind: 'comment',
      name: '',
      closing: false,
      selfClosing: false,
      end: close === -1 ? input.length : close + 3,
    };
  }
  const match = /^<(\/?)([a-zA-Z][a-zA-Z0-9]*)(?=[\s/>])/.exec(input.slice(start, start + 40));
  if (!match) return undefined;
  const name = (match[2] ?? '').toLowerCase();
  if (!isHtmlTagName(name)) return undefined;
  // Find the closing '>' outside quoted attribute values.
  let index = start + match[0].length;
  let quote: string | undefined;
  while (index < input.length) {
    const char = input[index];
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '>') break;
    index += 1;
  }
  if (index >= input.length) return undefined;
  const attributes = input.slice(start + match[0].length, index);
  return {
    kind: 'tag',
    name,
    closing: match[1] === '/',
    selfClosing: /\/\s*$/.test(attributes),
    href: name === 'a' ? readHref(attributes) : undefined,
    end: index + 1,
  };
}

function readHref(attributes: string): string | undefined {
  const match = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attributes);
  if (!match) return undefined;
  return match[1] ?? match[2] ?? match[3];
}

/** The index after the closing tag of a dropped element (or the end of the message). */
function skipElementContent(input: string, from: number, name: string): number {
  const pattern = new RegExp(`</${name}\\s*>`, 'i');
  const match = pattern.exec(input.slice(from));
  return match ? from + match.index + match[0].length : input.length;
}

/** The message's text without markup or escapes (for copying, titles and evidence). */
export function logMessageText(message: string): string {
  return nodesText(parseLogMessage(message));
}

export function nodesText(nodes: readonly LogNode[]): string {
  let text = '';
  for (const node of nodes) {
    if (node.kind === 'text') text += node.text;
    else if (node.kind === 'break') text += '\n';
    else text += nodesText(node.children);
  }
  return text;
}
