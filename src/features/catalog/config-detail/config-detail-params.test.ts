import { describe, expect, it } from 'vitest';
import { readParams, writeParams } from '../../../lib/url-state';
import { configContent } from './config-content';
import {
  configTabItems,
  configTabUrlSchema,
  runDurationMs,
  runStatusDisplay,
} from './config-detail-params';

const ID = '0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0';

describe('configTabItems', () => {
  it('links every tab and badges each but Config with its summary count', () => {
    const items = configTabItems(ID, {
      summary: { changes: 1204, analysis: 3, relationships: 0, playbook_runs: null, checks: 2 },
    });
    expect(items.map((item) => [item.label, item.href, item.count])).toEqual([
      ['Config', `/catalog/${ID}`, undefined],
      ['Changes', `/catalog/${ID}/changes`, '1k+'],
      ['Insights', `/catalog/${ID}/insights`, '3'],
      ['Relationships', `/catalog/${ID}/relationships`, '0'],
      ['Playbooks', `/catalog/${ID}/playbooks`, '0'],
      ['Checks', `/catalog/${ID}/checks`, '2'],
    ]);
    expect(items[1]!.countLabel).toBe('1,204 changes');
    expect(items[5]!.countLabel).toBe('2 checks');
    expect(items[4]!.countLabel).toBe('0 playbook runs');
  });

  it('has no badges while the detail is loading', () => {
    expect(configTabItems(ID, undefined).every((item) => item.count === undefined)).toBe(true);
  });
});

describe('config tab URL state', () => {
  it('reads and writes the selected lines and format, with bad values as defaults', () => {
    const values = readParams('selected=3-7,12&format=yaml', configTabUrlSchema);
    expect([...values.selected]).toEqual([3, 4, 5, 6, 7, 12]);
    expect(values.format).toBe('yaml');
    const bad = readParams('selected=abc&format=xml', configTabUrlSchema);
    expect(bad.selected.size).toBe(0);
    expect(bad.format).toBe('json');
    expect(writeParams('', configTabUrlSchema, { selected: new Set([5, 1, 2]) })).toBe(
      'selected=1-2%2C5',
    );
    expect(writeParams('selected=1', configTabUrlSchema, { selected: new Set() })).toBe('');
  });
});

describe('configContent', () => {
  const config = { kind: 'Deployment', spec: { replicas: 2 } };
  it('pretty-prints structured content as JSON or YAML', () => {
    expect(configContent(config, 'json')).toEqual({
      text: JSON.stringify(config, null, 2),
      language: 'json',
      convertible: true,
    });
    expect(configContent(config, 'yaml')).toEqual({
      text: 'kind: Deployment\nspec:\n  replicas: 2',
      language: 'yaml',
      convertible: true,
    });
    expect(configContent(JSON.stringify(config), 'json')?.text).toBe(
      JSON.stringify(config, null, 2),
    );
  });

  it('shows other text as stored and nothing for no content', () => {
    expect(configContent('a: 1\nb: two', 'json')).toEqual({
      text: 'a: 1\nb: two',
      language: 'yaml',
      convertible: false,
    });
    expect(configContent(null, 'json')).toBeNull();
    expect(configContent('  ', 'json')).toBeNull();
  });
});

describe('playbook runs', () => {
  it('names statuses and gives each a tone', () => {
    expect(runStatusDisplay('completed')).toEqual({ label: 'Completed', tone: 'success' });
    expect(runStatusDisplay('failed').tone).toBe('failure');
    expect(runStatusDisplay('running').tone).toBe('active');
    for (const status of ['pending', 'waiting', 'scheduled', 'sleeping']) {
      expect(runStatusDisplay(status).tone).toBe('waiting');
    }
    expect(runStatusDisplay('pending_approval').label).toBe('Pending approval');
    expect(runStatusDisplay('cancelled').tone).toBe('neutral');
    expect(runStatusDisplay('skipped')).toEqual({ label: 'Skipped', tone: 'neutral' });
  });

  it('measures durations', () => {
    const start = '2026-01-01T00:00:00Z';
    expect(runDurationMs({ start_time: start, end_time: '2026-01-01T00:00:05Z' })).toBe(5000);
    expect(runDurationMs({ start_time: start, status: 'running' }, Date.parse(start) + 2000)).toBe(
      2000,
    );
    expect(runDurationMs({ start_time: null, end_time: start })).toBeUndefined();
    expect(runDurationMs({ start_time: start, status: 'waiting' })).toBeUndefined();
  });
});
