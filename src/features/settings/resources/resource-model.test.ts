/**
 * The settings resources' descriptions and editor model (spec doc 3 §2.1, §5, §7): hidden
 * columns, write resources, request bodies (base-table columns only, source UI and created_by on
 * create, never Name/Namespace on update, notification columns sent as null), YAML and JSON
 * errors with their place, the schedule select, the editing mode by source and the tags cell.
 */
import { describe, expect, it } from 'vitest';
import { SETTINGS_TABLES, settingsListQuery } from '../../../api/settings-resources';
import { describeResource, SCHEDULE_OPTIONS, visibleColumns } from './resource-descriptions';
import {
  buildBody,
  draftFromRow,
  draftSchedule,
  editingMode,
  newDraft,
  parseLabels,
  parseSpec,
  tagsSummary,
  withSchedule,
} from './resource-model';

describe('resource descriptions', () => {
  it('hide the columns the spec hides per type', () => {
    expect(visibleColumns(describeResource('topologies'))).not.toContain('schedule');
    expect(visibleColumns(describeResource('topologies'))).toContain('namespace');
    expect(visibleColumns(describeResource('canaries'))).toEqual([
      'name',
      'source',
      'schedule',
      'job_status',
      'last_runtime',
      'job_last_failed',
      'tags',
      'created_at',
      'updated_at',
      'created_by',
    ]);
    for (const table of [
      'logging_backends',
      'notifications',
      'properties',
      'incident_rules',
      'teams',
    ] as const) {
      const columns = visibleColumns(describeResource(table));
      expect(columns, table).not.toContain('schedule');
      expect(columns, table).not.toContain('namespace');
    }
    expect(visibleColumns(describeResource('config_scrapers'))).toContain('schedule');
  });

  it('name the write resource of each table (spec doc 3 §6)', () => {
    expect(describeResource('canaries').writeResource).toBe('canaries');
    expect(describeResource('teams').writeResource).toBe('database');
    expect(describeResource('incident_rules').writeResource).toBe('database');
    expect(describeResource('properties').writeResource).toBe('feature_flags');
    expect(describeResource('logging_backends').path).toBe('/settings/log-backends');
    expect(describeResource('teams').tabs).toEqual(['spec', 'manageTeam', 'jobHistory']);
    expect(describeResource('canaries').tabs).toEqual(['spec', 'jobHistory']);
    expect(describeResource('canaries').helpLink?.href).toMatch(/^https:/);
    expect(SCHEDULE_OPTIONS).toEqual([
      '@every 30s',
      '@every 1m',
      '@every 5m',
      '@every 30m',
      '@hourly',
      '@every 6h',
      '@daily',
      '@weekly',
    ]);
  });

  it('list from the _with_status views only where they exist, newest first, 100 a page', () => {
    const query = (table: (typeof SETTINGS_TABLES)[number]) =>
      settingsListQuery({
        table,
        pageIndex: 0,
        pageSize: 100,
        sortBy: 'created_at',
        sortOrder: 'desc',
        search: '',
      });
    expect(query('canaries').path).toBe('/db/canaries_with_status');
    expect(query('teams').path).toBe('/db/teams_with_status');
    expect(query('incident_rules').path).toBe('/db/incident_rules');
    expect(query('notifications').path).toBe('/db/notifications');
    const text = decodeURIComponent(query('topologies').toString());
    expect(text).toContain(
      'select=*,created_by(id,name,avatar),agent:agent_id(id,name,description)',
    );
    expect(text).toContain('deleted_at=is.null');
    expect(text).toContain('order=created_at.desc');
    expect(text).toContain('limit=100');
    const search = settingsListQuery({
      table: 'teams',
      pageIndex: 2,
      pageSize: 25,
      sortBy: 'name',
      sortOrder: 'asc',
      search: '50%_off',
    });
    expect(decodeURIComponent(search.toString())).toContain('name=ilike.*50\\%\\_off*');
    expect(search.toString()).toContain('offset=50');
  });
});

