/**
 * The specialised forms of the Form tab (spec doc 3 §2.1, §5), by form kind, and their
 * validation. A form edits the same spec object the Code tab shows as YAML.
 */
import type { ComponentType } from 'react';
import type { ResourceFormKind } from './resource-descriptions';

export interface SpecFormProps {
  spec: Record<string, unknown>;
  onChange: (spec: Record<string, unknown>) => void;
  readOnly: boolean;
  /** Errors by field path, shown after a save was tried. */
  errors: Record<string, string>;
}

export const RESOURCE_FORMS: Partial<Record<ResourceFormKind, ComponentType<SpecFormProps>>> = {};

/** The errors a form kind finds in a spec (by field path); empty when it may be saved. */
export function validateSpecForm(
  kind: ResourceFormKind,
  spec: Record<string, unknown>,
): Record<string, string> {
  void kind;
  void spec;
  return {};
}
