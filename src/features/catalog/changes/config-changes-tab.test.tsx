import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  jsonResponse,
  renderWithProviders,
  type FakeApi,
} from '../../../test/render-with-providers';
import { ConfigChangesTab } from './config-changes-tab';

const CONFIG = '0193a5c0-3333-7000-8000-000000000003';

function api(bodies: Record<string, unknown>[]): FakeApi {
  return {
    '/catalog/changes': ({ init }) => {
      bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return jsonResponse({
        total: 1,
        changes: [
          {
            id: '0193a5c0-4444-7000-8000-000000000004',
            config_id: CONFIG,
            name: 'payments-api',
            type: 'Kubernetes::Deployment',
            change_type: 'diff',
            severity: 'low',
            source: 'Kubernetes',
            summary: 'spec.replicas',
            created_at: new Date().toISOString(),
            count: 3,
            external_created_by: 'argocd',
          },
        ],
      });
    },
    '/db/config_types': [{ type: 'Kubernetes::Deployment' }],
    '/db/change_types': [{ change_type: 'diff' }],
    '/db/config_tags': [],
  };
}

describe('ConfigChangesTab', () => {
  it('is scoped to the config, downstream on and upstream off by default', async () => {
    const bodies: Record<string, unknown>[] = [];
    renderWithProviders(<ConfigChangesTab configId={CONFIG} />, {
      route: `/catalog/${CONFIG}/changes`,
      api: api(bodies),
    });
    expect(await screen.findByText('spec.replicas')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({
      id: CONFIG,
      recursive: 'downstream',
      depth: 5,
      page: 1,
      page_size: 200,
      sort_by: '-created_at',
      from: 'now-2d',
      include_deleted_configs: false,
    });
    expect(screen.getByRole('switch', { name: 'Downstream' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Upstream' })).not.toBeChecked();
    expect(screen.getByText('1 change')).toBeInTheDocument();
  });

  it('maps the toggles to recursive: both → all, neither → none', async () => {
    const bodies: Record<string, unknown>[] = [];
    renderWithProviders(<ConfigChangesTab configId={CONFIG} />, {
      route: `/catalog/${CONFIG}/changes?upstream=true`,
      api: api(bodies),
    });
    await screen.findByText('spec.replicas');
    expect(bodies.at(-1)).toMatchObject({ recursive: 'all' });
    fireEvent.click(screen.getByRole('switch', { name: 'Downstream' }));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ recursive: 'upstream' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Upstream' }));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ recursive: 'none' }));
  });

  it('shows the failure message when the search fails', async () => {
    renderWithProviders(<ConfigChangesTab configId={CONFIG} />, {
      route: `/catalog/${CONFIG}/changes`,
      api: {
        '/catalog/changes': () => jsonResponse({ error: "invalid 'from' param" }, 400),
        '/db/config_types': [],
        '/db/change_types': [],
        '/db/config_tags': [],
      },
    });
    expect(await screen.findByText("invalid 'from' param")).toBeInTheDocument();
    expect(screen.getByText('Changes could not be loaded')).toBeInTheDocument();
  });
});
