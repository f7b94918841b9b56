/**
 * The change log (spec doc 2 §4): the incident's history entries, newest first, each as a
 * sentence with who did it and when; 'No changelog found' when there are none. The log is read
 * again whenever the incident's detail read changes (the history rows come with those changes)
 * rather than on the workspace's 2 s poll: it is the workspace's heaviest read.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useApiClient } from '../../../api/api-context';
import { incidentDetailKeys, incidentDetailQueries } from '../../../api/incident-detail';
import type { IncidentDetail } from '../../../api/incident-model';
import { Avatar } from '../../../ui/avatar';
import { RelativeTime } from '../../../ui/relative-time';
import { Spinner } from '../../../ui/spinner';
import { errorMessage } from '../../../api/client';
import { TEXTS, historyText } from './workspace-model';

/** Entries shown before 'Show all' (the panel stays short beside a long action plan). */
export const CHANGELOG_SHOWN = 15;

export function ChangelogSection({ incident }: { incident: IncidentDetail }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const incidentId = incident.id;
  const [showAll, setShowAll] = useState(false);
  const query = useQuery(incidentDetailQueries.history(client, incidentId));
  // The detail read keeps its identity while its content is unchanged (structural sharing).
  const seen = useRef(incident);
  useEffect(() => {
    if (seen.current === incident) return;
    seen.current = incident;
    void queryClient.invalidateQueries({
      queryKey: incidentDetailKeys.history(client.baseUrl, incidentId),
      exact: true,
    });
  }, [incident, incidentId, client, queryClient]);
  if (query.isPending) return <Spinner label="Loading changelog" />;
  if (query.isError && !query.data) {
    return <p className="text-sm text-danger">{errorMessage(query.error)}</p>;
  }
  const entries = query.data ?? [];
  if (entries.length === 0) return <p className="text-sm text-fg-muted">{TEXTS.noChangelog}</p>;
  return (
    <>
      <ol aria-label="Changelog" className="flex flex-col gap-3">
        {(showAll ? entries : entries.slice(0, CHANGELOG_SHOWN)).map((entry) => (
          <li key={entry.id} data-history-type={entry.type ?? undefined} className="flex gap-2.5">
            <Avatar
              name={entry.created_by?.name}
              src={entry.created_by?.avatar}
              size="sm"
              className="shrink-0"
            />
            <div className="flex min-w-0 flex-col text-sm">
              <p className="break-words text-fg">
                <span className="font-medium">{entry.created_by?.name ?? 'Someone'}</span>{' '}
                <span className="text-fg-muted">{historyText(entry)}</span>
              </p>
              <RelativeTime value={entry.created_at} className="text-xs text-fg-subtle" />
            </div>
          </li>
        ))}
      </ol>
      {entries.length > CHANGELOG_SHOWN ? (
        <button
          type="button"
          aria-expanded={showAll}
          onClick={() => setShowAll((value) => !value)}
          className="mt-2 text-sm text-link hover:underline focus-visible:outline-2 focus-visible:outline-primary"
        >
          {showAll ? 'Show fewer' : `Show all ${entries.length} entries`}
        </button>
      ) : null}
    </>
  );
}
