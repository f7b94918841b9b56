/**
 * After a write: refresh every query of this incident (detail, history, responders, and the
 * hypothesis tree's reads, all under `incidentAreaKeys.incident`) and the incident list.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApiClient } from '../../../api/api-context';
import { incidentAreaKeys } from '../../../api/incident-keys';

export function useIncidentRefresh(incidentId: string): () => Promise<void> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({
        queryKey: incidentAreaKeys.incident(client.baseUrl, incidentId),
      }),
      queryClient.invalidateQueries({ queryKey: incidentAreaKeys.list(client.baseUrl) }),
    ]);
  }, [client.baseUrl, incidentId, queryClient]);
}
