import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { navigate } from 'wouter/use-browser-location';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RowLink } from './row-link';

describe('RowLink', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('navigates inside the app on a plain click, as a link does', async () => {
    render(
      <Router>
        <RowLink href="/settings/jobs" className="text-link" title="Jobs">
          Jobs
        </RowLink>
      </Router>,
    );
    const link = screen.getByRole('link', { name: 'Jobs' });
    expect(link).toHaveAttribute('href', '/settings/jobs');
    expect(link).toHaveClass('text-link');
    await userEvent.click(link);
    expect(window.location.pathname).toBe('/settings/jobs');
  });

  it('leaves a click with a modifier key to the browser', () => {
    render(<RowLink href="/settings/jobs">Jobs</RowLink>);
    const link = screen.getByRole('link', { name: 'Jobs' });
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    link.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(window.location.pathname).toBe('/');
  });

  it('is not drawn again when the address changes', () => {
    const onRender = vi.fn();
    render(
      <Profiler id="link" onRender={onRender}>
        <RowLink href="/settings/jobs">Jobs</RowLink>
      </Profiler>,
    );
    const renders = onRender.mock.calls.length;
    act(() => navigate('/settings/jobs?sortBy=name'));
    act(() => navigate('/settings/canaries'));
    expect(onRender.mock.calls.length).toBe(renders);
  });

  it("uses the router's own navigation under another location hook", async () => {
    const location = memoryLocation({ path: '/', record: true });
    render(
      <Router hook={location.hook}>
        <RowLink href="/incidents">Incidents</RowLink>
      </Router>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Incidents' }));
    expect(location.history).toEqual(['/', '/incidents']);
    expect(window.location.pathname).toBe('/');
  });
});
