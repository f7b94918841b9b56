/**
 * The `/db` relation map against the contract: every relation of schema.json is exposed (tables
 * and views; functions only as the `rpc/…` entries of rbac-and-flags.md §3.4), secrets stay behind
 * `rbac`/`identities`/`connections`, and only the relations the console writes take writes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exposedRelations, relationPolicy } from './relations';

// The shared contract sits next to the repository (tests run from its root).
const CONTRACT = join(process.cwd(), '..', 'shared', 'contract', 'schema.json');
const contract = existsSync(CONTRACT)
  ? (JSON.parse(readFileSync(CONTRACT, 'utf8')) as {
      relations: Record<string, { kind: string }>;
    })
  : undefined;

describe('the /db relation map', () => {
  it.skipIf(contract === undefined)('covers every table and view of schema.json', () => {
    const missing = Object.entries(contract?.relations ?? {})
      .filter(([, relation]) => relation.kind !== 'function')
      .map(([name]) => name)
      .filter((name) => relationPolicy(name) === undefined);
    expect(missing).toEqual([]);
  });

  it.skipIf(contract === undefined)('exposes functions only as rpc/ entries of §3.4', () => {
    const functions = Object.entries(contract?.relations ?? {})
      .filter(([, relation]) => relation.kind === 'function')
      .map(([name]) => name);
    for (const name of functions) expect(relationPolicy(name), name).toBeUndefined();
    // The two the console calls (postgrest.md §5.5).
    expect(relationPolicy('rpc/related_configs_recursive')?.resource).toBe('database');
    expect(relationPolicy('rpc/lookup_analysis_by_component')?.resource).toBe('topologies');
    // Functions that write or reveal internals are not reachable.
    for (const name of [
      'delete_person',
      'delete_agent_resources',
      'generate_ulid',
      'mask_sensitive',
    ]) {
      expect(relationPolicy(`rpc/${name}`), name).toBeUndefined();
    }
    for (const rpc of exposedRelations().filter((name) => name.startsWith('rpc/'))) {
      expect(functions, rpc).toContain(rpc.slice(4));
      expect(relationPolicy(rpc)?.writable, rpc).toEqual([]);
    }
  });

  it('keeps secrets behind rbac, identities and connections', () => {
    expect(relationPolicy('access_tokens')?.resource).toBe('rbac');
    expect(relationPolicy('casbin_rule')?.resource).toBe('rbac');
    expect(relationPolicy('identities')?.resource).toBe('identities');
    expect(relationPolicy('people')).toMatchObject({
      resource: 'database',
      writeResource: 'identities',
    });
    expect(relationPolicy('connection_details')?.resource).toBe('connections');
    for (const name of ['vigil_accounts', 'vigil_sessions', 'schema_migrations', 'pg_class']) {
      expect(relationPolicy(name), name).toBeUndefined();
    }
  });

  it('takes writes only where the console writes (§3.4 bold), with the methods it uses', () => {
    const writable = Object.fromEntries(
      exposedRelations()
        .map((name) => [name, relationPolicy(name)?.writable ?? []] as const)
        .filter(([, methods]) => methods.length > 0),
    );
    const all = ['POST', 'PATCH', 'DELETE'];
    expect(writable).toEqual({
      agents: ['PATCH'],
      people: all,
      teams: all,
      team_members: all,
      team_components: all,
      incident_rules: all,
      config_component_relationships: all,
      saved_query: all,
      canaries: all,
      topologies: all,
      components: ['PATCH'],
      config_scrapers: all,
      incidents: all,
      hypotheses: all,
      evidences: all,
      comments: all,
      responders: all,
      connections: all,
      properties: all,
      logging_backends: all,
      notifications: all,
      notification_silences: ['PATCH'],
      playbooks: all,
    });
  });
});
