import { act, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithProviders } from '../test/render-with-providers';
import { useApiClient } from './api-context';
import { settingsResourceKeys, useUpdateSettingsResource } from './settings-resources';

function Updater({ onReady }: { onReady: (update: () => Promise<unknown>) => void }) {
  const update = useUpdateSettingsResource();
  const client = useApiClient();
  useEffect(() => {
    onReady(() => update.mutateAsync({ table: 'teams', id: 't1', body: { name: 'renamed' } }));
  }, [onReady, update, client]);
  return <p>ready</p>;
}

describe('useUpdateSettingsResource', () => {
  it("drops the resource's cached page so it never opens on its old version", async () => {
    let run: (() => Promise<unknown>) | undefined;
    const { queryClient } = renderWithProviders(<Updater onReady={(fn) => (run = fn)} />, {
      api: {
        '/db/teams': () => jsonResponse([{ id: 't1', name: 'renamed', updated_at: '2026-01-02' }]),
      },
    });
    await screen.findByText('ready');
    const detail = settingsResourceKeys.detail('/api', 'teams', 't1');
    const other = settingsResourceKeys.detail('/api', 'canaries', 'c1');
    queryClient.setQueryData(detail, { id: 't1', name: 'old', updated_at: '2026-01-01' });
    queryClient.setQueryData(other, { id: 'c1', name: 'kept' });
    await act(async () => {
      await run!();
    });
    expect(queryClient.getQueryData(detail)).toBeUndefined();
    expect(queryClient.getQueryData(other)).toEqual({ id: 'c1', name: 'kept' });
  });
});
