/**
 * The standalone mode's configuration and JWT authentication without a database: variables and
 * their defaults, one-line errors, JWKS (RS256) tokens, the role claim path, PostgREST 12's
 * error codes and messages.
 */
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { createAuthenticator, isAuthFailure } from '../../src/standalone/auth';
import {
  StandaloneConfigError,
  loadStandaloneConfig,
  type StandaloneConfig,
} from '../../src/standalone/config';

const SECRET = 'a-test-secret-that-is-at-least-32-characters';
const URL_ = 'postgres://authenticator@127.0.0.1:5432/app';

function config(env: Record<string, string> = {}): StandaloneConfig {
  return loadStandaloneConfig({ DATABASE_URL: URL_, ...env });
}

function hs(claims: Record<string, unknown>) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(SECRET));
}

describe('standalone configuration', () => {
  it('has PostgREST-like defaults', () => {
    const loaded = config();
    expect(loaded).toMatchObject({
      port: 3000,
      schemas: ['public'],
      extraSearchPath: ['public'],
      anonRole: undefined,
      jwtSecret: undefined,
      roleClaim: ['role'],
      maxRows: 1000,
      preparedStatements: true,
    });
    expect(config({ VIGIL_PGRST_DB_PREPARED_STATEMENTS: 'off' }).preparedStatements).toBe(false);
    expect(config({ VIGIL_PGRST_DB_PREPARED_STATEMENTS: 'TRUE' }).preparedStatements).toBe(true);
  });

  it('reads the schema list, first one the default, and the extra search path', () => {
    const loaded = config({
      VIGIL_PGRST_DB_SCHEMAS: ' api , v2,api',
      VIGIL_PGRST_DB_EXTRA_SEARCH_PATH: 'public, extensions',
      VIGIL_PGRST_JWT_ROLE_CLAIM: '.app.role',
    });
    expect(loaded.schemas).toEqual(['api', 'v2']);
    expect(loaded.extraSearchPath).toEqual(['public', 'extensions']);
    expect(loaded.roleClaim).toEqual(['app', 'role']);
  });

  it('refuses bad values with one line', () => {
    const bad: Record<string, string>[] = [
      { DATABASE_URL: '' },
      { DATABASE_URL: 'mysql://x' },
      { DATABASE_URL: URL_, VIGIL_PGRST_JWT_SECRET: 'too-short' },
      { DATABASE_URL: URL_, VIGIL_PGRST_JWT_JWKS: '{"nokeys":1}' },
      { DATABASE_URL: URL_, VIGIL_PGRST_JWT_JWKS: 'ftp://keys' },
      { DATABASE_URL: URL_, VIGIL_PGRST_DB_SCHEMAS: ' , ' },
      { DATABASE_URL: URL_, VIGIL_PGRST_DB_MAX_ROWS: '0' },
      { DATABASE_URL: URL_, PORT: '70000' },
      { DATABASE_URL: URL_, VIGIL_PGRST_JWT_ROLE_CLAIM: 'a..b' },
      { DATABASE_URL: URL_, VIGIL_PGRST_DB_PREPARED_STATEMENTS: 'sometimes' },
    ];
    for (const env of bad) {
      let error: unknown;
      try {
        loadStandaloneConfig(env);
      } catch (caught: unknown) {
        error = caught;
      }
      expect(error).toBeInstanceOf(StandaloneConfigError);
      expect((error as Error).message).not.toContain('\n');
    }
  });
});

describe('standalone JWT authentication', () => {
  it('no token: the anonymous role with {"role": anon} claims, or PGRST302', async () => {
    const anon = createAuthenticator(config({ VIGIL_PGRST_DB_ANON_ROLE: 'web_anon' }));
    expect(await anon(undefined)).toEqual({
      role: 'web_anon',
      claims: { role: 'web_anon' },
      anonymous: true,
    });
    const none = createAuthenticator(config());
    expect(await none(undefined)).toMatchObject({
      status: 401,
      code: 'PGRST302',
      message: 'Anonymous access is disabled',
    });
  });

  it('a token without a secret configured is 500 PGRST300', async () => {
    const auth = createAuthenticator(config({ VIGIL_PGRST_DB_ANON_ROLE: 'web_anon' }));
    expect(await auth(`Bearer ${await hs({ role: 'app_user' })}`)).toMatchObject({
      status: 500,
      code: 'PGRST300',
      message: 'Server lacks JWT secret',
    });
  });

  it('takes the role from a nested claim path; without it, the anonymous role', async () => {
    const auth = createAuthenticator(
      config({
        VIGIL_PGRST_JWT_SECRET: SECRET,
        VIGIL_PGRST_JWT_ROLE_CLAIM: 'app.role',
        VIGIL_PGRST_DB_ANON_ROLE: 'web_anon',
      }),
    );
    const nested = await auth(`Bearer ${await hs({ app: { role: 'app_user' }, sub: 'a' })}`);
    expect(nested).toMatchObject({ role: 'app_user', anonymous: false });
    const roleless = await auth(`bearer ${await hs({ sub: 'a' })}`);
    expect(roleless).toEqual({ role: 'web_anon', claims: { sub: 'a' }, anonymous: true });
  });

  it('checks nbf and aud with PostgREST 12 messages', async () => {
    const auth = createAuthenticator(
      config({ VIGIL_PGRST_JWT_SECRET: SECRET, VIGIL_PGRST_JWT_AUD: 'vigil' }),
    );
    const future = await new SignJWT({ role: 'app_user', aud: 'vigil' })
      .setProtectedHeader({ alg: 'HS256' })
      .setNotBefore(Math.floor(Date.now() / 1000) + 3600)
      .sign(new TextEncoder().encode(SECRET));
    expect(await auth(`Bearer ${future}`)).toMatchObject({
      status: 401,
      code: 'PGRST301',
      message: 'JWT not yet valid',
    });
    const wrongAudience = await hs({ role: 'app_user', aud: 'other' });
    expect(await auth(`Bearer ${wrongAudience}`)).toMatchObject({
      code: 'PGRST301',
      message: 'JWT not in audience',
    });
  });

  it('verifies RS256 tokens against a JWKS given as JSON', async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' };
    const auth = createAuthenticator(
      config({ VIGIL_PGRST_JWT_JWKS: JSON.stringify({ keys: [jwk] }) }),
    );
    const signed = await new SignJWT({ role: 'app_user', sub: 'rs' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .sign(privateKey);
    const identity = await auth(`Bearer ${signed}`);
    expect(isAuthFailure(identity)).toBe(false);
    expect(identity).toMatchObject({ role: 'app_user', claims: { sub: 'rs' } });
    // An HS token with only a JWKS configured has no key to check it.
    expect(await auth(`Bearer ${await hs({ role: 'app_user' })}`)).toMatchObject({
      code: 'PGRST301',
    });
  });
});
