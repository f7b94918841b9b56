import { describe, expect, it } from 'vitest';
import { scraperJobsQuery } from '../../../api/catalog-scrapers';
import { jobErrors, jobStatusLabel, jobStatusTone, scraperSourceMode } from './scraper-jobs';

describe('job status', () => {
  it('maps statuses to tones and words', () => {
    expect(jobStatusTone('SUCCESS')).toBe('healthy');
    expect(jobStatusTone('WARNING')).toBe('warning');
    expect(jobStatusTone('FAILED')).toBe('unhealthy');
    expect(jobStatusTone('STOPPED')).toBe('unhealthy');
    expect(jobStatusTone('RUNNING')).toBe('unknown');
    expect(jobStatusTone(null)).toBe('unknown');
    expect(jobStatusLabel('FAILED')).toBe('Failed');
    expect(jobStatusLabel('')).toBe('Unknown');
  });

  it('reads errors as a string, a list or a nested map', () => {
    expect(jobErrors({ errors: 'boom' })).toEqual(['boom']);
    expect(jobErrors({ errors: ['a', 'b'] })).toEqual(['a', 'b']);
    expect(jobErrors({ errors: { pods: { list: 'timeout' }, nodes: ['denied'] } })).toEqual([
      'pods › list: timeout',
      'nodes: denied',
    ]);
    expect(jobErrors({})).toEqual([]);
    expect(jobErrors(null)).toEqual([]);
    expect(jobErrors({ errors: 'x'.repeat(2000) })[0]).toHaveLength(500);
  });

  it('asks for one scraper’s runs, newest first, counted', () => {
    const query = scraperJobsQuery({ scraperId: 'abc', pageIndex: 2, pageSize: 50 });
    expect(query.path).toBe('/db/job_histories');
    expect(query.toString()).toBe(
      'select=*&resource_id=eq.abc&order=created_at.desc&limit=50&offset=100',
    );
    expect(query.headers.Prefer).toBe('count=exact');
  });
});

describe('scraper source mode', () => {
  it('is editable only for UI sources without an agent', () => {
    expect(scraperSourceMode({ source: 'UI' })).toEqual({ editable: true });
    expect(
      scraperSourceMode({ source: 'UI', agent_id: '00000000-0000-0000-0000-000000000000' }),
    ).toEqual({ editable: true });
  });

  it('says why other sources are read-only', () => {
    const reason = (input: Parameters<typeof scraperSourceMode>[0]) => {
      const mode = scraperSourceMode(input);
      return mode.editable ? '' : mode.reason;
    };
    expect(reason({ source: 'UI', agent_id: 'a1', agentName: 'eu-west-1' })).toContain(
      'Linked to eu-west-1',
    );
    expect(reason({ source: 'KubernetesCRD' })).toContain('Kubernetes resource');
    expect(reason({ source: 'ConfigFile' })).toContain('Linked to local file');
    expect(reason({ source: 'component/abc' })).toContain('topology component');
    expect(reason({ source: 'gitops' })).toContain('managed by its source (gitops)');
  });
});
