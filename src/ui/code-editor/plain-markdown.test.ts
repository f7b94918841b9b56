import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './plain-markdown';

describe('renderMarkdown (the plain stand-in for hover texts)', () => {
  it('escapes HTML and keeps code spans and bold', () => {
    expect(renderMarkdown('Use `<url>` & **not** <b>this</b>')).toBe(
      'Use <code>&lt;url&gt;</code> &amp; <strong>not</strong> &lt;b&gt;this&lt;/b&gt;',
    );
  });

  it('makes paragraphs outside inline mode', () => {
    expect(renderMarkdown('HTTP method\n\n`string`', false)).toBe(
      '<p>HTTP method</p><p><code>string</code></p>',
    );
  });
});
