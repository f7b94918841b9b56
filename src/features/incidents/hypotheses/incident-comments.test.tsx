import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { incidentAreaKeys } from '../../../api/incident-keys';
import type { IncidentDetail } from '../../../api/incident-model';
import { jsonResponse, renderWithProviders } from '../../../test/render-with-providers';
import { useToastStore } from '../../../ui/toast';
import { IncidentComments } from './incident-comments';

const incident: IncidentDetail = {
  id: 'inc-1',
  title: 'Checkout slow',
  hypotheses: [{ id: 'h1', incident_id: 'inc-1', type: 'root', title: 'DNS', comments: [] }],
};

const existing = [
  {
    id: 'c2',
    comment: 'second',
    created_at: '2024-01-02T00:00:00Z',
    hypothesis_id: null,
    created_by: { id: 'p1', name: 'Bo Builder' },
  },
  {
    id: 'c1',
    comment: 'hey @[Ada Admin](user:user-1) look',
    created_at: '2024-01-01T00:00:00Z',
    hypothesis_id: 'h1',
    created_by: { id: 'p1', name: 'Bo Builder' },
  },
];

describe('IncidentComments', () => {
  it('lists comments oldest first with mention chips', async () => {
    renderWithProviders(<IncidentComments incident={incident} />, {
      api: { '/db/comments': existing },
    });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('hey @Ada Admin look');
    expect(items[0]).toHaveTextContent('DNS');
    expect(items[1]).toHaveTextContent('second');
    expect(screen.getByText('@Ada Admin')).toHaveAttribute('data-mention', 'user-1');
  });

  it('validates, sends optimistically and rolls back with a toast on failure', async () => {
    useToastStore.getState().clear();
    let release: (response: Response) => void = () => {};
    renderWithProviders(<IncidentComments incident={incident} />, {
      api: {
        '/db/comments?': [],
        '/db/comments': () => new Promise<Response>((resolve) => (release = resolve)),
      },
    });
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    const box = screen.getByLabelText('Comment');
    await userEvent.type(box, 'Rollback me');
    await userEvent.click(send);
    expect(screen.getByText('Please select any hypothesis')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Hypothesis'), 'h1');
    await userEvent.click(send);
    expect(await screen.findByText('Sending…')).toBeInTheDocument();
    expect(box).toHaveValue('');
    release(jsonResponse({ message: 'boom' }, 500));
    await waitFor(() => expect(box).toHaveValue('Rollback me'));
    expect(screen.queryByText('Sending…')).not.toBeInTheDocument();
    expect(useToastStore.getState().toasts.map((t) => t.tone)).toEqual(['error']);
  });

  it('replaces the pending comment with the saved one, never showing both', async () => {
    const saved = {
      id: 'c9',
      comment: 'Ship it',
      created_at: '2024-01-03T00:00:00Z',
      hypothesis_id: 'h1',
      created_by: { id: 'user-1', name: 'Ada Admin' },
    };
    // Another read of the incident (the detail, say) answers its refetch late: the comments
    // read has the saved comment while the invalidation still waits.
    let details = 0;
    let releaseDetail: () => void = () => {};
    function OtherIncidentRead() {
      useQuery({
        queryKey: [...incidentAreaKeys.incident('/api', 'inc-1'), 'other'],
        queryFn: () => {
          details += 1;
          if (details === 1) return Promise.resolve(1);
          return new Promise<number>((resolve) => (releaseDetail = () => resolve(2)));
        },
      });
      return null;
    }
    renderWithProviders(
      <>
        <OtherIncidentRead />
        <IncidentComments incident={incident} />
      </>,
      {
        api: {
          '/db/comments?': () => jsonResponse(details > 1 ? [saved] : []),
          '/db/comments': () => jsonResponse([saved], 201),
        },
      },
    );
    const most = { items: 0 };
    const list = () => document.querySelectorAll('li[data-comment-id]').length;
    const observer = new MutationObserver(() => {
      most.items = Math.max(most.items, list());
    });
    observer.observe(document.body, { childList: true, subtree: true });
    await userEvent.type(screen.getByLabelText('Comment'), 'Ship it');
    await userEvent.selectOptions(screen.getByLabelText('Hypothesis'), 'h1');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(details).toBe(2));
    await waitFor(() => expect(screen.queryByText('Sending…')).not.toBeInTheDocument());
    releaseDetail();
    observer.disconnect();
    expect(document.querySelectorAll('li[data-comment-id="c9"]')).toHaveLength(1);
    expect(list()).toBe(1);
    expect(most.items).toBe(1);
  });

  it('hides the composer from viewers', () => {
    renderWithProviders(<IncidentComments incident={incident} />, {
      session: { roles: ['viewer'] },
      api: { '/db/comments': [] },
    });
    expect(screen.queryByRole('form', { name: 'Add a comment' })).not.toBeInTheDocument();
  });
});