describe('request bodies', () => {
  const canaries = describeResource('canaries');

  it('create a health check with namespace, labels, spec, source UI and created_by', () => {
    const draft = {
      ...newDraft(canaries, { schedule: '@every 5m', http: [{ name: 'home', url: 'https://x' }] }),
      name: ' web ',
      labelsText: '{"team":"payments"}',
    };
    const result = buildBody(canaries, draft, { isNew: true, userId: 'u1' });
    expect(result).toEqual({
      ok: true,
      body: {
        name: 'web',
        namespace: 'default',
        source: 'UI',
        created_by: 'u1',
        labels: { team: 'payments' },
        spec: { schedule: '@every 5m', http: [{ name: 'home', url: 'https://x' }] },
      },
    });
  });

  it('never change name, namespace or source on update', () => {
    const row = {
      id: 'a',
      name: 'web',
      namespace: 'prod',
      source: 'UI',
      labels: {},
      spec: { http: [] },
    };
    const draft = { ...draftFromRow(canaries, row), name: 'other', namespace: 'x' };
    const result = buildBody(canaries, draft, { isNew: false, userId: 'u1' });
    expect(result.ok && result.body).toEqual({ labels: {}, spec: { http: [] } });
  });

  it('refuse what is missing or broken, saying where YAML broke', () => {
    const draft = {
      ...newDraft(canaries),
      name: '',
      namespace: '',
      labelsText: '{"a":',
      specText: 'http:\n  - name: x\n   url: y\n',
    };
    const result = buildBody(canaries, draft, { isNew: true });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.name).toBe('This field is required');
    expect(result.errors.namespace).toBe('This field is required');
    expect(result.errors.labelsText).toMatch(/^Labels are not valid JSON/);
    expect(result.errors.specText).toMatch(/^Line 3, column \d+: /);
  });

  it('spread a notification rule over its columns, absent recipients as null', () => {
    const notifications = describeResource('notifications');
    const draft = {
      ...newDraft(notifications),
      name: 'failing',
      specText: 'events: [check.failed]\ntitle: Check failed\nrepeat_interval: 4h\n',
    };
    const result = buildBody(notifications, draft, { isNew: true, userId: 'u1' });
    expect(result.ok && result.body).toMatchObject({
      name: 'failing',
      source: 'UI',
      events: ['check.failed'],
      title: 'Check failed',
      repeat_interval: '4h',
      person_id: null,
      team_id: null,
      custom_services: null,
    });
    const none = buildBody(notifications, { ...draft, specText: 'events: []' }, { isNew: true });
    expect(none.ok).toBe(false);
  });

  it('keep properties to name and value, teams to name, icon and spec', () => {
    const properties = describeResource('properties');
    const property = buildBody(
      properties,
      { ...newDraft(properties), name: 'logs.disable', value: 'true' },
      { isNew: true, userId: 'u1' },
    );
    expect(property.ok && property.body).toEqual({
      name: 'logs.disable',
      value: 'true',
      created_by: 'u1',
    });
    const teams = describeResource('teams');
    const team = buildBody(
      teams,
      { ...newDraft(teams), name: 'SRE', icon: 'team', specText: 'x: 1' },
      { isNew: true, userId: 'u1' },
    );
    expect(team.ok && team.body).toEqual({
      name: 'SRE',
      source: 'UI',
      created_by: 'u1',
      icon: 'team',
      spec: { x: 1 },
    });
  });
});

describe('spec, labels and schedule', () => {
  it('parse specs: empty is an object, a list is not, syntax errors have a place', () => {
    expect(parseSpec('')).toEqual({ ok: true, spec: {} });
    expect(parseSpec('- a')).toEqual({ ok: false, error: 'Spec must be an object' });
    const broken = parseSpec('a: 1\nb: [1, 2\n');
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.line).toBeGreaterThan(1);
  });

  it('labels must be an object of strings', () => {
    expect(parseLabels('{"a":"b"}')).toEqual({ ok: true, labels: { a: 'b' } });
    expect(parseLabels('[1]')).toEqual({ ok: false, error: 'Labels must be a JSON object' });
    expect(parseLabels('{"a":1}')).toEqual({ ok: false, error: 'Label "a" must be a string' });
  });

  it('the schedule select writes the spec schedule of health checks and the column of topologies', () => {
    const canaries = describeResource('canaries');
    const draft = newDraft(canaries, { http: [{ name: 'a' }] });
    const scheduled = withSchedule(canaries, draft, '@every 1m');
    expect(draftSchedule(canaries, scheduled)).toBe('@every 1m');
    expect(scheduled.specText.startsWith('schedule: "@every 1m"')).toBe(true);
    const topologies = describeResource('topologies');
    const topology = withSchedule(topologies, newDraft(topologies), '@hourly');
    expect(topology.schedule).toBe('@hourly');
    expect(draftSchedule(topologies, topology)).toBe('@hourly');
  });
});

describe('editing mode by source', () => {
  it('follows spec doc 3 §2.1', () => {
    expect(editingMode({ source: 'UI' })).toEqual({ editable: true });
    expect(editingMode({ source: null })).toEqual({ editable: true });
    expect(
      editingMode({ source: 'UI', agent_id: 'a1b2', agent: { name: 'eu-cluster' } }),
    ).toMatchObject({ editable: false, text: 'Linked to eu-cluster' });
    expect(editingMode({ source: 'UI', agent_id: '00000000-0000-0000-0000-000000000000' })).toEqual(
      { editable: true },
    );
    expect(editingMode({ source: 'ConfigFile' })).toMatchObject({
      editable: false,
      text: 'Linked to local file',
    });
    expect(editingMode({ source: 'component/0195e9a5-0000-7000-8000-000000000001' })).toMatchObject(
      { kind: 'origin', href: '/topology/0195e9a5-0000-7000-8000-000000000001' },
    );
    expect(editingMode({ source: 'KubernetesCRD' })).toMatchObject({ kind: 'origin' });
    expect(editingMode({ source: 'https://git.example.com/repo' })).toMatchObject({
      kind: 'source',
      href: 'https://git.example.com/repo',
    });
  });
});

it('tags: the first label and +N more', () => {
  expect(tagsSummary({ a: '1', b: '2', c: '3' })).toEqual({ first: 'a: 1', more: 2 });
  expect(tagsSummary({})).toBeNull();
  expect(tagsSummary(null)).toBeNull();
});
