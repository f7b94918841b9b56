/** The health page's selects (group by, tabs by, the View panel's). */
export const healthSelectClass =
  'h-9 rounded-md border border-border bg-surface px-2 text-sm text-fg shadow-sm hover:border-border-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary';
