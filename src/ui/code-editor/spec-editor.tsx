/**
 * The spec editor (spec doc 3 §2.1): YAML validated against the resource type's JSON schema,
 * with completion and hover from it, or JSON for labels. CodeMirror and its language support are
 * loaded lazily, so only pages that edit load them. Height min(500px, 100vh - 500px) for specs
 * (spec doc 3 §9). No domain knowledge:
 * settings and playbooks use it.
 */
import { lazy, Suspense, type RefObject } from 'react';

/** A problem the editor found, with where it is (1-based). */
export interface EditorDiagnostic {
  line: number;
  column: number;
  message: string;
}

/** What a page may ask the editor at any time (once it has loaded). */
export interface SpecEditorHandle {
  /** Lint the current text now (not after the linter's delay) and return what is wrong. */
  validate: () => EditorDiagnostic[];
}

export interface SpecEditorProps {
  value: string;
  onChange?: (value: string) => void;
  language: 'yaml' | 'json';
  /** The JSON schema the YAML is validated against (completion and hover read it too). */
  schema?: Record<string, unknown>;
  readOnly?: boolean;
  /** Accessible name of the editing area. */
  label: string;
  /** Every lint pass reports what it found (empty when the text is fine). */
  onDiagnostics?: (diagnostics: EditorDiagnostic[]) => void;
  placeholder?: string;
  minHeight?: string;
  height?: string;
  /** Filled with the editor's handle once it has loaded. */
  handleRef?: RefObject<SpecEditorHandle | null>;
}

/** "Spec editor height min(500px, 100vh-500px)" (spec doc 3 §9), never under 240px to stay usable. */
export const SPEC_EDITOR_HEIGHT = 'max(240px, min(500px, calc(100vh - 500px)))';

const SpecEditorImpl = lazy(() =>
  import('./spec-editor-impl').then((module) => ({ default: module.SpecEditorImpl })),
);

export function SpecEditor(props: SpecEditorProps) {
  const height = props.height ?? (props.language === 'yaml' ? SPEC_EDITOR_HEIGHT : undefined);
  return (
    <Suspense
      fallback={
        <div
          className="flex items-center justify-center rounded-md border border-border bg-surface-sunken text-sm text-fg-muted"
          style={{ height: height ?? '120px', minHeight: props.minHeight }}
          role="status"
        >
          Loading editor…
        </div>
      }
    >
      <SpecEditorImpl {...props} height={height} />
    </Suspense>
  );
}
