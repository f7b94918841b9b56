import { describe, expect, it } from 'vitest';
import type { SubjectIncident } from '../../api/incidents';
import { incidentLink, severityBucket, summarizeIncidents } from './summarize-incidents';

function incident(
  overrides: Partial<SubjectIncident> & Pick<SubjectIncident, 'id'>,
): SubjectIncident {
  return {
    title: `Incident ${overrides.id}`,
    created_at: '2026-11-20T10:00:00Z',
    type: 'availability',
    status: 'open',
    severity: 'medium',
    component_id: 'c1',
    ...overrides,
  };
}

describe('severityBucket', () => {
  it('merges low into medium and blocker into critical', () => {
    expect(severityBucket('low')).toBe('medium');
    expect(severityBucket('medium')).toBe('medium');
    expect(severityBucket('blocker')).toBe('critical');
    expect(severityBucket('critical')).toBe('critical');
    expect(severityBucket('high')).toBe('high');
  });

  it('reads any case and spacing, and keeps unknown values apart', () => {
    expect(severityBucket(' High ')).toBe('high');
    expect(severityBucket('Info')).toBe('info');
    expect(severityBucket('warning')).toBe('other');
    expect(severityBucket('')).toBe('other');
    expect(severityBucket(null)).toBe('other');
    expect(severityBucket(undefined)).toBe('other');
    expect(severityBucket('constructor')).toBe('other');
    expect(severityBucket('__proto__')).toBe('other');
  });
});

describe('summarizeIncidents', () => {
  const rows = [
    incident({ id: 'a', severity: 'critical', created_at: '2026-11-20T09:00:00Z' }),
    incident({ id: 'b', severity: 'blocker', created_at: '2026-11-20T11:00:00Z' }),
    incident({ id: 'c', severity: 'high', created_at: '2026-11-19T11:00:00Z' }),
    incident({ id: 'd', severity: 'medium', created_at: '2026-11-18T11:00:00Z' }),
    incident({ id: 'e', severity: 'Low', created_at: '2026-11-17T11:00:00Z' }),
    incident({ id: 'f', severity: 'info', created_at: '2026-11-16T11:00:00Z' }),
    incident({ id: 'g', severity: 'sev1', created_at: '2026-11-15T11:00:00Z' }),
    incident({ id: 'h', severity: null, created_at: null }),
  ];

  it('counts each bucket, low with medium and unknown severities as other', () => {
    const summary = summarizeIncidents(rows);
    expect(summary.counts).toEqual({ critical: 2, high: 1, medium: 2, info: 1, other: 2 });
    expect(summary.total).toBe(8);
    expect(summary.worst).toBe('critical');
  });

  it('lists the incidents most recent first, undated last', () => {
    expect(summarizeIncidents(rows).incidents.map((item) => item.id)).toEqual([
      'b',
      'a',
      'c',
      'd',
      'e',
      'f',
      'g',
      'h',
    ]);
  });

  it('counts an incident once even when the view repeats it', () => {
    const summary = summarizeIncidents([rows[0]!, rows[0]!, { ...rows[0]!, title: 'again' }]);
    expect(summary.total).toBe(1);
    expect(summary.counts.critical).toBe(1);
  });

  it('filters by exact severity, case-insensitively; all keeps everything', () => {
    expect(summarizeIncidents(rows, { severity: 'LOW' }).incidents.map((i) => i.id)).toEqual(['e']);
    expect(summarizeIncidents(rows, { severity: 'low' }).counts.medium).toBe(1);
    expect(summarizeIncidents(rows, { severity: 'critical' }).total).toBe(1);
    expect(summarizeIncidents(rows, { severity: 'all' }).total).toBe(8);
    expect(summarizeIncidents(rows, { severity: ' ' }).total).toBe(8);
  });

  it('is empty without rows, and names the worst bucket by severity, not by count', () => {
    const empty = summarizeIncidents([]);
    expect(empty.total).toBe(0);
    expect(empty.worst).toBeUndefined();
    expect(empty.counts).toEqual({ critical: 0, high: 0, medium: 0, info: 0, other: 0 });
    expect(summarizeIncidents([rows[2]!, rows[3]!, rows[4]!]).worst).toBe('high');
    expect(summarizeIncidents([rows[6]!]).worst).toBe('other');
    expect(summarizeIncidents([rows[5]!, rows[6]!]).worst).toBe('info');
  });

  it('maps the row to list items: display id, trimmed text, placeholder title', () => {
    const [item] = summarizeIncidents([
      incident({ id: 'x', incident_id: 'INC-7', title: '  ', severity: ' HIGH ', type: null }),
    ]).incidents;
    expect(item).toMatchObject({
      id: 'x',
      incidentId: 'INC-7',
      title: '(no title)',
      severity: 'high',
      bucket: 'high',
      type: undefined,
      status: 'open',
    });
  });
});

describe('incidentLink', () => {
  it('builds the console link and encodes the id', () => {
    expect(incidentLink('https://vigil.example/', 'a b')).toBe(
      'https://vigil.example/incidents/a%20b',
    );
    expect(incidentLink('https://vigil.example/ops', 'i1')).toBe(
      'https://vigil.example/ops/incidents/i1',
    );
    expect(incidentLink(undefined, 'i1')).toBeUndefined();
  });
});
