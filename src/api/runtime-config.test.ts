import { describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG, parseRuntimeConfig } from './runtime-config';

describe('parseRuntimeConfig', () => {
  it('uses defaults for missing input', () => {
    expect(parseRuntimeConfig(null)).toEqual(DEFAULT_RUNTIME_CONFIG);
  });
  it('accepts only none, basic and oidc for auth', () => {
    expect(parseRuntimeConfig({ auth: 'none' }).auth).toBe('none');
    expect(parseRuntimeConfig({ auth: 'oidc' }).auth).toBe('oidc');
    expect(parseRuntimeConfig({ auth: 'clerk' }).auth).toBe('basic');
    expect(parseRuntimeConfig({ auth: 'NONE' }).auth).toBe('basic');
    expect(parseRuntimeConfig({ auth: true }).auth).toBe('basic');
  });
  it('reads the other fields', () => {
    expect(
      parseRuntimeConfig({
        apiBase: 'https://mc.example.com/api/',
        healthOnly: true,
        docsUrl: 'javascript:alert(1)',
        theme: 'dark',
      }),
    ).toEqual({
      apiBase: 'https://mc.example.com/api',
      auth: 'basic',
      healthOnly: true,
      docsUrl: 'https://docs.flanksource.com',
      theme: 'dark',
    });
  });
});
