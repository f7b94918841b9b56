import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KratosFlow } from '../api/types';
import { jsonResponse, renderWithProviders } from '../test/render-with-providers';
import { AppRouter } from './app-router';
import { isPublicPath } from './paths';

const emptyFlow = (id: string): KratosFlow => ({
  id,
  type: 'browser',
  expires_at: '',
  issued_at: '',
  request_url: '',
  ui: { action: '', method: 'POST', nodes: [] },
});

describe('identity routes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('are public', () => {
    for (const path of ['/login', '/registration', '/recovery', '/verification']) {
      expect(isPublicPath(path)).toBe(true);
    }
    expect(isPublicPath('/profile-settings')).toBe(false);
  });

  it.each([
    ['/registration', 'Create account'],
    ['/recovery', 'Recover account'],
  ])('%s renders without a session, outside the shell', async (path, heading) => {
    const whoami = vi.fn(() => jsonResponse({ error: { id: 'session_inactive' } }, 401));
    vi.stubGlobal('location', { ...window.location, search: '', assign: vi.fn() });
    renderWithProviders(<AppRouter />, {
      route: path,
      config: { auth: 'basic' },
      api: {
        '/kratos/sessions/whoami': whoami,
        '/kratos/self-service/': emptyFlow('f1'),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('navigation', { name: /main/i })).toBeNull());
    expect(whoami).not.toHaveBeenCalled();
  });
});
