import { describe, expect, it } from 'vitest';
import { insightListQuery } from '../../../api/catalog-insights';
import { writeParams } from '../../../lib/url-state';
import {
  CLEARED_INSIGHT_FILTERS,
  canonicalInsightType,
  hasActiveInsightFilters,
  insightListParams,
  insightPageCount,
  insightSortingPatch,
  insightsUrlSchema,
  insightTypeLabel,
  parseInsightsParams,
} from './insights-params';
import { insightStatusTone } from './insight-status';

const COMPONENT = '0193a5c0-2222-7000-8000-000000000002';

describe('insights URL state', () => {
  it('has the spec defaults: every filter off, first observed newest first, page 1', () => {
    expect(parseInsightsParams('')).toEqual({
      component: '',
      type: '',
      severity: '',
      analyzer: '',
      status: '',
      configType: '',
      sortBy: 'first_observed',
      sortOrder: 'desc',
      pageIndex: 0,
      insightId: '',
    });
  });

  it('reads every parameter, case-insensitively where the values are a fixed list', () => {
    const values = parseInsightsParams(
      `component=${COMPONENT}&type=Security&severity=CRITICAL&analyzer=trivy&status=Open` +
        '&configType=Kubernetes::Pod&sortBy=severity&sortOrder=asc&pageIndex=1',
    );
    expect(values).toMatchObject({
      component: COMPONENT,
      type: 'security',
      severity: 'critical',
      analyzer: 'trivy',
      status: 'open',
      configType: 'Kubernetes::Pod',
      sortBy: 'severity',
      sortOrder: 'asc',
      pageIndex: 1,
    });
  });

  it('reads technical_debt as technicalDebt', () => {
    expect(parseInsightsParams('type=technical_debt').type).toBe('technicalDebt');
    expect(canonicalInsightType('TechnicalDebt')).toBe('technicalDebt');
    expect(insightTypeLabel('technical_debt')).toBe('Technical Debt');
    expect(insightTypeLabel('custom')).toBe('custom');
  });

  it('falls back to the defaults on bad values', () => {
    const values = parseInsightsParams(
      `component=abc&type=bogus&severity=blocker&status=gone&sortBy=message&sortOrder=up` +
        `&pageIndex=-1&insightId=1&analyzer=${'a'.repeat(201)}`,
    );
    expect(values).toEqual(parseInsightsParams(''));
    expect(parseInsightsParams('type=All&severity=all').type).toBe('');
  });

  it('leaves defaults out of the URL', () => {
    expect(
      writeParams('', insightsUrlSchema, { type: 'cost', pageIndex: 0, sortOrder: 'desc' }),
    ).toBe('type=cost');
  });
});

describe('insights request', () => {
  it('sends only the filters that are set, 50 a page', () => {
    const params = insightListParams(parseInsightsParams('severity=high&pageIndex=2'));
    expect(params).toEqual({
      severity: 'high',
      sortBy: 'first_observed',
      sortOrder: 'desc',
      pageIndex: 2,
      pageSize: 50,
    });
    const query = insightListQuery(params).toString();
    expect(query).toContain('severity=eq.high');
    expect(query).toContain('limit=50');
    expect(query).toContain('offset=100');
    expect(query).toContain('order=first_observed.desc');
  });

  it('counts pages as the ceiling of total over 50 (at least one)', () => {
    expect(insightPageCount(undefined)).toBe(1);
    expect(insightPageCount(0)).toBe(1);
    expect(insightPageCount(50)).toBe(1);
    expect(insightPageCount(51)).toBe(2);
    expect(insightPageCount(65)).toBe(2);
  });

  it('maps header clicks to the URL and back to the default when cleared', () => {
    expect(insightSortingPatch([{ id: 'analyzer', desc: false }])).toEqual({
      sortBy: 'analyzer',
      sortOrder: 'asc',
      pageIndex: 0,
    });
    expect(insightSortingPatch([])).toEqual({
      sortBy: 'first_observed',
      sortOrder: 'desc',
      pageIndex: 0,
    });
  });

  it('knows when filters are active and how to clear them', () => {
    const base = parseInsightsParams('');
    expect(hasActiveInsightFilters(base)).toBe(false);
    expect(hasActiveInsightFilters({ ...base, analyzer: 'trivy' })).toBe(true);
    expect(hasActiveInsightFilters({ ...base, ...CLEARED_INSIGHT_FILTERS })).toBe(false);
  });

  it('gives statuses a distinct tone', () => {
    expect(insightStatusTone('open')).toBe('warning');
    expect(insightStatusTone('resolved')).toBe('healthy');
    expect(insightStatusTone('silenced')).toBe('unknown');
  });
});
