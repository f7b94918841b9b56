import { describe, expect, it } from 'vitest';
import {
  cardSummary,
  childHealthCounts,
  componentHealth,
  describeTyped,
  formatAge,
  formatBytes,
  formatCount,
  formatCurrency,
  formatMillicores,
  formatPropertyValue,
  headlineProperties,
  isEmptySummary,
  isPropertyAlert,
  propertyHref,
  propertyPercent,
  statusCounts,
  summarySeverity,
  toTopologyCardSize,
  TOPOLOGY_CARD_WIDTHS,
  typedSummary,
  typeLabel,
} from './topology-card-format';

describe('sizes', () => {
  it('has the spec widths and falls back to extra_large', () => {
    expect(TOPOLOGY_CARD_WIDTHS).toEqual({
      small: 198,
      medium: 258,
      large: 356,
      extra_large: 554,
    });
    expect(toTopologyCardSize('small')).toBe('small');
    expect(toTopologyCardSize('Small')).toBe('extra_large');
    expect(toTopologyCardSize(null)).toBe('extra_large');
    expect(toTopologyCardSize('huge')).toBe('extra_large');
  });
});

describe('componentHealth', () => {
  it('reads health, then status', () => {
    expect(componentHealth({ health: 'unhealthy', status: 'healthy' })).toBe('unhealthy');
    expect(componentHealth({ health: null, status: 'warning' })).toBe('warning');
    expect(componentHealth({ health: '', status: 'Healthy' })).toBe('healthy');
    expect(componentHealth({ status: 'info' })).toBe('healthy');
    expect(componentHealth({ status: 'degraded' })).toBe('unhealthy');
    expect(componentHealth({})).toBe('unknown');
    expect(componentHealth({ status: 'pending' })).toBe('unknown');
  });
});

describe('properties', () => {
  it('keeps headline properties with a value, in `order`, without hidden ones', () => {
    const properties = [
      { name: 'Version', text: '1.2' },
      { name: 'Memory', value: 1, headline: true, order: 2 },
      { name: 'CPU', value: 1, headline: true, order: 1 },
      { name: 'Secret', value: 1, headline: true, type: 'hidden' },
      { name: 'Empty', headline: true },
      { name: 'Zone', text: 'a', headline: true },
    ];
    expect(headlineProperties(properties).map((p) => p.name)).toEqual(['Zone', 'CPU', 'Memory']);
    expect(headlineProperties(null)).toEqual([]);
  });

  it('formats units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(16 * 1024 ** 3)).toBe('16 GiB');
    expect(formatBytes(300 * 1024 ** 2)).toBe('300 MiB');
    expect(formatMillicores(250)).toBe('250m');
    expect(formatMillicores(1000)).toBe('1 core');
    expect(formatMillicores(2500)).toBe('2.5 cores');
    expect(formatCurrency(8.5)).toBe('$8.50');
    expect(formatCurrency(10)).toBe('$10.00');
    expect(formatCurrency(419.6)).toBe('$420');
    expect(formatCurrency(1234)).toBe('$1.2k');
    expect(formatCurrency(12, 'EUR')).toBe('12 EUR');
    const now = Date.parse('2030-01-10T00:00:00Z');
    expect(formatAge('2030-01-09T23:59:30Z', now)).toBe('30s');
    expect(formatAge('2030-01-07T00:00:00Z', now)).toBe('3d');
    expect(formatAge('2029-10-10T00:00:00Z', now)).toBe('3mo');
    expect(formatAge('not a date', now)).toBeUndefined();

    expect(formatPropertyValue({ value: 2048, unit: 'bytes' })).toBe('2 KiB');
    expect(formatPropertyValue({ value: 12.5, unit: 'percent' })).toBe('12.5%');
    expect(formatPropertyValue({ value: 340, unit: 'milliseconds' })).toBe('340ms');
    expect(formatPropertyValue({ value: 1500, unit: 'milliseconds' })).toBe('1.5s');
    expect(formatPropertyValue({ value: 2190, type: 'currency', unit: 'USD' })).toBe('$2.2k');
    expect(formatPropertyValue({ value: 12345 })).toBe('12,345');
    expect(formatPropertyValue({ value: 3, unit: 'replicas' })).toBe('3 replicas');
    expect(formatPropertyValue({ text: 'v1.29' })).toBe('v1.29');
    expect(formatPropertyValue({ text: '5', unit: 'GB' })).toBe('5 GB');
    expect(formatPropertyValue({ type: 'age', text: '2030-01-09T00:00:00Z' }, now)).toBe('1d');
    expect(formatPropertyValue({})).toBe('-');
  });

  it('computes how full a property is, and the 70 % alert', () => {
    expect(propertyPercent({ value: 50, max: 200 })).toBe(25);
    expect(propertyPercent({ value: 15, min: 10, max: 20 })).toBe(50);
    expect(propertyPercent({ value: 300, max: 200 })).toBe(100);
    expect(propertyPercent({ value: 5 })).toBeUndefined();
    expect(propertyPercent({ value: 5, max: 0 })).toBeUndefined();
    expect(propertyPercent({ text: '5', max: 10 })).toBeUndefined();
    expect(isPropertyAlert(70)).toBe(false);
    expect(isPropertyAlert(70.1)).toBe(true);
    expect(isPropertyAlert(undefined)).toBe(false);
  });

  it('links only http(s) URLs', () => {
    expect(propertyHref({ type: 'url', text: 'https://pay.example.com' })).toBe(
      'https://pay.example.com',
    );
    expect(
      propertyHref({ links: [{ url: 'javascript:alert(1)' }, { url: 'http://x.test' }] }),
    ).toBe('http://x.test');
    expect(propertyHref({ type: 'url', text: 'javascript:alert(1)' })).toBeUndefined();
    expect(propertyHref({ text: 'https://not-a-url-type.example' })).toBeUndefined();
  });
});

