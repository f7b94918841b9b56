import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../../ui/toast';
import { jsonResponse, renderWithProviders } from '../../../test/render-with-providers';
import { AddResponderDialog } from './add-responder-dialog';

const INCIDENT = '0c9a55da-ed3a-45dd-9413-633861c17855';
const TEAM = '5e0a1b2c-3d4e-4f50-8a6b-7c8d9e0f1a2b';
const EMPTY_TEAM = '6e0a1b2c-3d4e-4f50-8a6b-7c8d9e0f1a2b';

const JIRA = {
  id: 'cfg-1',
  name: 'Jira Cloud',
  type: 'Jira',
  external_id: [`jira/${TEAM}`],
  analysis: {
    data: {
      projects: [
        { key: 'OPS', name: 'Operations' },
        { key: 'WEB', name: 'Web' },
      ],
      issueTypes: { OPS: ['Incident', 'Task'], WEB: ['Bug'] },
      priorities: ['Highest', 'High'],
    },
  },
};

function api(posts: unknown[]) {
  return {
    '/db/teams': [
      { id: TEAM, name: 'SRE', spec: { responder_clients: { jira: {}, email: {} } } },
      { id: EMPTY_TEAM, name: 'Data', spec: {} },
    ],
    '/db/people': [{ id: 'p1', name: 'Vic Viewer' }],
    '/db/configs': [
      JIRA,
      { ...JIRA, id: 'cfg-2', external_id: ['jira/other-team'] },
      // The team's, but without lists (the configs view's own analysis and changes): no instance.
      { ...JIRA, id: 'cfg-3', name: 'Jira Bare', analysis: { security: 1 }, changes: 4 },
    ],
    '/db/responders': ({ init }: { init?: RequestInit }) => {
      posts.push(JSON.parse(String(init?.body)) as unknown);
      return jsonResponse([{ id: 'r1' }], 201);
    },
  };
}

function dialog() {
  return within(screen.getByRole('dialog', { name: 'Add Responder' }));
}

describe('AddResponderDialog', () => {
  it('a team without clients says so', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AddResponderDialog incidentId={INCIDENT} onClose={vi.fn()} />, {
      api: api([]),
    });
    await screen.findByRole('option', { name: 'Data' });
    await user.selectOptions(dialog().getByLabelText('Team'), 'Data');
    await user.click(dialog().getByRole('button', { name: 'Next' }));
    expect(
      dialog().getByText('There are no responders configured for this team'),
    ).toBeInTheDocument();
    await user.click(dialog().getByRole('button', { name: 'Back' }));
    expect(dialog().getByLabelText('Team')).toHaveValue(EMPTY_TEAM);
  });

  it('Jira: each selector waits for the one before it, the instance clears project and issue type, every field is required', async () => {
    const user = userEvent.setup();
    const posts: unknown[] = [];
    const onClose = vi.fn();
    renderWithProviders(<AddResponderDialog incidentId={INCIDENT} onClose={onClose} />, {
      api: api(posts),
    });
    await screen.findByRole('option', { name: 'Vic Viewer' });
    await user.selectOptions(dialog().getByLabelText('Team'), 'SRE');
    await user.click(dialog().getByRole('button', { name: 'Next' }));
    // The team's types in the spec order: Email first, then Jira.
    expect(dialog().getByLabelText('Email')).toBeChecked();
    await user.click(dialog().getByLabelText('Jira'));
    await screen.findByRole('option', { name: 'Jira Cloud' });
    const instance = dialog().getByLabelText('Jira instance');
    // Only the instance related to the team, with its lists, is offered.
    expect(
      within(instance)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None', 'Jira Cloud']);
    expect(dialog().getByLabelText('Project')).toBeDisabled();
    expect(dialog().getByLabelText('Issue Type')).toBeDisabled();
    expect(dialog().getByLabelText('Priority')).toBeDisabled();

    await user.click(dialog().getByRole('button', { name: 'Save Team Responder' }));
    expect(dialog().getAllByText('Please provide valid value')).toHaveLength(6);
    expect(posts).toHaveLength(0);

    await user.selectOptions(instance, 'Jira Cloud');
    expect(dialog().getByLabelText('Project')).toBeEnabled();
    expect(dialog().getByLabelText('Issue Type')).toBeDisabled();
    await user.selectOptions(dialog().getByLabelText('Project'), 'Operations');
    expect(
      within(dialog().getByLabelText('Issue Type'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None', 'Incident', 'Task']);
    await user.selectOptions(dialog().getByLabelText('Issue Type'), 'Incident');

    // Changing the instance clears project and issue type.
    await user.selectOptions(instance, 'None');
    await user.selectOptions(instance, 'Jira Cloud');
    expect(dialog().getByLabelText('Project')).toHaveValue('');
    expect(dialog().getByLabelText('Issue Type')).toHaveValue('');
    expect(dialog().getByLabelText('Issue Type')).toBeDisabled();

    await user.selectOptions(dialog().getByLabelText('Project'), 'Web');
    await user.selectOptions(dialog().getByLabelText('Issue Type'), 'Bug');
    await user.selectOptions(dialog().getByLabelText('Priority'), 'High');
    await user.type(dialog().getByLabelText('Summary'), 'Checkout down');
    await user.type(dialog().getByLabelText('Description'), 'p99 over 2 s');
    await user.click(dialog().getByRole('button', { name: 'Save Team Responder' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts).toEqual([
      {
        type: 'jira',
        incident_id: INCIDENT,
        created_by: 'user-1',
        team_id: TEAM,
        properties: {
          responderType: 'jira',
          project: 'WEB',
          issueType: 'Bug',
          priority: 'High',
          summary: 'Checkout down',
          description: 'p99 over 2 s',
        },
      },
    ]);
  });

  it('a person goes straight to Add; choosing a person clears the team', async () => {
    const user = userEvent.setup();
    const posts: unknown[] = [];
    renderWithProviders(<AddResponderDialog incidentId={INCIDENT} onClose={vi.fn()} />, {
      api: api(posts),
    });
    await screen.findByRole('option', { name: 'Vic Viewer' });
    await user.selectOptions(dialog().getByLabelText('Team'), 'SRE');
    await user.selectOptions(dialog().getByLabelText('Person'), 'Vic Viewer');
    expect(dialog().getByLabelText('Team')).toHaveValue('');
    await user.click(dialog().getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      type: 'person',
      incident_id: INCIDENT,
      created_by: 'user-1',
      person_id: 'p1',
      properties: { responderType: 'person', person: 'p1' },
    });
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.message)).toContain(
        'Responder added successfully',
      ),
    );
  });
});
