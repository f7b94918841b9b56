/**
 * Stands in for codemirror-json-schema's Markdown renderer (markdown-it with shiki highlighting,
 * about 200 kB of the editor chunk) at build time — see `plainSchemaMarkdown` in vite.config.ts.
 * The hover and completion texts it renders are a schema's descriptions and type names, plain
 * sentences with the odd `code` span: those are escaped, code spans become <code>, and blank
 * lines become paragraphs. Same signature as the module it replaces.
 */
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

function inlineHtml(text: string): string {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
}

export function renderMarkdown(markdown: string, inline = true): string {
  if (inline) return inlineHtml(markdown);
  return markdown
    .split(/\n\s*\n/)
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => `<p>${inlineHtml(paragraph.trim())}</p>`)
    .join('');
}
