import { describe, expect, it } from 'vitest';
import { jobHistoryQuery } from '../../../api/job-history';
import { readParams, writeParams } from '../../../lib/url-state';
import { jobDetailsTabs } from './job-details-tabs';
import { formatRunDuration, jobErrorView, jobHistorySchema } from './job-history-params';
import { jobAgentHref, jobResourceHref } from './job-links';

const schema = jobHistorySchema();

describe('job history URL state', () => {
  it('defaults to excluding SUCCESS, the last 2 days, 150 rows, newest first', () => {
    const state = readParams('', schema);
    expect(state.status).toEqual({ SUCCESS: -1 });
    expect(state.range).toEqual({ kind: 'relative', amount: 2, unit: 'd', direction: 'past' });
    expect(state.pageSize).toBe(150);
    expect(state.pageIndex).toBe(0);
    expect([state.sortBy, state.sortOrder]).toEqual(['created_at', 'desc']);
    expect(jobHistorySchema(50).pageSize.defaultValue).toBe(50);
  });

  it('keeps filters as value:1 / value:-1 lists', () => {
    const search = writeParams('', schema, {
      name: { HealthCheck: 1 },
      resourceType: { canary: 1, topology: -1 },
      status: { FAILED: 1, WARNING: 1 },
      duration: 60000,
    });
    const params = new URLSearchParams(search);
    expect(params.get('name')).toBe('HealthCheck:1');
    expect(params.get('resourceType')).toBe('canary:1,topology:-1');
    expect(params.get('status')).toBe('FAILED:1,WARNING:1');
    expect(params.get('duration')).toBe('60000');
    expect(readParams(search, schema).resourceType).toEqual({ canary: 1, topology: -1 });
    // Clearing the status writes an empty value, so the default does not come back.
    expect(readParams(writeParams('', schema, { status: {} }), schema).status).toEqual({});
  });
});

describe('job history query', () => {
  it('follows the contract: .filter lists, scope, order, range and duration', () => {
    const query = new URLSearchParams(
      jobHistoryQuery({
        pageIndex: 2,
        pageSize: 150,
        sortBy: 'created_at',
        sortOrder: 'desc',
        names: { HealthCheck: 1 },
        resourceTypes: { canary: 1 },
        statuses: { SUCCESS: -1 },
        minDurationMs: 1000,
        from: '2026-11-23T00:00:00.000Z',
        to: '2026-11-25T00:00:00.000Z',
        resourceId: 'abc',
      }),
    );
    expect(query.get('select')).toBe('*');
    expect(query.get('limit')).toBe('150');
    expect(query.get('offset')).toBe('300');
    expect(query.get('resource_type.filter')).toBe('canary');
    expect(query.get('resource_id')).toBe('eq.abc');
    expect(query.get('name.filter')).toBe('HealthCheck');
    expect(query.get('status.filter')).toBe('!SUCCESS');
    expect(query.get('order')).toBe('created_at.desc,id.asc');
    expect(query.get('and')).toBe(
      '(created_at.gt.2026-11-23T00:00:00.000Z,created_at.lt.2026-11-25T00:00:00.000Z)',
    );
    expect(query.get('duration_millis')).toBe('gte.1000');
  });

  it('leaves out empty filters', () => {
    const query = new URLSearchParams(
      jobHistoryQuery({
        pageIndex: 0,
        pageSize: 50,
        sortBy: 'name',
        sortOrder: 'asc',
        names: {},
        resourceTypes: {},
        statuses: {},
        minDurationMs: 0,
      }),
    );
    expect([...query.keys()]).toEqual(['select', 'limit', 'offset', 'order']);
  });
});

describe('job details', () => {
  it('shows only the tabs with data, in order; none means the modal does not open', () => {
    expect(jobDetailsTabs(null)).toEqual([]);
    expect(jobDetailsTabs({ errors: [], summary: {} })).toEqual([]);
    expect(jobDetailsTabs({ errors: 'boom' })).toEqual(['errors']);
    expect(jobDetailsTabs({ summary: { a: 1 }, scrape_summary: { b: 2 } })).toEqual([
      'scrape',
      'reconcile',
    ]);
    expect(jobDetailsTabs({ errors: ['x'], scrape_summary: { b: 2 }, summary: { c: 1 } })).toEqual([
      'errors',
      'scrape',
      'reconcile',
    ]);
  });

  it('shows errors as plain text, a one-column list, or formatted JSON', () => {
    expect(jobErrorView('boom')).toEqual({ kind: 'text', text: 'boom' });
    expect(jobErrorView(['a', 'b'])).toEqual({ kind: 'list', items: ['a', 'b'] });
    expect(jobErrorView({ pod: { x: 'y' } })).toEqual({
      kind: 'json',
      json: '{\n  "pod": {\n    "x": "y"\n  }\n}',
    });
  });

  it('formats durations and links', () => {
    expect(formatRunDuration(850)).toBe('850ms');
    expect(formatRunDuration(1234)).toBe('1.2s');
    expect(formatRunDuration(245_000)).toBe('4m 5s');
    expect(formatRunDuration(null)).toBe('-');
    const id = '0193b6a4-1111-7222-8333-944445555666';
    expect(jobResourceHref('canary', id)).toBe(`/settings/canaries/${id}`);
    expect(jobResourceHref('config_scraper', id)).toBe(`/catalog/scrapers/${id}`);
    expect(jobResourceHref('canary', 'local')).toBeUndefined();
    expect(jobAgentHref('00000000-0000-0000-0000-000000000000')).toBeUndefined();
    expect(jobAgentHref(id)).toBe(`/settings/agents?id=${id}`);
  });
});
