import { describe, expect, it } from 'vitest';
import { relatedConfigsQuery } from '../../../api/catalog-relationships';
import { writeParams } from '../../../lib/url-state';
import {
  directionPatch,
  parseRelationshipsParams,
  relatedConfigsParams,
  relationshipsUrlSchema,
  relationTypeFilter,
} from './relationships-params';

const ROOT = '648d75bc-b967-4c82-a85e-c9f79ea06711';

describe('relationships URL state', () => {
  it('reads the defaults: table, outgoing on, incoming off, hard, left-right, bezier', () => {
    expect(parseRelationshipsParams('')).toEqual({
      view: 'table',
      incoming: false,
      outgoing: true,
      relation: 'hard',
      configTypes: {},
      layout: 'left-right',
      edges: 'bezier',
    });
  });

  it('reads every parameter, soft as both and config types with __ for ::', () => {
    const values = parseRelationshipsParams(
      'view=graph&incoming=true&outgoing=false&relation=soft&configTypes=Kubernetes__Pod:1,AWS__EC2__Instance:-1&layout=top-bottom&edges=smoothstep',
    );
    expect(values).toEqual({
      view: 'graph',
      incoming: true,
      outgoing: false,
      relation: 'both',
      configTypes: { 'Kubernetes::Pod': 1, 'AWS::EC2::Instance': -1 },
      layout: 'top-bottom',
      edges: 'smoothstep',
    });
  });

  it('falls back to the defaults for bad values', () => {
    const values = parseRelationshipsParams(
      'view=tree&incoming=maybe&relation=weak&configTypes=%%%&layout=diagonal&edges=curvy',
    );
    expect(values.view).toBe('table');
    expect(values.incoming).toBe(false);
    expect(values.relation).toBe('hard');
    expect(values.configTypes).toEqual({});
    expect(values.layout).toBe('left-right');
    expect(values.edges).toBe('bezier');
  });

  it('reads both directions off as outgoing on', () => {
    expect(parseRelationshipsParams('incoming=false&outgoing=false')).toMatchObject({
      incoming: false,
      outgoing: true,
    });
  });

  it('writes only what differs from the defaults', () => {
    expect(
      writeParams('', relationshipsUrlSchema, {
        view: 'graph',
        incoming: false,
        outgoing: true,
        relation: 'both',
        configTypes: { 'Kubernetes::Pod': 1 },
      }),
    ).toBe('view=graph&relation=both&configTypes=Kubernetes__Pod%3A1');
  });
});

describe('incoming and outgoing toggles', () => {
  it('turning incoming off forces outgoing on', () => {
    expect(directionPatch({ incoming: true, outgoing: false }, 'incoming', false)).toEqual({
      incoming: false,
      outgoing: true,
    });
    expect(directionPatch({ incoming: true, outgoing: true }, 'incoming', false)).toEqual({
      incoming: false,
      outgoing: true,
    });
  });

  it('turning incoming on keeps outgoing as it is', () => {
    expect(directionPatch({ incoming: false, outgoing: true }, 'incoming', true)).toEqual({
      incoming: true,
      outgoing: true,
    });
  });

  it('turning outgoing off leaves incoming on, or turns it on so one direction is walked', () => {
    expect(directionPatch({ incoming: true, outgoing: true }, 'outgoing', false)).toEqual({
      incoming: true,
      outgoing: false,
    });
    expect(directionPatch({ incoming: false, outgoing: true }, 'outgoing', false)).toEqual({
      incoming: true,
      outgoing: false,
    });
  });

  it('maps the toggles to type_filter', () => {
    expect(relationTypeFilter({ incoming: false, outgoing: true })).toBe('outgoing');
    expect(relationTypeFilter({ incoming: true, outgoing: false })).toBe('incoming');
    expect(relationTypeFilter({ incoming: true, outgoing: true })).toBe('all');
    expect(relationTypeFilter({ incoming: false, outgoing: false })).toBe('outgoing');
  });
});

describe('related_configs_recursive call', () => {
  it('sends the defaults: outgoing, hard, deleted configs hidden, max_depth 10', () => {
    const params = relatedConfigsParams(ROOT, parseRelationshipsParams(''), true);
    expect(relatedConfigsQuery(params).toString()).toBe(
      `config_id=${ROOT}&include_deleted_configs=false&max_depth=10&type_filter=outgoing&outgoing_relation=hard`,
    );
    expect(relatedConfigsQuery(params).path).toBe('/db/rpc/related_configs_recursive');
  });

  it('sends the relation for each direction walked and the type filter', () => {
    const params = relatedConfigsParams(
      ROOT,
      parseRelationshipsParams(
        'incoming=true&relation=both&configTypes=Kubernetes__Pod:1,Kubernetes__Node:-1',
      ),
      false,
    );
    expect(decodeURIComponent(relatedConfigsQuery(params).toString())).toBe(
      `config_id=${ROOT}&include_deleted_configs=true&max_depth=10&type_filter=all&incoming_relation=both&outgoing_relation=both&type.filter=Kubernetes::Pod,!Kubernetes::Node`,
    );
    const incomingOnly = relatedConfigsParams(
      ROOT,
      parseRelationshipsParams('incoming=true&outgoing=false'),
      true,
    );
    expect(relatedConfigsQuery(incomingOnly).toString()).toContain(
      'type_filter=incoming&incoming_relation=hard',
    );
    expect(relatedConfigsQuery(incomingOnly).toString()).not.toContain('outgoing_relation');
  });
});
