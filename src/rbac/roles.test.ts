import { describe, expect, it } from 'vitest';
import { can, canRunCheck, displayRole, effectiveRoles, isViewer, RESOURCES } from './roles';

describe('role table', () => {
  it('gives admin everything', () => {
    for (const resource of RESOURCES) {
      expect(can(['admin'], resource, 'read')).toBe(true);
      expect(can(['admin'], resource, 'write')).toBe(true);
    }
  });

  it('lets editors read everything and write all but connections, identities and rbac', () => {
    for (const resource of RESOURCES) expect(can(['editor'], resource, 'read')).toBe(true);
    expect(can(['editor'], 'canaries', 'write')).toBe(true);
    expect(can(['editor'], 'connections', 'write')).toBe(false);
    expect(can(['editor'], 'identities', 'write')).toBe(false);
    expect(can(['editor'], 'rbac', 'write')).toBe(false);
  });

  it('lets commanders and responders write only incident work', () => {
    for (const role of ['commander', 'responder']) {
      expect(can([role], 'incident', 'write')).toBe(true);
      expect(can([role], 'comments', 'write')).toBe(true);
      expect(can([role], 'canaries', 'write')).toBe(false);
      expect(can([role], 'connections', 'read')).toBe(false);
      expect(can([role], 'database', 'read')).toBe(true);
    }
  });

  it('treats no roles, or only unknown roles, as viewer', () => {
    expect(effectiveRoles([])).toEqual(['viewer']);
    expect(effectiveRoles(['agent'])).toEqual(['viewer']);
    expect(can(null, 'canaries', 'read')).toBe(true);
    expect(can([], 'canaries', 'write')).toBe(false);
    expect(can([], 'rbac', 'read')).toBe(false);
  });

  it('unions the permissions of several roles and displays the highest', () => {
    expect(can(['viewer', 'responder'], 'incident', 'write')).toBe(true);
    expect(displayRole(['viewer', 'editor', 'responder'])).toBe('editor');
    expect(displayRole(['responder', 'commander'])).toBe('commander');
    expect(displayRole([])).toBe('viewer');
  });

  it('allows Run Now only to admin, editor, commander and responder', () => {
    expect(canRunCheck(['viewer'])).toBe(false);
    expect(canRunCheck(['responder'])).toBe(true);
    expect(isViewer([])).toBe(true);
    expect(isViewer(['admin'])).toBe(false);
  });
});
