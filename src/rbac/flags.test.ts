import { describe, expect, it } from 'vitest';
import { disabledFeatureNames, isFeatureDisabled } from './flags';

describe('feature flags', () => {
  it('disables a feature only when {feature}.disable is exactly "true"', () => {
    const disabled = disabledFeatureNames([
      { name: 'incidents.disable', value: 'true' },
      { name: 'logs.disable', value: 'TRUE' },
      { name: 'playbooks.disable', value: 'false' },
      { name: 'settings.user.disabled', value: 'true' },
    ]);
    expect(isFeatureDisabled(disabled, 'incidents')).toBe(true);
    expect(isFeatureDisabled(disabled, 'logs')).toBe(false);
    expect(isFeatureDisabled(disabled, 'playbooks')).toBe(false);
    expect(isFeatureDisabled(disabled, 'settings.users')).toBe(false);
  });

  it('disables dependents with their parent', () => {
    const disabled = disabledFeatureNames([{ name: 'health.disable', value: 'true' }]);
    expect(isFeatureDisabled(disabled, 'settings.health')).toBe(true);
    expect(isFeatureDisabled(disabled, 'settings.job_history')).toBe(true);
    expect(isFeatureDisabled(disabled, 'settings.topology')).toBe(false);
  });
});
