/**
 * A tiny helper for composing SQL whose values are always bind parameters: `add(value)` returns the
 * `$n` placeholder for it. Identifiers never come from request text here; callers pick them from
 * fixed lists.
 */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
