/**
 * The list of failing checks (name and namespace). Entities render props only: the caller decides
 * where a name links to through `linkFor`.
 */
import { useId } from 'react';
import type { FailingCheck } from './summarize-checks';
import { HealthStatusIcon } from './health-status-icon';

export interface FailingCheckListProps {
  checks: readonly FailingCheck[];
  /** URL of a check's page, or undefined to show the name as plain text. */
  linkFor?: (checkId: string) => string | undefined;
  /** Caption above the list. */
  label?: string;
}

export function FailingCheckList({
  checks,
  linkFor,
  label = 'Failing checks',
}: FailingCheckListProps) {
  const labelId = useId();
  if (checks.length === 0) return null;
  return (
    <section part="failing" className="mt-4">
      <p id={labelId} className="m-0 mb-2 text-sm font-semibold text-text">
        {label} ({checks.length})
      </p>
      <ul part="failing-list" aria-labelledby={labelId} className="m-0 flex flex-col gap-1 p-0">
        {checks.map((check) => {
          const href = linkFor?.(check.id);
          return (
            <li
              key={check.id}
              part="failing-item"
              data-check-id={check.id}
              className="flex list-none items-baseline gap-2 text-sm"
            >
              <HealthStatusIcon kind="failing" className="shrink-0 self-center text-unhealthy" />
              {href ? (
                <a part="check-link" href={href} className="font-medium text-link underline">
                  {check.name}
                </a>
              ) : (
                <span part="check-name" className="font-medium text-text">
                  {check.name}
                </span>
              )}
              {check.namespace ? (
                <span part="check-namespace" className="text-xs text-muted">
                  <span className="sr-only">namespace </span>
                  {check.namespace}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
