import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ThemeChart, type ChartTokens } from './theme-chart';

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

afterEach(() => {
  delete document.documentElement.dataset.theme;
});

describe('ThemeChart', () => {
  it('builds its option from the tokens and rebuilds it when the theme changes', async () => {
    const buildOption = vi.fn((tokens: ChartTokens) => ({
      xAxis: { type: 'value' as const },
      yAxis: { type: 'value' as const },
      series: [{ type: 'scatter' as const, itemStyle: { color: tokens.healthy }, data: [] }],
    }));
    render(<ThemeChart buildOption={buildOption} label="Latency" description="3 points" />);
    const chart = screen.getByRole('img', { name: 'Latency' });
    expect(chart).toHaveAccessibleDescription('3 points');
    await waitFor(() =>
      expect(buildOption).toHaveBeenLastCalledWith(expect.objectContaining({ healthy: '#15803d' })),
    );

    // The dark token set applies; the chart reads it on the theme switch.
    chart.style.setProperty('--vigil-color-status-healthy', '#4ade80');
    document.documentElement.dataset.theme = 'dark';
    await waitFor(() =>
      expect(buildOption).toHaveBeenLastCalledWith(expect.objectContaining({ healthy: '#4ade80' })),
    );
  });
});
