/**
 * The CodeMirror 6 editor behind `SpecEditor` (loaded lazily: only pages that edit pay for it).
 * YAML validated against a JSON schema with the schema's own draft (./schema-lint), with completion
 * and hover from it (codemirror-json-schema), or JSON (the labels editor); YAML syntax errors are marked where they are. Colours come from the
 * `--vigil-*` tokens, so it follows dark mode. Diagnostics are reported with their line and
 * column so the page can say where and why, and block saving.
 */
import { autocompletion, closeBrackets, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { yaml, yamlLanguage } from '@codemirror/lang-yaml';
import {
  bracketMatching,
  foldGutter,
  HighlightStyle,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import { lintGutter, linter, type Diagnostic } from '@codemirror/lint';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import {
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  hoverTooltip,
  keymap,
  lineNumbers,
  placeholder as placeholderExtension,
} from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { stateExtensions, updateSchema } from 'codemirror-json-schema';
import { yamlCompletion, yamlSchemaHover } from 'codemirror-json-schema/yaml';

/** The schema type codemirror-json-schema takes (JSON Schema draft 7). */
type EditorSchema = Parameters<typeof updateSchema>[1];
import { useEffect, useRef } from 'react';
import { parseYamlWithPosition } from '../../lib/yaml';
import { lintYamlAgainstSchema } from './schema-lint';
import type { EditorDiagnostic, SpecEditorProps } from './spec-editor';

const theme = EditorView.theme({
  '&': {
    color: 'var(--vigil-color-text)',
    backgroundColor: 'var(--vigil-color-surface)',
    fontSize: '13px',
    height: '100%',
  },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': {
    fontFamily: 'var(--vigil-font-mono, ui-monospace, monospace)',
    lineHeight: '20px',
  },
  '.cm-content': { caretColor: 'var(--vigil-color-text)' },
  '.cm-cursor': { borderLeftColor: 'var(--vigil-color-text)' },
  '.cm-gutters': {
    backgroundColor: 'var(--vigil-color-surface-sunken)',
    color: 'var(--vigil-color-text-subtle)',
    borderRight: '1px solid var(--vigil-color-border)',
  },
  '.cm-activeLine': { backgroundColor: 'var(--vigil-color-surface-hover)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--vigil-color-surface-hover)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'var(--vigil-color-primary-soft) !important',
  },
  '.cm-tooltip': {
    backgroundColor: 'var(--vigil-color-surface-raised)',
    color: 'var(--vigil-color-text)',
    border: '1px solid var(--vigil-color-border)',
    borderRadius: '6px',
    maxWidth: '420px',
  },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': {
    backgroundColor: 'var(--vigil-color-primary-soft)',
    color: 'var(--vigil-color-text)',
  },
  '.cm-diagnostic-error': { borderLeftColor: 'var(--vigil-color-status-unhealthy)' },
  '.cm-lintRange-error': {
    backgroundImage: 'none',
    textDecoration: 'underline wavy var(--vigil-color-status-unhealthy)',
  },
  '.cm-tooltip-hover': { padding: '6px 8px', fontSize: '12px' },
  '.cm-placeholder': { color: 'var(--vigil-color-text-subtle)' },
});

const highlight = HighlightStyle.define([
  {
    tag: [tags.propertyName, tags.definition(tags.propertyName)],
    color: 'var(--vigil-color-primary)',
  },
  { tag: [tags.string, tags.special(tags.string)], color: 'var(--vigil-color-status-healthy)' },
  { tag: [tags.number, tags.bool, tags.null], color: 'var(--vigil-color-status-warning)' },
  {
    tag: [tags.comment, tags.lineComment],
    color: 'var(--vigil-color-text-subtle)',
    fontStyle: 'italic',
  },
  { tag: [tags.keyword, tags.atom], color: 'var(--vigil-color-status-info)' },
  { tag: [tags.punctuation, tags.separator, tags.bracket], color: 'var(--vigil-color-text-muted)' },
]);

/** YAML syntax errors as editor diagnostics (the schema linter skips unparsable text). */
function yamlSyntaxLinter(view: EditorView): Diagnostic[] {
  const text = view.state.doc.toString();
  if (text.trim() === '') return [];
  const parsed = parseYamlWithPosition(text);
  if (parsed.ok) return [];
  const lineNumber = Math.min(Math.max(parsed.error.line, 1), view.state.doc.lines);
  const line = view.state.doc.line(lineNumber);
  const from = Math.min(line.from + Math.max(parsed.error.column - 1, 0), line.to);
  return [
    {
      from,
      to: Math.max(from, line.to),
      severity: 'error',
      message: parsed.error.message,
      source: 'YAML',
    },
  ];
}

