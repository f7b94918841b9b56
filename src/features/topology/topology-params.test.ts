import { describe, expect, it } from 'vitest';
import type { TopologyComponent } from '../../api/topology';
import {
  ancestorIds,
  clampCardWidth,
  componentHref,
  filterCards,
  pickCards,
  readTopologyParams,
  sizeForWidth,
  sortCards,
  sortOptions,
  topologyRequest,
} from './topology-params';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

const card = (name: string, extra: Partial<TopologyComponent> = {}): TopologyComponent => ({
  id: `${name}-id`,
  name,
  ...extra,
});

describe('topology URL state', () => {
  it('reads defaults, drops All and falls back on bad values', () => {
    const values = readTopologyParams('team=All&status=All,healthy,!warning&sortOrder=up');
    expect(values).toMatchObject({
      team: '',
      status: { healthy: 1, warning: -1 },
      showHiddenComponents: 'no',
      sortBy: 'status',
      sortOrder: 'desc',
      refererId: '',
    });
    expect(readTopologyParams('refererId=nope&agent_id=x').refererId).toBe('');
    expect(readTopologyParams(`refererId=${A}&agent_id=local`)).toMatchObject({
      refererId: A,
      agent_id: 'local',
    });
  });

  it('builds the request: lists, labels, hidden=false, flatten only with a type', () => {
    const request = topologyRequest(
      readTopologyParams('type=Cluster,!Pod&labels=env%3Dprod,team%3Dops&sortBy=field%3ACPU'),
      A,
    );
    expect(request).toMatchObject({
      id: A,
      type: ['Cluster', '!Pod'],
      labels: { env: 'prod', team: 'ops' },
      hidden: false,
      flatten: true,
      sortBy: 'field:CPU',
      sortOrder: 'desc',
    });
    const plain = topologyRequest(readTopologyParams('showHiddenComponents=yes&sortBy=type'), A);
    expect(plain.hidden).toBeUndefined();
    expect(plain.flatten).toBeUndefined();
    expect(plain.sortBy).toBeUndefined();
  });

  it('carries the parameters into a component and sets the referer', () => {
    expect(componentHref(B, 'sortBy=name&team=ops', A)).toBe(
      `/topology/${B}?sortBy=name&team=ops&refererId=${A}`,
    );
    expect(componentHref(B, `refererId=${A}`, undefined)).toBe(`/topology/${B}`);
  });
});

describe('cards', () => {
  it("lists the roots, a component's children, or a leaf itself, and flags several roots", () => {
    const child = card('child');
    const root = card('root', { id: A, components: [child] });
    expect(pickCards([root]).cards).toEqual([root]);
    expect(pickCards([root], A)).toMatchObject({ root, cards: [child], multiple: false });
    const leaf = card('leaf', { id: A });
    expect(pickCards([leaf], A).cards).toEqual([leaf]);
    expect(pickCards([leaf, card('other')], A).multiple).toBe(true);
    expect(pickCards([leaf, child], A, true)).toMatchObject({ cards: [child], multiple: false });
  });

  it('filters on the client as the server does (team, agent, hidden, labels, status, type)', () => {
    const cards = [
      card('a', { team_names: ['ops'], status: 'healthy', type: 'Pod', labels: { env: 'prod' } }),
      card('b', { team_names: ['dev'], status: 'warning', type: 'Pod' }),
      card('c', { hidden: true, team_names: ['ops'], status: 'healthy', type: 'Pod' }),
    ];
    const names = (search: string) =>
      filterCards(cards, readTopologyParams(search)).map((item) => item.name);
    expect(names('team=ops')).toEqual(['a']);
    expect(names('team=ops&showHiddenComponents=yes')).toEqual(['a', 'c']);
    expect(names('labels=env%3Dprod')).toEqual(['a']);
    expect(names('status=!healthy')).toEqual(['b']);
    expect(names('type=Node')).toEqual([]);
  });

  it('sorts by health worst first (desc), by name, type, time and property', () => {
    const cards = [
      card('b', { status: 'healthy', type: 'Y', updated_at: '2024-01-02T00:00:00Z' }),
      card('a', { status: 'info', type: 'X', updated_at: '2024-01-03T00:00:00Z' }),
      card('c', { status: 'unhealthy', type: 'Z', properties: [{ name: 'CPU', value: 5 }] }),
      card('d', { status: 'warning', properties: [{ name: 'CPU', value: 9 }] }),
    ];
    const order = (by: string, dir: 'asc' | 'desc') => sortCards(cards, by, dir).map((c) => c.name);
    expect(order('status', 'desc')).toEqual(['c', 'd', 'b', 'a']);
    expect(order('status', 'asc')).toEqual(['a', 'b', 'd', 'c']);
    expect(order('name', 'asc')).toEqual(['a', 'b', 'c', 'd']);
    expect(order('type', 'asc')).toEqual(['a', 'b', 'c', 'd']);
    expect(order('updated_at', 'desc')).toEqual(['a', 'b', 'c', 'd']);
    expect(order('field:CPU', 'desc')).toEqual(['d', 'c', 'a', 'b']);
  });

  it('offers the fixed sorts and the headline properties', () => {
    const options = sortOptions([
      card('a', { properties: [{ name: 'cpu', label: 'CPU', headline: true }, { name: 'x' }] }),
    ]);
    expect(options.map((option) => option.label)).toEqual([
      'Health',
      'Name',
      'Type',
      'Last Updated',
      'CPU',
    ]);
    expect(options[4]?.value).toBe('field:cpu');
  });
});

describe('widths and paths', () => {
  it('clamps the width to 250–768 in steps of 2 and picks a size', () => {
    expect(clampCardWidth(100)).toBe(250);
    expect(clampCardWidth(9999)).toBe(768);
    expect(clampCardWidth(401)).toBe(402);
    expect(clampCardWidth('junk')).toBe(350);
    expect(sizeForWidth(250)).toBe('small');
    expect(sizeForWidth(300)).toBe('medium');
    expect(sizeForWidth(400)).toBe('large');
    expect(sizeForWidth(600)).toBe('extra_large');
  });

  it('reads the ancestors from the path', () => {
    expect(ancestorIds({ id: B, path: `${A}.${B}` })).toEqual([A]);
    expect(ancestorIds({ id: B, path: '' })).toEqual([]);
  });
});
