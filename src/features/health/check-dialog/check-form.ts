/** Shared by the dialog's small forms (playbook parameters, evidence). */

/** Required fields (spec doc 1 §5). */
export const REQUIRED_MESSAGE = 'This field is required';

export const fieldClass =
  'w-full rounded-md border border-border bg-surface px-2 py-1.5 text-sm text-fg shadow-sm placeholder:text-fg-subtle hover:border-border-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary aria-[invalid=true]:border-danger';