describe('summary', () => {
  it('counts over 999 as rounded thousands', () => {
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1k+');
    expect(formatCount(12_600)).toBe('13k+');
  });

  it('orders status counts worst first and adds up unknown words', () => {
    expect(statusCounts({ healthy: 3, unhealthy: 1, pending: 2, unknown: 1, warning: 0 })).toEqual([
      { status: 'unhealthy', count: 1 },
      { status: 'healthy', count: 3 },
      { status: 'unknown', count: 3 },
    ]);
    expect(statusCounts(null)).toEqual([]);
    expect(childHealthCounts({ healthy: 2, info: 1, warning: 1 })).toEqual([
      { status: 'warning', count: 1 },
      { status: 'healthy', count: 3 },
    ]);
  });

  it('merges low into medium and blocker into critical, worst type first', () => {
    expect(summarySeverity('low')).toBe('medium');
    expect(summarySeverity('Blocker')).toBe('critical');
    expect(summarySeverity('warning')).toBe('info');
    expect(summarySeverity('odd')).toBe('other');

    const reduced = typedSummary({
      cost: { low: 2, medium: 1 },
      availability: { high: 1, low: 1 },
      security: { critical: 1, blocker: 1, info: 2 },
      empty: { high: 0 },
    });
    expect(reduced).toEqual([
      {
        type: 'security',
        total: 4,
        worst: 'critical',
        severities: [
          { severity: 'critical', count: 2 },
          { severity: 'info', count: 2 },
        ],
      },
      {
        type: 'availability',
        total: 2,
        worst: 'high',
        severities: [
          { severity: 'high', count: 1 },
          { severity: 'medium', count: 1 },
        ],
      },
      { type: 'cost', total: 3, worst: 'medium', severities: [{ severity: 'medium', count: 3 }] },
    ]);
    expect(describeTyped(reduced[1]!, 'incident')).toBe(
      '2 availability incidents: 1 high, 1 medium',
    );
    expect(typeLabel('technicalDebt')).toBe('technical debt');
    expect(typeLabel('technical_debt')).toBe('technical debt');
  });

  it('reads the summary, or the component columns when the summary lacks them', () => {
    const fromSummary = cardSummary({
      summary: {
        healthy: 1,
        checks: { healthy: 2 },
        insights: { security: { high: 1 } },
        incidents: { availability: { low: 1 } },
      },
      checks: { unhealthy: 9 },
    });
    expect(fromSummary.children).toEqual([{ status: 'healthy', count: 1 }]);
    expect(fromSummary.checks).toEqual([{ status: 'healthy', count: 2 }]);
    expect(fromSummary.insights[0]?.worst).toBe('high');
    expect(fromSummary.incidents[0]?.severities).toEqual([{ severity: 'medium', count: 1 }]);
    const fromColumns = cardSummary({
      summary: null,
      checks: { unhealthy: 1 },
      analysis: { cost: { medium: 1 } },
      incidents: null,
    });
    expect(fromColumns.checks).toEqual([{ status: 'unhealthy', count: 1 }]);
    expect(fromColumns.insights).toHaveLength(1);
    expect(isEmptySummary(fromColumns)).toBe(false);
    expect(isEmptySummary(cardSummary({}))).toBe(true);
  });
});
