import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applySgr,
  decodeEntities,
  logMessageText,
  MAX_MESSAGE_CHARS,
  nodesText,
  parseLogMessage,
  safeHttpUrl,
  toneOf256,
  toneOfRgb,
  type LogNode,
} from './log-message';

const ESC = '\u001b';

function links(nodes: readonly LogNode[]): string[] {
  return nodes.flatMap((node) =>
    node.kind === 'link'
      ? [node.href, ...links(node.children)]
      : node.kind === 'element'
        ? links(node.children)
        : [],
  );
}

describe('safeHttpUrl', () => {
  it('accepts absolute http and https URLs only', () => {
    expect(safeHttpUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeHttpUrl('  HTTP://Example.com ')).toBe('http://example.com/');
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      '//evil.example',
      '/relative',
      'ftp://example.com',
      'http://',
      'https://exa mple.com',
      'java\tscript:alert(1)',
      'http:\n//x',
    ]) {
      expect(safeHttpUrl(bad), bad).toBeUndefined();
    }
  });
});

describe('decodeEntities', () => {
  it('decodes named and numeric references and leaves unknown ones', () => {
    expect(decodeEntities('a &lt;b&gt; &amp; &quot;c&quot; &#39;d&#x27; &unknown; &#0;')).toBe(
      'a <b> & "c" \'d\' &unknown; \ufffd',
    );
  });
});

describe('ANSI', () => {
  it('applies SGR codes: styles, 8/16 colours, resets', () => {
    let style = applySgr({}, '1;31');
    expect(style).toEqual({ bold: true, fg: 'red' });
    style = applySgr(style, '4;92;44');
    expect(style).toEqual({ bold: true, fg: 'green', underline: true, bg: 'blue' });
    expect(applySgr(style, '22;24;39;49')).toEqual({});
    expect(applySgr(style, '')).toEqual({});
    expect(applySgr(style, '0')).toEqual({});
  });

  it('maps 256 and 24-bit colours to the nearest tone', () => {
    expect(applySgr({}, '38;5;196')).toEqual({ fg: 'red' });
    expect(applySgr({}, '38;2;255;165;0')).toEqual({ fg: 'yellow' });
    expect(applySgr({}, '48;2;0;0;255')).toEqual({ bg: 'blue' });
    expect(applySgr({}, '38;2;300;0;0')).toEqual({});
    expect(toneOf256(2)).toBe('green');
    expect(toneOf256(14)).toBe('cyan');
    expect(toneOf256(232)).toBe('black');
    expect(toneOf256(255)).toBe('white');
    expect(toneOf256(300)).toBeUndefined();
    expect(toneOfRgb(128, 0, 128)).toBe('magenta');
    expect(toneOfRgb(200, 200, 200)).toBe('white');
  });

  it('turns escapes into styled text and drops other sequences', () => {
    expect(parseLogMessage(`${ESC}[1;31mERROR${ESC}[0m done${ESC}[2K${ESC}(B`)).toEqual([
      { kind: 'text', text: 'ERROR', style: { bold: true, fg: 'red' } },
      { kind: 'text', text: ' done', style: {} },
    ]);
  });

  it('renders OSC 8 hyperlinks for http(s) only', () => {
    const nodes = parseLogMessage(
      `see ${ESC}]8;;https://example.com/run/1${ESC}\\run 1${ESC}]8;;${ESC}\\ and ${ESC}]8;;javascript:alert(1)\u0007bad${ESC}]8;;\u0007`,
    );
    expect(links(nodes)).toEqual(['https://example.com/run/1']);
    expect(nodesText(nodes)).toBe('see run 1 and bad');
  });
});

