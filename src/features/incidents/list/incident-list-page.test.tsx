import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render-with-providers';
import { IncidentListPage } from './incident-list-page';

const person = (id: string, name: string) => ({ id, name, avatar: null });
const INCIDENT = {
  id: '11111111-1111-4111-8111-111111111111',
  incident_id: 'INC-7',
  title: 'Checkout is failing',
  severity: 'critical',
  type: 'technicalDebt',
  status: 'open',
  created_at: new Date(Date.now() - 3_600_000).toISOString(),
  responders: [
    { id: 'r1', type: 'person', person: person('p1', 'Ada Admin') },
    { id: 'r2', type: 'jira', team: { id: 't1', name: 'Platform', icon: null } },
    { id: 'r3', type: 'email', team: { id: 't1', name: 'Platform', icon: null } },
    { id: 'r4', type: 'person', person: person('p2', 'Bo Brown') },
    { id: 'r5', type: 'person', person: person('p3', 'Cy Chan') },
    { id: 'r6', type: 'person', person: person('p4', 'Di Diaz') },
    { id: 'r7', type: 'person', person: person('p5', 'Ed Eng') },
    { id: 'r8', type: 'person', person: person('p6', 'Gone Away'), deleted_at: '2026-01-01' },
  ],
};

function api(rows: unknown[], seen: string[] = []) {
  return {
    '/db/incidents': ({ url }: { url: string }) => {
      seen.push(decodeURIComponent(url));
      return jsonResponse(rows, 200, { 'content-range': `0-${rows.length - 1}/${rows.length}` });
    },
    '/db/people': [person('p1', 'Ada Admin')],
    '/db/component_names': [{ id: 'c1', name: 'Payment gateway', type: 'Service' }],
  };
}

describe('IncidentListPage', () => {
  it('asks for open incidents and draws a row: badges with text, five distinct responders', async () => {
    const seen: string[] = [];
    const { location } = renderWithProviders(<IncidentListPage />, {
      route: '/incidents',
      api: api([INCIDENT], seen),
    });
    const table = await screen.findByRole('table', { name: 'Incidents' });
    const row = (await within(table).findByText('Checkout is failing')).closest('tr');
    expect(row).not.toBeNull();
    const cells = within(row as HTMLElement);
    expect(cells.getByText('INC-7')).toBeInTheDocument();
    expect(cells.getByText('Technical Debt')).toBeInTheDocument();
    expect(cells.getByText('Critical')).toBeInTheDocument();
    expect(cells.getByText('Open')).toBeInTheDocument();
    // Six distinct live responders: five drawn, '+1', every name for assistive technology.
    expect(cells.getByText('+1')).toBeInTheDocument();
    expect(
      cells.getByText('Ada Admin, Platform (team), Bo Brown, Cy Chan, Di Diaz, Ed Eng'),
    ).toHaveClass('sr-only');
    expect(screen.getByText('1 incident')).toBeInTheDocument();
    expect(seen[0]).toContain('&status=eq.open&limit=50&offset=0');

    await userEvent.click(cells.getByText('INC-7'));
    expect(location.history?.at(-1)).toBe(`/incidents/${INCIDENT.id}`);
  });

  it("shows the spec's empty message, and no create button to a viewer", async () => {
    renderWithProviders(<IncidentListPage />, {
      route: '/incidents?status=all',
      api: api([]),
      session: { roles: ['viewer'] },
    });
    expect(
      await screen.findByText('There are no incidents matching this criteria'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create New Incident' })).toBeNull();
  });

  it('offers Create New Incident to a writer', async () => {
    renderWithProviders(<IncidentListPage />, {
      route: '/incidents',
      api: api([]),
      session: { roles: ['responder'] },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Create New Incident' }));
    await waitFor(() =>
      expect(screen.getByRole('dialog', { name: 'Create New Incident' })).toBeInTheDocument(),
    );
  });
});
