/** The spec editor moved to src/ui/code-editor (settings and playbooks share it). */
export * from '../../../ui/code-editor/spec-editor';