describe('HTML', () => {
  it('keeps inline formatting without attributes', () => {
    expect(parseLogMessage('<b onclick="x()">bold</b> <code class="c">x</code>')).toEqual([
      { kind: 'element', tag: 'b', children: [{ kind: 'text', text: 'bold', style: {} }] },
      { kind: 'text', text: ' ', style: {} },
      { kind: 'element', tag: 'code', children: [{ kind: 'text', text: 'x', style: {} }] },
    ]);
  });

  it('drops scripts, styles and embedded documents with their content', () => {
    const text = logMessageText(
      'a<script>alert(1)</script>b<style>*{}</style>c<iframe src="x"></iframe>d<SCRIPT type=x>1</SCRIPT >e<svg><script>z</script></svg>f',
    );
    expect(text).toBe('abcdef');
    expect(logMessageText('before<script>never closed')).toBe('before');
  });

  it('drops other elements and event handlers but keeps their text', () => {
    expect(
      logMessageText('<div style="x"><img src=x onerror=alert(1)>hello <p>world</p></div>'),
    ).toBe('hello world');
    expect(logMessageText('<!-- hidden -->shown')).toBe('shown');
  });

  it('keeps links with http(s) hrefs only', () => {
    const nodes = parseLogMessage(
      '<a href="https://ok.example/x" onclick="steal()">ok</a> <a href="javascript:alert(1)">js</a> <a href=&#106;avascript:alert(1)>enc</a> <a href="data:text/html,x">data</a>',
    );
    expect(links(nodes)).toEqual(['https://ok.example/x']);
    expect(nodesText(nodes)).toBe('ok js enc data');
  });

  it('leaves text that only looks like a tag', () => {
    expect(logMessageText('err: <nil> when a < b and <uuid> > 3')).toBe(
      'err: <nil> when a < b and <uuid> > 3',
    );
    expect(logMessageText('<b unterminated')).toBe('<b unterminated');
  });

  it('decodes entities and turns br into a break', () => {
    expect(parseLogMessage('a &lt;script&gt;<br/>b')).toEqual([
      { kind: 'text', text: 'a <script>', style: {} },
      { kind: 'break' },
      { kind: 'text', text: 'b', style: {} },
    ]);
  });
});

describe('links in text', () => {
  it('links http(s) URLs and trims sentence punctuation', () => {
    const nodes = parseLogMessage(
      'GET https://api.example.com/v1/items?id=3. Docs (see http://docs.example.com/a_(b)) ftp://no.example',
    );
    expect(links(nodes)).toEqual([
      'https://api.example.com/v1/items?id=3',
      'http://docs.example.com/a_(b)',
    ]);
    expect(nodesText(nodes)).toBe(
      'GET https://api.example.com/v1/items?id=3. Docs (see http://docs.example.com/a_(b)) ftp://no.example',
    );
  });

  it('does not nest links', () => {
    const nodes = parseLogMessage('<a href="https://a.example">go https://b.example</a>');
    expect(links(nodes)).toEqual(['https://a.example/']);
  });
});

describe('limits', () => {
  it('cuts very long messages', () => {
    const text = logMessageText('x'.repeat(MAX_MESSAGE_CHARS + 10));
    expect(text).toHaveLength(MAX_MESSAGE_CHARS + 1);
    expect(text.endsWith('…')).toBe(true);
  });

  it('drops control characters but keeps tabs and newlines', () => {
    expect(logMessageText('a\u0000b\tc\nd\u0007')).toBe('ab\tc\nd');
  });
});

describe('properties', () => {
  it('never throws, and every link is http(s)', () => {
    const pieces = fc.constantFrom(
      '<a href="',
      '">',
      '</a>',
      '<script>',
      '</script>',
      '<b>',
      '</b>',
      '<br>',
      'javascript:',
      'https://x.example/',
      'http://',
      `${ESC}[31m`,
      `${ESC}]8;;`,
      `${ESC}\\`,
      '&#106;',
      '&lt;',
      '<',
      '>',
      ' ',
      'a',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string()), { maxLength: 30 }), (parts) => {
        const nodes = parseLogMessage(parts.join(''));
        for (const href of links(nodes)) expect(href).toMatch(/^https?:\/\//);
      }),
    );
  });

  it('keeps plain text as it is', () => {
    fc.assert(
      fc.property(
        // eslint-disable-next-line no-control-regex -- control characters are what this matches
        fc.string().filter((s) => !/[<&\u0000-\u0008\u000b-\u001f\u007f\u009b]/.test(s)),
        (text) => {
          expect(logMessageText(text)).toBe(text);
        },
      ),
    );
  });
});
