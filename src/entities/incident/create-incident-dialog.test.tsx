import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../test/render-with-providers';
import { Toaster, useToastStore } from '../../ui/toast';
import { CreateIncidentDialog } from './create-incident-dialog';

afterEach(() => {
  act(() => useToastStore.getState().clear());
});

describe('CreateIncidentDialog', () => {
  it('shows the defaults and a message per missing field', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CreateIncidentDialog onCreated={vi.fn()} onClose={vi.fn()} />, {
      api: {},
    });
    expect(screen.getByRole('dialog', { name: 'Create New Incident' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Type/)).toHaveValue('availability');
    expect(screen.getByLabelText(/^Severity/)).toHaveValue('low');
    expect(screen.getByLabelText(/^Status/)).toHaveValue('open');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const title = screen.getByLabelText(/^Title/);
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('Title is required');
    expect(title).toHaveFocus();
    await user.type(title, 'A');
    expect(title).not.toHaveAttribute('aria-invalid');
  });

  it('keeps what was typed and shows the error when the incident is refused', async () => {
    const user = userEvent.setup();
    const onCreated = vi.fn();
    renderWithProviders(
      <>
        <CreateIncidentDialog onCreated={onCreated} onClose={vi.fn()} />
        <Toaster />
      </>,
      {
        api: {
          '/db/incidents': () =>
            jsonResponse({ message: 'new row violates check constraint' }, 400),
        },
      },
    );
    await user.click(screen.getByLabelText(/^Title/));
    await user.paste('Checkout is slow');
    await user.click(screen.getByLabelText(/^Description/));
    await user.paste('p95 over 2 s');
    await user.selectOptions(screen.getByLabelText(/^Severity/), 'high');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('new row violates check constraint');
    expect(onCreated).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Checkout is slow');
    expect(screen.getByLabelText(/^Description/)).toHaveValue('p95 over 2 s');
    expect(screen.getByLabelText(/^Severity/)).toHaveValue('high');
  });

  it('creates the incident, its root hypothesis and the component evidence', async () => {
    const user = userEvent.setup();
    const onCreated = vi.fn();
    const bodies: Record<string, unknown> = {};
    const record = (name: string, row: object) => (request: { init?: RequestInit }) => {
      bodies[name] = JSON.parse(String(request.init?.body));
      return jsonResponse([row], 201);
    };
    renderWithProviders(
      <CreateIncidentDialog
        subject={{ kind: 'component', componentId: 'c-1', description: 'api is unhealthy' }}
        onCreated={onCreated}
        onClose={vi.fn()}
      />,
      {
        api: {
          '/db/incidents': record('incident', { id: 'i-1', title: 'api down' }),
          '/db/hypotheses': record('hypothesis', { id: 'h-1' }),
          '/db/evidences': record('evidence', { id: 'e-1' }),
        },
      },
    );
    expect(screen.getByText(/Topology evidence/)).toBeInTheDocument();
    await user.click(screen.getByLabelText(/^Title/));
    await user.paste('api down');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith({ id: 'i-1', title: 'api down' }));
    expect(bodies.incident).toMatchObject({
      title: 'api down',
      type: 'availability',
      severity: 'low',
      status: 'open',
      created_by: 'user-1',
    });
    expect(bodies.hypothesis).toMatchObject({ type: 'root', status: 'possible' });
    expect(bodies.evidence).toMatchObject({
      type: 'topology',
      component_id: 'c-1',
      hypothesis_id: 'h-1',
    });
  });
});
