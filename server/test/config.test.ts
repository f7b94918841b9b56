import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error: unknown) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('reads the listen address and the body limit', () => {
    expect(loadConfig({ VIGIL_HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ VIGIL_HOST: '::' }).host).toBe('::');
    expect(loadConfig({ VIGIL_HOST: 'vigil.internal' }).host).toBe('vigil.internal');
    expect(loadConfig({ VIGIL_BODY_LIMIT: '4m' }).bodyLimitBytes).toBe(4 * 1024 * 1024);
    expect(loadConfig({ VIGIL_BODY_LIMIT: '512k' }).bodyLimitBytes).toBe(512 * 1024);
    expect(loadConfig({ VIGIL_BODY_LIMIT: '2048' }).bodyLimitBytes).toBe(2048);
  });

  it('applies the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      bodyLimitBytes: 1024 * 1024,
      dataDir: '.vigil/data',
      databaseUrl: undefined,
      auth: 'basic',
      healthOnly: false,
      seed: 'demo',
      staticDir: 'dist/console',
      corsOrigins: [],
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9090',
      VIGIL_DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u:p@localhost:5432/vigil',
      VIGIL_AUTH: 'none',
      VIGIL_HEALTH_ONLY: 'true',
      VIGIL_SEED: 'large',
      VIGIL_STATIC_DIR: 'build',
      VIGIL_CORS_ORIGINS: 'https://a.example.com, https://b.example.com/',
    });
    expect(config).toMatchObject({
      port: 9090,
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u:p@localhost:5432/vigil',
      auth: 'none',
      healthOnly: true,
      seed: 'large',
      staticDir: 'build',
      corsOrigins: ['https://a.example.com', 'https://b.example.com'],
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ VIGIL_AUTH: 'oidc' }, 'VIGIL_AUTH'],
    [{ VIGIL_HEALTH_ONLY: 'yes' }, 'VIGIL_HEALTH_ONLY'],
    [{ VIGIL_SEED: 'huge' }, 'VIGIL_SEED'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ VIGIL_CORS_ORIGINS: 'not a url' }, 'VIGIL_CORS_ORIGINS'],
    [{ VIGIL_CORS_ORIGINS: 'https://a.example.com/path' }, 'VIGIL_CORS_ORIGINS'],
    [{ VIGIL_HOST: 'http://0.0.0.0' }, 'VIGIL_HOST'],
    [{ VIGIL_HOST: '300.1.1.1' }, 'VIGIL_HOST'],
    [{ VIGIL_BODY_LIMIT: 'lots' }, 'VIGIL_BODY_LIMIT'],
    [{ VIGIL_BODY_LIMIT: '10' }, 'VIGIL_BODY_LIMIT'],
  ])('rejects %o with a one-line message naming the variable', (env, name) => {
    const error = errorOf(env);
    expect(error.message).toContain(name);
    expect(error.message).not.toContain('\n');
  });

  it('never echoes a database URL (it may hold a password)', () => {
    expect(errorOf({ DATABASE_URL: 'mysql://user:secret@x' }).message).not.toContain('secret');
  });

  it('reads VIGIL_SMTP_URL for the sign-in mails and never echoes it', () => {
    expect(loadConfig({}).smtpUrl).toBeUndefined();
    const url = 'smtp://user:pass@mail.example.com:587/?from=vigil@example.com';
    expect(loadConfig({ VIGIL_SMTP_URL: url }).smtpUrl).toBe(url);
    const error = errorOf({ VIGIL_SMTP_URL: 'http://user:secret@mail.example.com' });
    expect(error.message).toMatch(/^VIGIL_SMTP_URL must be an smtp:\/\//);
    expect(error.message).not.toContain('secret');
  });
});
