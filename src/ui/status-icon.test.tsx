import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { healthTone, StatusIcon } from './status-icon';

describe('healthTone', () => {
  it('follows the spec colour rule', () => {
    for (const status of ['degraded', 'missing', 'unhealthy', 'UNHEALTHY']) {
      expect(healthTone({ status })).toBe('unhealthy');
    }
    expect(healthTone({ good: false })).toBe('unhealthy');
    expect(healthTone({ status: 'unknown' })).toBe('unknown');
    expect(healthTone({ status: 'suspended' })).toBe('unknown');
    expect(healthTone({ status: 'warning' })).toBe('warning');
    expect(healthTone({ status: 'mixed' })).toBe('warning');
    expect(healthTone({ good: false, mixed: true })).toBe('warning');
    expect(healthTone({ status: 'healthy' })).toBe('healthy');
    expect(healthTone({ status: 'anything' })).toBe('healthy');
    expect(healthTone({ good: true })).toBe('healthy');
  });
});

describe('StatusIcon', () => {
  it('always carries a text', () => {
    render(<StatusIcon status="unhealthy" />);
    expect(screen.getByText('Unhealthy')).toHaveClass('sr-only');
  });
  it('can show its label', () => {
    render(<StatusIcon good mixed label="mixed" showLabel />);
    expect(screen.getByText('mixed')).not.toHaveClass('sr-only');
  });
});
