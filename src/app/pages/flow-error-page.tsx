/**
 * `/flow-error?id=`: fetches the identity flow error and shows 'An error occurred' with its
 * details; 404, 403 or 410 go to `/`; other failures propagate to the error boundary.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useApiClient } from '../../api/api-context';
import { ApiError } from '../../api/client';
import { sessionQueries } from '../../api/session';
import { buttonClasses } from '../../ui/button';
import { PageSpinner } from '../../ui/spinner';
import { paths } from '../paths';
import { StandalonePage } from './standalone-page';

const GO_HOME = new Set([403, 404, 410]);

export function FlowErrorPage() {
  const id = new URLSearchParams(useSearch()).get('id') ?? '';
  const client = useApiClient();
  const [, navigate] = useLocation();
  const query = useQuery({
    ...sessionQueries.flowError(client, id),
    enabled: id !== '',
    throwOnError: (error) => !(error instanceof ApiError && GO_HOME.has(error.status)),
  });
  const goHome = id === '' || (query.error instanceof ApiError && GO_HOME.has(query.error.status));
  useEffect(() => {
    if (goHome) navigate(paths.root(), { replace: true });
  }, [goHome, navigate]);

  if (goHome || query.isPending) return <PageSpinner />;
  const detail = query.data?.error;
  return (
    <StandalonePage>
      <h1 className="text-lg font-semibold text-fg">An error occurred</h1>
      {detail ? (
        <dl className="mt-4 space-y-2 text-left text-sm">
          {detail.code !== undefined ? (
            <div className="flex gap-2">
              <dt className="font-medium text-fg-muted">Code</dt>
              <dd className="text-fg">{detail.code}</dd>
            </div>
          ) : null}
          {detail.status ? (
            <div className="flex gap-2">
              <dt className="font-medium text-fg-muted">Status</dt>
              <dd className="text-fg">{detail.status}</dd>
            </div>
          ) : null}
          {detail.message || detail.reason ? (
            <div>
              <dt className="font-medium text-fg-muted">Details</dt>
              <dd className="mt-1 rounded-md bg-surface-sunken p-3 font-mono text-xs break-words text-fg">
                {[detail.message, detail.reason].filter(Boolean).join(' — ')}
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <Link href={paths.root()} className={buttonClasses('primary', 'md', 'mt-6')}>
        Go back
      </Link>
    </StandalonePage>
  );
}
