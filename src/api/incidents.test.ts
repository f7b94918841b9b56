import { describe, expect, it } from 'vitest';
import { createApiClient } from './client';
import { incidentKeys, listSubjectIncidents, subjectIncidentsQuery } from './incidents';

const ID = '0c9a55da-ed3a-45dd-9413-633861c17855';

describe('subjectIncidentsQuery', () => {
  it('is the panel read of a component: newest first, open by default', () => {
    const query = subjectIncidentsQuery({ kind: 'component', id: ID });
    expect(query.path).toBe('/db/incidents_by_component');
    expect(decodeURIComponent(query.toString())).toBe(
      `order=created_at.desc&status=eq.open&component_id=eq.${ID}`,
    );
  });

  it('is the panel read of a config, with type then status, lower-cased, all dropped', () => {
    const query = subjectIncidentsQuery(
      { kind: 'config', id: ID.toUpperCase() },
      { status: 'Investigating', type: 'Availability' },
    );
    expect(query.path).toBe('/db/incidents_by_config');
    expect(decodeURIComponent(query.toString())).toBe(
      `order=created_at.desc&type=eq.availability&status=eq.investigating&config_id=eq.${ID}`,
    );
    const all = subjectIncidentsQuery({ kind: 'config', id: ID }, { status: 'all', type: 'ALL' });
    expect(decodeURIComponent(all.toString())).toBe(`order=created_at.desc&config_id=eq.${ID}`);
  });

  it('sends both spellings of the technical-debt type', () => {
    for (const type of ['technicalDebt', 'technical_debt', 'TECHNICALDEBT']) {
      const query = subjectIncidentsQuery({ kind: 'component', id: ID }, { type });
      expect(decodeURIComponent(query.toString())).toBe(
        `order=created_at.desc&type=in.(technicalDebt,technical_debt)&status=eq.open&component_id=eq.${ID}`,
      );
    }
  });
});

describe('incidentKeys', () => {
  it('normalises the filters so equal reads share a key', () => {
    const subject = { kind: 'component' as const, id: ID };
    expect(incidentKeys.subjectList('/api', subject, {})).toEqual(
      incidentKeys.subjectList('/api', { ...subject, id: ID.toUpperCase() }, { status: 'OPEN' }),
    );
    expect(incidentKeys.subjectList('/api', subject, { status: 'all' })).not.toEqual(
      incidentKeys.subjectList('/api', subject, {}),
    );
  });
});

describe('listSubjectIncidents', () => {
  it('GETs the view through the client and returns the rows', async () => {
    const seen: string[] = [];
    const client = createApiClient({
      baseUrl: 'https://vigil.example/api',
      fetch: async (input) => {
        seen.push(String(input));
        return new Response(JSON.stringify([{ id: 'i1', title: 'Down', severity: 'high' }]), {
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    const rows = await listSubjectIncidents(client, { kind: 'component', id: ID });
    expect(rows).toEqual([{ id: 'i1', title: 'Down', severity: 'high' }]);
    expect(seen[0]).toBe(
      `https://vigil.example/api/db/incidents_by_component?order=created_at.desc&status=eq.open&component_id=eq.${ID}`,
    );
  });
});
