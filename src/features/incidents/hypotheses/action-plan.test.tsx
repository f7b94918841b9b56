import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { IncidentDetail } from '../../../api/incident-model';
import { jsonResponse, renderWithProviders } from '../../../test/render-with-providers';
import { ActionPlan } from './action-plan';

const incident: IncidentDetail = {
  id: 'inc-1',
  title: 'Checkout slow',
  hypotheses: [
    {
      id: 'root',
      incident_id: 'inc-1',
      type: 'root',
      title: 'Checkout slow',
      status: 'possible',
      created_at: '2024-01-01T00:00:00Z',
      evidences: [],
    },
    {
      id: 'factor',
      incident_id: 'inc-1',
      parent_id: 'root',
      type: 'factor',
      title: '',
      status: null,
      created_at: '2024-01-02T00:00:00Z',
      evidences: [],
    },
  ],
};

describe('ActionPlan', () => {
  it('shows fetching tree... while the hypotheses are not loaded', () => {
    renderWithProviders(<ActionPlan incident={{ id: 'x', title: 'x' }} expandAll={false} />);
    expect(screen.getByText('fetching tree...')).toBeInTheDocument();
  });

  it('opens the root, capitalises statuses, defaults the inline status to Likely', () => {
    renderWithProviders(<ActionPlan incident={incident} expandAll={false} />);
    const statuses = screen.getAllByTestId('hypothesis-status');
    expect(statuses).toHaveLength(2);
    expect(statuses[0]).toHaveValue('possible');
    expect(statuses[1]).toHaveValue('likely');
    expect(
      within(statuses[0]!)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Proven', 'Likely', 'Possible', 'Unlikely', 'Improbable', 'Disproven']);
    expect(screen.getByText('No Evidence')).toBeInTheDocument();
    expect(screen.getAllByPlaceholderText('(no title)')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Expand (no title)' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('expands every node with expandAll and saves a status change after 200 ms', async () => {
    const patches: unknown[] = [];
    renderWithProviders(<ActionPlan incident={incident} expandAll />, {
      api: {
        '/db/hypotheses': ({ init }) => {
          patches.push(JSON.parse(String(init?.body)));
          return jsonResponse(null);
        },
      },
    });
    await waitFor(() => expect(screen.getAllByText('No Evidence')).toHaveLength(2));
    await userEvent.selectOptions(screen.getAllByTestId('hypothesis-status')[1]!, 'proven');
    expect(patches).toEqual([]);
    await waitFor(() => expect(patches).toEqual([{ status: 'proven' }]));
  });

  it('hides write actions from viewers', () => {
    renderWithProviders(<ActionPlan incident={incident} expandAll />, {
      session: { roles: ['viewer'] },
    });
    expect(screen.queryByTestId('hypothesis-status')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Add / })).not.toBeInTheDocument();
    expect(screen.getByText('Possible')).toBeInTheDocument();
    expect(screen.getByText('Likely')).toBeInTheDocument();
  });
});
