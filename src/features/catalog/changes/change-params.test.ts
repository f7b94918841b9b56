import { describe, expect, it } from 'vitest';
import type { CatalogChange } from '../../../api/catalog';
import { readParams, writeParams } from '../../../lib/url-state';
import {
  changesPageSchema,
  changeTableSorting,
  clearedChangeFilters,
  distinctValues,
  hasActiveChangeFilters,
  parseTagOptionId,
  sortingPatch,
  tagOptionId,
  tagsToTriState,
  triStateToTags,
} from './change-params';
import { prettyJson } from './json-block';
import { severityGlyph, severityText } from './severity-label';

const ID = '0193a5c0-1111-7000-8000-000000000001';

function change(overrides: Partial<CatalogChange>): CatalogChange {
  return {
    id: 'c',
    config_id: 'x',
    change_type: 'diff',
    created_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

describe('changesPageSchema', () => {
  it('reads changeId as a lower-case uuid and anything else as no modal', () => {
    expect(readParams(`changeId=${ID.toUpperCase()}`, changesPageSchema).changeId).toBe(ID);
    expect(readParams('changeId=not-a-uuid', changesPageSchema).changeId).toBe('');
    expect(writeParams('', changesPageSchema, { changeId: ID })).toBe(`changeId=${ID}`);
    expect(writeParams(`changeId=${ID}&page=2`, changesPageSchema, { changeId: '' })).toBe(
      'page=2',
    );
  });

  it('keeps the change list defaults of catalog-params', () => {
    const values = readParams('', changesPageSchema);
    expect(values.pageSize).toBe(200);
    expect(values.sortBy).toBe('created_at');
    expect(values.sortDirection).toBe('desc');
    expect(values.downstream).toBe(true);
    expect(values.upstream).toBe(false);
  });
});

describe('tag filters', () => {
  it('round-trips key/value filters through the picker map', () => {
    const tags = [
      { key: 'cluster', value: 'prod=eu', state: 1 as const },
      { key: 'account', value: 'lab', state: -1 as const },
    ];
    const map = tagsToTriState(tags);
    expect(map).toEqual({ 'cluster=prod=eu': 1, 'account=lab': -1 });
    expect(triStateToTags(map)).toEqual(tags);
  });

  it('splits an option id at the first = and refuses one without a key', () => {
    expect(parseTagOptionId(tagOptionId('a', 'b=c'))).toEqual({ key: 'a', value: 'b=c' });
    expect(parseTagOptionId('=x')).toBeNull();
    expect(triStateToTags({ novalue: 1 })).toEqual([]);
  });
});

describe('sorting', () => {
  it('maps the URL to the table and header clicks back, page reset to 1', () => {
    expect(changeTableSorting({ sortBy: 'count', sortDirection: 'asc' })).toEqual([
      { id: 'count', desc: false },
    ]);
    expect(sortingPatch([{ id: 'source', desc: true }])).toEqual({
      sortBy: 'source',
      sortDirection: 'desc',
      page: 1,
    });
  });

  it('falls back to created_at desc when cleared or not sortable', () => {
    const fallback = { sortBy: 'created_at', sortDirection: 'desc', page: 1 };
    expect(sortingPatch([])).toEqual(fallback);
    expect(sortingPatch([{ id: 'severity', desc: false }])).toEqual(fallback);
  });
});

describe('distinctValues', () => {
  it('lists each non-empty value once, with the chosen ones, sorted case-insensitively', () => {
    const rows = [
      change({ source: 'KubernetesEvent' }),
      change({ source: 'cloudtrail' }),
      change({ source: 'KubernetesEvent' }),
      change({ source: '  ' }),
      change({}),
    ];
    expect(distinctValues(rows, (row) => row.source, { Zeta: -1 })).toEqual([
      'cloudtrail',
      'KubernetesEvent',
      'Zeta',
    ]);
  });
});

describe('active filters', () => {
  it('counts a filter as active and clears all of them (the config id only on the global list)', () => {
    const base = readParams('', changesPageSchema);
    expect(hasActiveChangeFilters(base, false)).toBe(false);
    expect(hasActiveChangeFilters({ ...base, severity: 'high' }, false)).toBe(true);
    expect(hasActiveChangeFilters({ ...base, id: ID }, false)).toBe(true);
    expect(hasActiveChangeFilters({ ...base, id: ID }, true)).toBe(false);
    expect(clearedChangeFilters(true)).not.toHaveProperty('id');
    expect(clearedChangeFilters(false)).toMatchObject({ id: '', page: 1, severity: '' });
  });
});

describe('display helpers', () => {
  it('gives every severity a glyph and a capitalised name', () => {
    expect(severityGlyph('CRITICAL')).toBe('critical');
    expect(severityGlyph('low')).toBe('medium');
    expect(severityGlyph('info')).toBe('info');
    expect(severityGlyph('weird')).toBe('other');
    expect(severityText('high')).toBe('High');
    expect(severityText('')).toBe('—');
  });

  it('pretty-prints JSON and JSON text; empty values are empty', () => {
    expect(prettyJson({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(prettyJson('{"b":[1]}')).toBe('{\n  "b": [\n    1\n  ]\n}');
    expect(prettyJson('plain text')).toBe('plain text');
    expect(prettyJson(null)).toBe('');
    expect(prettyJson({})).toBe('');
    expect(prettyJson([])).toBe('');
  });
});
