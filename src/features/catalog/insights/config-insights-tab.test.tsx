import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render-with-providers';
import { ConfigInsightsTab, INSIGHTS_LOAD_AHEAD_PX } from './config-insights-tab';

const CONFIG = '0193a5c0-7777-7000-8000-000000000007';
const TOTAL = 60;

function insight(index: number) {
  return {
    id: `0193a5c0-8888-7000-8000-${String(index).padStart(12, '0')}`,
    analyzer: `analyzer-${index}`,
    analysis_type: 'security',
    severity: 'high',
    message: `Finding ${index}`,
    first_observed: '2026-11-01T00:00:00Z',
    config: {
      id: CONFIG,
      name: 'payments-api',
      config_class: 'Deployment',
      type: 'Kubernetes::Deployment',
    },
  };
}

let observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[] =
  [];

beforeEach(() => {
  observers = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observers.push({ callback, options });
      }
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('ConfigInsightsTab', () => {
  it('loads 50 at a time and the next page when the end comes within 300 px', async () => {
    const offsets: string[] = [];
    renderWithProviders(<ConfigInsightsTab configId={CONFIG} />, {
      route: `/catalog/${CONFIG}/insights`,
      api: {
        '/db/config_analysis': ({ url }) => {
          const params = new URL(url, 'http://x').searchParams;
          expect(params.get('config_id')).toBe(`eq.${CONFIG}`);
          expect(params.get('limit')).toBe('50');
          const offset = Number(params.get('offset'));
          offsets.push(String(offset));
          const rows = Array.from({ length: Math.min(50, TOTAL - offset) }, (_, i) =>
            insight(offset + i),
          );
          return jsonResponse(rows, 200, {
            'content-range': `${offset}-${offset + rows.length - 1}/${TOTAL}`,
          });
        },
      },
    });
    expect(await screen.findByText('Finding 49')).toBeInTheDocument();
    expect(screen.getByText('60 insights')).toBeInTheDocument();
    expect(screen.queryByText('Finding 50')).not.toBeInTheDocument();
    const observer = observers.at(-1);
    expect(observer?.options?.rootMargin).toBe(`0px 0px ${INSIGHTS_LOAD_AHEAD_PX}px 0px`);
    act(() => {
      observer?.callback(
        [{ isIntersecting: true } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      );
    });
    expect(await screen.findByText('Finding 59')).toBeInTheDocument();
    expect(offsets).toEqual(['0', '50']);
  });

  it('opens the insight modal from a row and writes insightId', async () => {
    const { location } = renderWithProviders(<ConfigInsightsTab configId={CONFIG} />, {
      route: `/catalog/${CONFIG}/insights`,
      api: {
        '/db/config_analysis': ({ url }) =>
          url.includes('&id=eq.') || url.includes('?select=id,source')
            ? jsonResponse([{ ...insight(1), source: 'Trivy', status: 'open', analysis: { a: 1 } }])
            : jsonResponse([insight(1)], 200, { 'content-range': '0-0/1' }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'analyzer-1' }));
    await waitFor(() => expect(location.history.at(-1)).toContain(`insightId=${insight(1).id}`));
    expect(await screen.findByText('Trivy')).toBeInTheDocument();
  });
});
