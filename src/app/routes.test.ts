import { describe, expect, it } from 'vitest';
import { buildNavigation, ROUTES } from './routes';

const all = new Set<string>();

describe('navigation from the route table', () => {
  it('shows every entry to an admin, settings sorted by name', () => {
    const nav = buildNavigation(ROUTES, { roles: ['admin'], disabled: all, auth: 'basic' });
    expect(nav.main.map((e) => e.label)).toEqual([
      'Dashboard',
      'Health',
      'Incidents',
      'Catalog',
      'Logs',
      'Playbooks',
    ]);
    expect(nav.main.map((e) => e.href)).toEqual([
      '/topology',
      '/health',
      '/incidents',
      '/catalog',
      '/logs',
      '/playbooks',
    ]);
    expect(nav.settings.map((e) => e.label)).toEqual([
      'Agents',
      'Connections',
      'Embed Tokens',
      'Event Queue',
      'Feature Flags',
      'Health Check',
      'Integrations',
      'Jobs History',
      'Log Backends',
      'Rules',
      'Teams',
      'Topology',
      'Users',
    ]);
  });

  it('hides Settings for viewers and users without roles', () => {
    for (const roles of [['viewer'], []]) {
      const nav = buildNavigation(ROUTES, { roles, disabled: all, auth: 'basic' });
      expect(nav.settings).toEqual([]);
      expect(nav.main).toHaveLength(6);
    }
  });

  it('hides entries without read permission', () => {
    const nav = buildNavigation(ROUTES, { roles: ['responder'], disabled: all, auth: 'basic' });
    const labels = nav.settings.map((e) => e.label);
    expect(labels).not.toContain('Connections');
    expect(labels).not.toContain('Users');
    expect(labels).toContain('Agents');
    const editor = buildNavigation(ROUTES, { roles: ['editor'], disabled: all, auth: 'basic' });
    expect(editor.settings.map((e) => e.label)).toContain('Connections');
  });

  it('hides entries whose feature (or parent feature) is disabled', () => {
    const disabled = new Set(['health', 'incidents', 'settings.teams']);
    const nav = buildNavigation(ROUTES, { roles: ['admin'], disabled, auth: 'basic' });
    expect(nav.main.map((e) => e.label)).not.toContain('Health');
    expect(nav.main.map((e) => e.label)).not.toContain('Incidents');
    const labels = nav.settings.map((e) => e.label);
    // health disables Health Check and Jobs History; incidents hides Rules.
    expect(labels).not.toContain('Health Check');
    expect(labels).not.toContain('Jobs History');
    expect(labels).not.toContain('Rules');
    expect(labels).not.toContain('Teams');
    expect(labels).toContain('Agents');
  });

  it('never shows Users in the hosted variant', () => {
    const nav = buildNavigation(ROUTES, { roles: ['admin'], disabled: all, auth: 'oidc' });
    expect(nav.settings.map((e) => e.label)).not.toContain('Users');
  });

  it('routes the agents page at both /agents and /settings/agents', () => {
    const patterns = ROUTES.map((r) => r.path);
    expect(patterns).toContain('/agents');
    expect(patterns).toContain('/settings/agents/*?');
    const agents = ROUTES.find((r) => r.path === '/agents');
    const settingsAgents = ROUTES.find((r) => r.path === '/settings/agents/*?');
    // One lazy page for both, guarded by read on agents, hidden with the agents feature.
    expect(agents?.page).toBe(settingsAgents?.page);
    for (const route of [agents, settingsAgents]) {
      expect(route?.title).toBe('Agents');
      expect(route?.permission).toEqual({ resource: 'agents', action: 'read' });
      expect(route?.feature).toBe('agents');
    }
    expect(agents?.nav).toBeUndefined();
    expect(settingsAgents?.nav).toMatchObject({ section: 'settings', href: '/settings/agents' });
    const hidden = buildNavigation(ROUTES, {
      roles: ['admin'],
      disabled: new Set(['agents']),
      auth: 'basic',
    });
    expect(hidden.settings.map((e) => e.label)).not.toContain('Agents');
  });
});
