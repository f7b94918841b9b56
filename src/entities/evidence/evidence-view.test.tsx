import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EvidenceDetail } from '../../api/incident-model';
import { renderWithProviders } from '../../test/render-with-providers';
import { EvidenceSummary, EvidenceView } from './evidence-view';

const api = {
  '/db/checks': [{ id: 'k1', name: 'api /health', status: 'unhealthy', type: 'http' }],
  '/db/components': [{ id: 'm1', name: 'checkout', health: 'warning' }],
  '/db/configs': [{ id: 'g1', name: 'web', type: 'Kubernetes::Deployment' }],
  '/db/config_detail': [
    {
      id: 'g1',
      name: 'web',
      config: { spec: { replicas: 2, template: { limits: { memory: '256Mi', cpu: 1 } } } },
    },
  ],
  '/db/config_changes': [
    {
      id: 'ch1',
      change_type: 'diff',
      summary: 'image bumped',
      created_at: '2024-01-01T00:00:00Z',
      config: { id: 'g1', name: 'web' },
    },
  ],
  '/db/config_analysis': [
    {
      id: 'a1',
      analyzer: 'kube-score',
      message: '<script>alert(1)</script><b>No</b> limits',
      config: { id: 'g1', name: 'web' },
    },
  ],
};

const base = { hypothesis_id: 'h1', created_at: '2024-01-01T00:00:00Z' };
const evidence = (row: Partial<EvidenceDetail> & { id: string; type: string }) =>
  ({ ...base, description: `${row.type} evidence`, ...row }) as EvidenceDetail;

describe('EvidenceView', () => {
  it('draws a check with its status and link, and a component with its health', async () => {
    renderWithProviders(
      <>
        <EvidenceView evidence={evidence({ id: 'e1', type: 'check', check_id: 'k1' })} />
        <EvidenceView evidence={evidence({ id: 'e2', type: 'topology', component_id: 'm1' })} />
      </>,
      { api },
    );
    const check = await screen.findByRole('link', { name: 'api /health' });
    expect(check).toHaveAttribute('href', '/health?checkId=k1');
    expect(screen.getAllByText('unhealthy').length).toBeGreaterThan(0);
    expect(await screen.findByRole('link', { name: 'checkout' })).toHaveAttribute(
      'href',
      '/topology/m1',
    );
    expect(screen.getAllByText('warning').length).toBeGreaterThan(0);
  });

  it('reads the config for 3 lines of context when only the selected line is stored', async () => {
    renderWithProviders(
      <EvidenceView
        evidence={evidence({
          id: 'e3',
          type: 'config',
          config_id: 'g1',
          evidence: {
            lines: ['        "memory": "256Mi",'],
            selected_lines: { '7': '        "memory": "256Mi",' },
          },
        })}
      />,
      { api },
    );
    const excerpt = await screen.findByRole('group', { name: 'Selected lines of web' });
    const selected = excerpt.querySelector('[data-selected]');
    // The config as JSON: "memory" is line 6; lines 3 to 9 are shown, the rest folded away.
    expect(selected).toHaveAttribute('data-line', '6');
    const numbers = [...excerpt.querySelectorAll('[data-line]')].map((row) =>
      row.getAttribute('data-line'),
    );
    expect(numbers).toEqual(['3', '4', '5', '6', '7', '8', '9']);
    expect(within(excerpt).getAllByText('⋯ 2 hidden lines')).toHaveLength(2);
  });

  it('reads a selection made in the YAML form against the config drawn as YAML', async () => {
    renderWithProviders(
      <EvidenceView
        evidence={evidence({
          id: 'e4',
          type: 'config',
          config_id: 'g1',
          evidence: {
            lines: ['      memory: 256Mi'],
            selected_lines: { '5': '      memory: 256Mi' },
          },
        })}
      />,
      { api },
    );
    // The YAML package loads for it: the excerpt comes from the YAML lines, not the JSON ones.
    const excerpt = await screen.findByRole('group', { name: 'Selected lines of web' });
    const selected = excerpt.querySelector('[data-selected]');
    expect(selected).toHaveAttribute('data-line', '5');
    expect(selected).toHaveTextContent('memory: 256Mi');
    expect(within(excerpt).getByText('replicas: 2')).toBeInTheDocument();
  });

  it('draws a change, and an insight message as text only', async () => {
    const { container } = renderWithProviders(
      <>
        <EvidenceView
          evidence={evidence({ id: 'e4', type: 'config_change', config_change_id: 'ch1' })}
        />
        <EvidenceView
          evidence={evidence({ id: 'e5', type: 'config_analysis', config_analysis_id: 'a1' })}
        />
        <EvidenceView
          evidence={evidence({
            id: 'e6',
            type: 'log',
            evidence: { lines: [{ timestamp: 't1', message: '<img src=x onerror=alert(1)>boom' }] },
          })}
        />
      </>,
      { api },
    );
    expect(await screen.findByText('image bumped')).toBeInTheDocument();
    expect(screen.getByText('diff')).toBeInTheDocument();
    expect(await screen.findByText('No limits')).toBeInTheDocument();
    expect(screen.getByText('kube-score')).toBeInTheDocument();
    expect(screen.getByText('boom')).toBeInTheDocument();
    expect(container.querySelector('script, img, b')).toBeNull();
  });

  it('summarises an evidence in one line', () => {
    renderWithProviders(
      <EvidenceSummary evidence={evidence({ id: 'e7', type: 'config_analysis' })} />,
    );
    expect(screen.getByText('Insight')).toBeInTheDocument();
    expect(screen.getByText('config_analysis evidence')).toBeInTheDocument();
  });
});
