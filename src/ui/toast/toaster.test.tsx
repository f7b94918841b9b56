import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './toaster';
import { toast, TOAST_DURATION_MS, useToastStore } from './use-toast-store';

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useToastStore.getState().clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lasts 5000 ms', () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    render(<Toaster />);
    act(() => {
      toast.success('Copied to clipboard');
    });
    expect(screen.getByRole('status')).toHaveTextContent('Copied to clipboard');
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(screen.queryByText('Copied to clipboard')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Copied to clipboard')).not.toBeInTheDocument();
  });

  it('announces errors as alerts and shows a duplicate once', () => {
    render(<Toaster />);
    act(() => {
      toast.error('Network Error. Please try again.');
      toast.error('Network Error. Please try again.');
    });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('can be dismissed early', () => {
    render(<Toaster />);
    act(() => {
      toast.info('Hello');
    });
    act(() => {
      screen.getByRole('button', { name: 'Dismiss' }).click();
    });
    expect(screen.queryByText('Hello')).not.toBeInTheDocument();
  });

  it('shows warnings as a status in the warning colour', () => {
    render(<Toaster />);
    act(() => {
      toast.warning('Response has multiple components for the id.');
    });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Response has multiple components for the id.');
    expect(status.querySelector('svg')).toHaveClass('text-warning');
  });

  it('offers a link that dismisses the toast when followed', () => {
    render(<Toaster />);
    act(() => {
      toast.success('Linked to incident successfully', {
        action: { label: 'View incident INC-7', href: '/incidents/i-7' },
      });
    });
    const link = screen.getByRole('link', { name: 'View incident INC-7' });
    expect(link).toHaveAttribute('href', '/incidents/i-7');
    act(() => {
      link.click();
    });
    expect(screen.queryByText('Linked to incident successfully')).not.toBeInTheDocument();
  });
});
