import { describe, expect, it } from 'vitest';
import { scraperKind, scraperKinds, SCRAPER_KINDS } from './scraper-kind';

describe('scraper kind', () => {
  it('derives the kind from the spec’s top-level keys', () => {
    expect(scraperKind({ schedule: '@every 1h', kubernetes: [{}] })).toBe('kubernetes');
    expect(scraperKind({ aws: [] })).toBe('aws');
    expect(scraperKinds({ sql: [], file: [], retention: {} })).toEqual(['sql', 'file']);
    expect(scraperKind({ schedule: '@hourly' })).toBeNull();
    expect(scraperKind(null)).toBeNull();
    expect(scraperKind(['kubernetes'])).toBeNull();
  });

  it('knows the eleven kinds of spec 3 §2.1', () => {
    expect(SCRAPER_KINDS).toEqual([
      'kubernetes',
      'azure',
      'kubernetesFile',
      'sql',
      'trivy',
      'aws',
      'file',
      'githubActions',
      'http',
      'azureDevops',
      'custom',
    ]);
  });
});