function withPositions(view: EditorView, diagnostics: readonly Diagnostic[]): EditorDiagnostic[] {
  return diagnostics.map((diagnostic) => {
    const line = view.state.doc.lineAt(Math.min(diagnostic.from, view.state.doc.length));
    return {
      line: line.number,
      column: diagnostic.from - line.from + 1,
      message: diagnostic.message,
    };
  });
}

export function SpecEditorImpl({
  value,
  onChange,
  language,
  schema,
  readOnly = false,
  label,
  onDiagnostics,
  placeholder,
  minHeight,
  height,
  handleRef,
}: SpecEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const editable = useRef(new Compartment());
  const callbacks = useRef({ onChange, onDiagnostics });
  const schemaRef = useRef(schema);
  useEffect(() => {
    callbacks.current = { onChange, onDiagnostics };
  });

  useEffect(() => {
    if (!host.current) return;
    // The schema's own draft (draft-07 for the served schemas): codemirror-json-schema's linter
    // knows draft-04 only, so it keeps completion and hover and this validates.
    const schemaLinter = (current: EditorView): Diagnostic[] => {
      const currentSchema = schemaRef.current;
      if (!currentSchema) return [];
      const length = current.state.doc.length;
      return lintYamlAgainstSchema(current.state.doc.toString(), currentSchema).map((problem) => ({
        from: Math.min(problem.from, length),
        to: Math.min(problem.to, length),
        severity: 'error',
        message: problem.message,
        source: 'Schema',
      }));
    };
    const extensions: Extension[] = [
      lineNumbers(),
      highlightActiveLineGutter(),
      highlightActiveLine(),
      foldGutter(),
      history(),
      indentOnInput(),
      bracketMatching(),
      closeBrackets(),
      autocompletion(),
      lintGutter(),
      syntaxHighlighting(highlight),
      keymap.of([...defaultKeymap, ...historyKeymap, ...completionKeymap, indentWithTab]),
      theme,
      EditorView.contentAttributes.of({ 'aria-label': label }),
      editable.current.of([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) callbacks.current.onChange?.(update.state.doc.toString());
      }),
    ];
    if (placeholder) extensions.push(placeholderExtension(placeholder));
    const jsonLinter = jsonParseLinter();
    const lint = (current: EditorView): Diagnostic[] => {
      if (language === 'json') {
        return current.state.doc.toString().trim() === '' ? [] : jsonLinter(current);
      }
      const syntax = yamlSyntaxLinter(current);
      return syntax.length > 0 ? syntax : schemaLinter(current);
    };
    const report = (current: EditorView) => {
      const found = lint(current);
      callbacks.current.onDiagnostics?.(withPositions(current, found));
      return found;
    };
    if (language === 'json') {
      extensions.push(json(), linter(report, { delay: 250 }));
    } else {
      extensions.push(
        yaml(),
        stateExtensions(schema as EditorSchema),
        linter(report, { delay: 250, needsRefresh: () => true }),
        yamlLanguage.data.of({ autocomplete: yamlCompletion() }),
        hoverTooltip(yamlSchemaHover()),
      );
    }
    const created = new EditorView({
      parent: host.current,
      state: EditorState.create({ doc: value, extensions }),
    });
    view.current = created;
    if (handleRef) handleRef.current = { validate: () => withPositions(created, report(created)) };
    return () => {
      created.destroy();
      view.current = null;
      if (handleRef) handleRef.current = null;
    };
    // The editor is created once per language; value, schema and readOnly are synced below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language]);

  // An outside change (a form field, the schedule select) replaces the text.
  useEffect(() => {
    const current = view.current;
    if (!current) return;
    const text = current.state.doc.toString();
    if (text !== value) {
      current.dispatch({ changes: { from: 0, to: text.length, insert: value } });
    }
  }, [value]);

  useEffect(() => {
    schemaRef.current = schema;
    const current = view.current;
    if (current && language !== 'json') updateSchema(current, schema as EditorSchema);
  }, [schema, language]);

  useEffect(() => {
    view.current?.dispatch({
      effects: editable.current.reconfigure([
        EditorState.readOnly.of(readOnly),
        EditorView.editable.of(!readOnly),
      ]),
    });
  }, [readOnly]);

  return (
    <div
      ref={host}
      className="overflow-hidden rounded-md border border-border bg-surface focus-within:border-primary focus-within:ring-2 focus-within:ring-focus/40"
      style={{ height, minHeight }}
      data-testid="spec-editor"
    />
  );
}
