import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TopologyComponent } from '../../api/types';
import { TopologyCard } from './topology-card';

const cluster: TopologyComponent = {
  id: 'c1',
  name: 'prod-eu-west-1',
  text: 'EKS cluster',
  type: 'KubernetesCluster',
  icon: 'kubernetes',
  status: 'unhealthy',
  health: 'unhealthy',
  status_reason: 'agent has not reported for 3 days',
  properties: [
    { name: 'Version', text: 'v1.29.4' },
    { name: 'CPU', value: 7200, max: 8000, unit: 'millicores', headline: true },
    { name: 'Memory', value: 8 * 1024 ** 3, max: 16 * 1024 ** 3, unit: 'bytes', headline: true },
    { name: 'Console', type: 'url', text: 'https://console.example.com', headline: true },
  ],
  summary: {
    healthy: 12,
    unhealthy: 1,
    checks: { healthy: 3, unhealthy: 1 },
    insights: { security: { critical: 1, low: 2 } },
    incidents: { availability: { low: 1 } },
  },
};

describe('TopologyCard', () => {
  it('shows the name, text, health as a word and a red border for unhealthy', () => {
    render(<TopologyCard component={cluster} />);
    const card = screen.getByRole('article', { name: 'prod-eu-west-1' });
    expect(card).toHaveAttribute('data-status', 'unhealthy');
    expect(card).toHaveClass('border-unhealthy', 'w-[554px]');
    expect(within(card).getByText('EKS cluster')).toBeInTheDocument();
    expect(within(card).getByText('Unhealthy')).not.toHaveClass('sr-only');
    expect(within(card).getByText('agent has not reported for 3 days')).toBeInTheDocument();
  });

  it('uses an orange border for warning and none for healthy; sizes set the width', () => {
    const { rerender } = render(
      <TopologyCard component={{ ...cluster, health: 'warning' }} size="small" />,
    );
    const card = screen.getByRole('article');
    expect(card).toHaveClass('border-warning', 'w-[198px]');
    // Small cards keep the word for assistive technology.
    expect(within(card).getByText('Warning')).toHaveClass('sr-only');
    rerender(<TopologyCard component={{ ...cluster, health: 'healthy' }} size="large" />);
    expect(screen.getByRole('article')).toHaveClass('border-border', 'w-[356px]');
    expect(screen.queryByText('agent has not reported for 3 days')).toBeNull();
    rerender(<TopologyCard component={cluster} size="medium" />);
    expect(screen.getByRole('article')).toHaveClass('w-[258px]');
  });

  it('shows headline properties with units, a bar of max and the 70 % alert', () => {
    render(<TopologyCard component={cluster} />);
    const properties = screen.getByLabelText('Properties');
    const cpu = properties.querySelector('[data-property="CPU"]');
    expect(cpu).toHaveAttribute('data-alert', 'true');
    expect(cpu).toHaveTextContent('7.2 cores90%');
    expect(cpu).toHaveTextContent('above 70% of the maximum');
    expect(cpu?.querySelector('[part="property-value"]')).toHaveClass('text-unhealthy');
    const memory = properties.querySelector('[data-property="Memory"]');
    expect(memory).not.toHaveAttribute('data-alert');
    expect(memory).toHaveTextContent('8 GiB50%');
    expect(
      within(properties).getByRole('link', { name: 'https://console.example.com' }),
    ).toHaveAttribute('target', '_blank');
    expect(within(properties).queryByText('v1.29.4')).toBeNull();
  });

  it('summarises children, checks, insights and incidents with words, low merged into medium', () => {
    render(<TopologyCard component={cluster} />);
    expect(screen.getByRole('list', { name: 'Components' })).toHaveTextContent(
      '1 unhealthy component',
    );
    const checks = screen.getByRole('list', { name: 'Checks' });
    expect(within(checks).getByText('1 unhealthy check')).toBeInTheDocument();
    expect(within(checks).getByText('3 healthy checks')).toBeInTheDocument();
    const insights = screen.getByRole('list', { name: 'Insights' });
    expect(
      within(insights).getByText('3 security insights: 1 critical, 2 medium'),
    ).toBeInTheDocument();
    const incident = screen
      .getByRole('list', { name: 'Incidents' })
      .querySelector('[data-kind="incidents"]');
    expect(incident).toHaveAttribute('data-severity', 'medium');
    expect(incident).toHaveAttribute('title', '1 availability incident: 1 medium');
  });

  it('hides properties and summary on request, and has no summary when there is nothing', () => {
    const { rerender } = render(<TopologyCard component={cluster} hideProperties hideSummary />);
    expect(screen.queryByLabelText('Properties')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Checks' })).toBeNull();
    rerender(<TopologyCard component={{ id: 'x', name: 'Bare' }} />);
    expect(screen.getByRole('article', { name: 'Bare' })).toHaveAttribute('data-status', 'unknown');
    expect(screen.getByText('Unknown')).toBeInTheDocument();
    expect(document.querySelector('[part="summary"]')).toBeNull();
  });

  it('links the name when given an href and reports the click', async () => {
    const onLinkClick = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(<TopologyCard component={cluster} href="/topology/c1" onLinkClick={onLinkClick} />);
    const link = screen.getByRole('link', { name: 'prod-eu-west-1' });
    expect(link).toHaveAttribute('href', '/topology/c1');
    await userEvent.click(link);
    expect(onLinkClick).toHaveBeenCalledTimes(1);
  });

  it('fills its parent when fluid and shows the actions slot in the header', () => {
    render(
      <TopologyCard
        component={cluster}
        fluid
        actions={<button type="button">Component actions</button>}
      />,
    );
    const card = screen.getByRole('article', { name: 'prod-eu-west-1' });
    expect(card).toHaveClass('w-full');
    expect(card).not.toHaveClass('w-[554px]');
    expect(within(card).getByRole('button', { name: 'Component actions' })).toBeInTheDocument();
  });
});
