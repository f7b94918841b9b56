/**
 * VIGIL_AUTH=oidc (docs/hosted-oidc.md): bearer JWTs verified against a provider's discovered JWKS.
 * The provider here is a tiny node:http server serving a discovery document and a key set; tokens
 * are signed in the test. Every bad token is a plain-text 401, never a 500; a good one maps its
 * subject to a person, created on first sight with no role (viewer); with a roles claim
 * configured, each new token sets the role.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { oidcRoleSettings, roleFromClaims, type OidcRoleSettings } from '../src/auth/oidc';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/types';
import { createEngine } from '../src/postgrest/engine';
import { buildApp, openTestDb, type TestApp } from './fixtures/app';

const AUDIENCE = 'vigil-console';
const ORG = 'org_alpha';

let provider: Server;
let issuer = '';
let privateKey: CryptoKey;
let otherKey: CryptoKey;
let jwk: JWK;
let db: Db;
let app: TestApp;
let discoveryHits = 0;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  provider = createServer((request, response) => {
    if (request.url === '/.well-known/openid-configuration') {
      discoveryHits += 1;
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks` }));
    } else if (request.url === '/jwks') {
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify({ keys: [jwk] }));
    } else {
      response.statusCode = 404;
      response.end();
    }
  });
  await new Promise<void>((done) => provider.listen(0, '127.0.0.1', done));
  issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  db = await openTestDb({ seed: true });
  const engine = await createEngine({ db });
  app = buildApp(
    db,
    {
      auth: 'oidc',
      oidc: { issuer, audience: AUDIENCE, organization: ORG, organizationsClaim: 'organizations' },
    },
    engine,
  );
});

afterAll(async () => {
  await new Promise((done) => provider.close(done));
  await db.close();
});

interface TokenOptions {
  sub?: string;
  email?: string;
  name?: string;
  audience?: string;
  issuer?: string;
  expiresIn?: string | number;
  notBefore?: string | number;
  organizations?: unknown;
  key?: CryptoKey;
  kid?: string;
  claims?: Record<string, unknown>;
  jti?: string;
}

async function token(options: TokenOptions = {}): Promise<string> {
  const jwt = new SignJWT({
    email: options.email ?? 'ada@example.com',
    name: options.name ?? 'Ada Lovelace',
    organizations: options.organizations ?? [
      { id: ORG, name: 'Alpha', backend_url: 'http://alpha' },
      { id: 'org_beta', name: 'Beta' },
    ],
    ...options.claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'k1' })
    .setSubject(options.sub ?? 'user-ada')
    .setIssuer(options.issuer ?? issuer)
    .setAudience(options.audience ?? AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '5m');
  if (options.notBefore !== undefined) jwt.setNotBefore(options.notBefore);
  if (options.jti !== undefined) jwt.setJti(options.jti);
  return jwt.sign(options.key ?? privateKey);
}

async function whoami(headers: Record<string, string>) {
  const response = await app.app.request('/api/auth/whoami', { headers });
  return { status: response.status, text: await response.text() };
}

describe('VIGIL_AUTH=oidc bearer tokens', () => {
  it('a valid token signs in, creating the person on first sight with no role', async () => {
    const first = await whoami({ Authorization: `Bearer ${await token()}` });
    expect(first.status).toBe(200);
    const body = JSON.parse(first.text) as {
      payload: {
        user: { id: string; email: string; name: string; external_id: string };
        roles: string[];
      };
    };
    expect(body.payload.user).toMatchObject({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      external_id: 'user-ada',
    });
    expect(body.payload.roles).toEqual([]);
    // The same subject later is the same person (no duplicate), even with a changed name.
    const again = await whoami({ Authorization: `Bearer ${await token({ name: 'Ada L.' })}` });
    expect((JSON.parse(again.text) as typeof body).payload.user.id).toBe(body.payload.user.id);
    const count = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM people WHERE external_id = 'user-ada'`,
    );
    expect(count.rows[0]?.n).toBe(1);
  });

  it('parallel first requests of a new subject create one person', async () => {
    const jwt = await token({ sub: 'user-par', email: 'par@example.com', name: 'Par Allel' });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => whoami({ Authorization: `Bearer ${jwt}` })),
    );
    expect(results.map((result) => result.status)).toEqual([200, 200, 200, 200, 200]);
    const count = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM people WHERE email = 'par@example.com' AND deleted_at IS NULL`,
    );
    expect(count.rows[0]?.n).toBe(1);
  });

  it('an existing person is linked by email and keeps their roles', async () => {
    const existing = await db.query<{ id: string; email: string }>(
      `SELECT p.id, p.email FROM people p JOIN casbin_rule r ON r.v0 = p.id::text AND r.v1 = 'admin'
       WHERE p.deleted_at IS NULL AND p.email IS NOT NULL AND p.external_id IS NULL LIMIT 1`,
    );
    const admin = existing.rows[0];
    expect(admin).toBeDefined();
    const result = await whoami({
      Authorization: `Bearer ${await token({ sub: 'user-admin', email: admin?.email.toUpperCase() })}`,
    });
    expect(result.status).toBe(200);
    const body = JSON.parse(result.text) as { payload: { user: { id: string }; roles: string[] } };
    expect(body.payload.user.id).toBe(admin?.id);
    expect(body.payload.roles).toContain('admin');
    // Someone else with that email (another subject) is refused rather than merged.
    const other = await whoami({
      Authorization: `Bearer ${await token({ sub: 'intruder', email: admin?.email })}`,
    });
    expect(other).toEqual({ status: 401, text: 'Authorization Error' });
  });

  it.each([
    [
      'expired',
      () => token({ expiresIn: Math.floor(Date.now() / 1000) - 60 }),
      'access token has expired',
    ],
    [
      'not yet valid',
      () => token({ notBefore: Math.floor(Date.now() / 1000) + 600 }),
      'Authorization Error',
    ],
    ['wrong audience', () => token({ audience: 'someone-else' }), 'Authorization Error'],
    ['wrong issuer', () => token({ issuer: 'https://evil.example.com' }), 'Authorization Error'],
    ['another key', () => token({ key: otherKey }), 'Authorization Error'],
    ['unknown kid', () => token({ key: otherKey, kid: 'k9' }), 'Authorization Error'],
    [
      'tampered',
      async () => {
        const [header, payload, signature] = (await token()).split('.');
        const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<
          string,
          unknown
        >;
        claims.sub = 'someone-else';
        return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
      },
      'Authorization Error',
    ],
    [
      'missing organisation',
      () => token({ organizations: [{ id: 'org_beta', name: 'Beta' }] }),
      'Authorization Error',
    ],
    ['no organisations claim', () => token({ organizations: 'nope' }), 'Authorization Error'],
    ['garbage', () => Promise.resolve('a.b.c'), 'Authorization Error'],
    [
      'unsigned',
      () => Promise.resolve('eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.'),
      'Authorization Error',
    ],
  ])('a token that is %s is a plain-text 401', async (_name, make, text) => {
    const result = await whoami({ Authorization: `Bearer ${await make()}` });
    expect(result).toEqual({ status: 401, text });
  });

  it('a new subject without an email claim is refused', async () => {
    const jwt = await new SignJWT({ organizations: [{ id: ORG, name: 'Alpha' }] })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setSubject('no-email')
      .setIssuer(issuer)
      .setAudience(AUDIENCE)
      .setExpirationTime('5m')
      .sign(privateKey);
    expect(await whoami({ Authorization: `Bearer ${jwt}` })).toEqual({
      status: 401,
      text: 'Authorization Error',
    });
  });

  it('no credentials is 401 Not logged in; a session cookie alone counts for nothing', async () => {
    expect(await whoami({})).toEqual({ status: 401, text: 'Not logged in' });
    expect(await whoami({ Cookie: 'vigil_session=anything' })).toEqual({
      status: 401,
      text: 'Not logged in',
    });
  });

  it('the data API answers a signed-in viewer', async () => {
    const response = await app.app.request('/api/db/checks?select=id&limit=1', {
      headers: { Authorization: `Bearer ${await token()}` },
    });
    expect(response.status).toBe(200);
  });

  it('discovery is fetched once and cached', () => {
    expect(discoveryHits).toBe(1);
  });

  it('config.json tells the console how to sign in', async () => {
    const response = await app.app.request('/config.json');
    expect(await response.json()).toMatchObject({
      auth: 'oidc',
      oidc: { issuer, clientId: AUDIENCE, organizationsClaim: 'organizations' },
    });
    // The console it serves may call the provider (discovery, token exchange, userinfo).
    expect(response.headers.get('content-security-policy')).toContain(
      `connect-src 'self' ${issuer}`,
    );
  });
});

describe('VIGIL_AUTH=oidc configuration', () => {
  it('reads the issuer, audience and organisation', () => {
    expect(
      loadConfig({
        VIGIL_AUTH: 'oidc',
        VIGIL_OIDC_ISSUER: 'https://id.example.com',
        VIGIL_OIDC_AUDIENCE: 'console',
        VIGIL_OIDC_ORGANIZATION: 'org_1',
      }).oidc,
    ).toEqual({
      issuer: 'https://id.example.com',
      audience: 'console',
      organization: 'org_1',
      organizationsClaim: 'organizations',
    });
  });

  it.each([
    [{ VIGIL_AUTH: 'oidc' }, /VIGIL_OIDC_ISSUER is required/],
    [
      { VIGIL_AUTH: 'oidc', VIGIL_OIDC_ISSUER: 'https://id.example.com' },
      /VIGIL_OIDC_AUDIENCE is required/,
    ],
    [
      { VIGIL_AUTH: 'oidc', VIGIL_OIDC_ISSUER: 'not a url', VIGIL_OIDC_AUDIENCE: 'x' },
      /must be a URL/,
    ],
    [
      { VIGIL_AUTH: 'oidc', VIGIL_OIDC_ISSUER: 'http://id.example.com', VIGIL_OIDC_AUDIENCE: 'x' },
      /https/,
    ],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('other modes ignore the OIDC variables', () => {
    expect(loadConfig({ VIGIL_AUTH: 'basic', VIGIL_OIDC_ISSUER: 'x' }).oidc).toBeUndefined();
  });
});

describe('VIGIL_OIDC_ROLES_CLAIM: the role from the provider', () => {
  const settings: OidcRoleSettings = {
    claim: 'groups',
    map: new Map([
      ['vigil-editors', 'editor'],
      ['vigil-admins', 'admin'],
    ]),
  };
  let roleApp: TestApp;

  beforeAll(() => {
    // Not an object literal: the test config's oidc type has no `roles` (read from the env).
    const oidc = {
      issuer,
      audience: AUDIENCE,
      organization: ORG,
      organizationsClaim: 'organizations',
      roles: settings,
    };
    roleApp = buildApp(db, { auth: 'oidc', oidc }, undefined);
  });

  async function rolesOf(options: TokenOptions): Promise<string[]> {
    const response = await roleApp.app.request('/api/auth/whoami', {
      headers: { Authorization: `Bearer ${await token(options)}` },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { payload: { roles: string[] } }).payload.roles;
  }

  it('sets the role on each sign-in: mapped, then none (viewer), then a role name as is', async () => {
    const who = { sub: 'user-grace', email: 'grace@example.com', name: 'Grace Hopper' };
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(
      await rolesOf({ ...who, jti: 't1', claims: { groups: ['vigil-editors', 'book-club'] } }),
    ).toEqual(['editor']);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/ignoring "book-club" in the groups/));
    expect(info).toHaveBeenCalledWith(expect.stringMatching(/grace@example.com is now editor/));
    // An admin changes the role in Vigil: the same token does not undo it (once per sign-in)...
    const person = await db.query<{ id: string }>(
      `SELECT id FROM people WHERE external_id = 'user-grace'`,
    );
    const id = person.rows[0]?.id ?? '';
    await db.query(`UPDATE casbin_rule SET v1 = 'responder' WHERE ptype = 'g' AND v0 = $1`, [id]);
    expect(
      await rolesOf({ ...who, jti: 't1', claims: { groups: ['vigil-editors', 'book-club'] } }),
    ).toEqual(['responder']);
    // ...the next sign-in does; the unknown value is logged only once.
    expect(await rolesOf({ ...who, jti: 't2', claims: { groups: ['vigil-editors'] } })).toEqual([
      'editor',
    ]);
    expect(await rolesOf({ ...who, jti: 't3', claims: { groups: ['book-club'] } })).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(await rolesOf({ ...who, jti: 't4', claims: {} })).toEqual([]);
    expect(
      await rolesOf({ ...who, jti: 't5', claims: { groups: ['Commander', 'vigil-admins'] } }),
    ).toEqual(['admin']);
    const rows = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM casbin_rule WHERE ptype = 'g' AND v0 = $1`,
      [id],
    );
    expect(rows.rows[0]?.n).toBe(1);
    info.mockRestore();
    warn.mockRestore();
  });

  it('a person created on first sight gets the claimed role at once', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    expect(
      await rolesOf({
        sub: 'user-kat',
        email: 'kat@example.com',
        jti: 'k1',
        claims: { groups: 'vigil-admins' },
      }),
    ).toEqual(['admin']);
    info.mockRestore();
  });

  it('reads the claim, the mapping and a dotted path', () => {
    const log: string[] = [];
    const keycloak = { claim: 'realm_access.roles', map: new Map() } satisfies OidcRoleSettings;
    expect(roleFromClaims({ realm_access: { roles: ['viewer', 'editor'] } }, keycloak)).toBe(
      'editor',
    );
    expect(roleFromClaims({ groups: ['vigil-admins'] }, settings)).toBe('admin');
    expect(roleFromClaims({ groups: [7, '', 'other'] }, settings, (line) => log.push(line))).toBe(
      null,
    );
    expect(log).toEqual([
      'OIDC: ignoring "other" in the groups claim: not in VIGIL_OIDC_ROLE_MAP and not a Vigil role',
    ]);
    expect(roleFromClaims({ groups: ['admin'] }, undefined)).toBeUndefined();
  });

  it('parses VIGIL_OIDC_ROLES_CLAIM and VIGIL_OIDC_ROLE_MAP', () => {
    expect(oidcRoleSettings({})).toBeUndefined();
    expect(
      oidcRoleSettings({
        VIGIL_OIDC_ROLES_CLAIM: 'groups',
        VIGIL_OIDC_ROLE_MAP: ' vigil-admins = Admin , /ops/on-call=commander,',
      }),
    ).toEqual({
      claim: 'groups',
      map: new Map([
        ['vigil-admins', 'admin'],
        ['/ops/on-call', 'commander'],
      ]),
    });
  });

  it.each([
    [{ VIGIL_OIDC_ROLE_MAP: 'a=admin' }, /needs VIGIL_OIDC_ROLES_CLAIM/],
    [{ VIGIL_OIDC_ROLES_CLAIM: 'a b' }, /must be a claim name/],
    [{ VIGIL_OIDC_ROLES_CLAIM: 'groups', VIGIL_OIDC_ROLE_MAP: 'a=owner' }, /role one of admin/],
    [{ VIGIL_OIDC_ROLES_CLAIM: 'groups', VIGIL_OIDC_ROLE_MAP: 'admin' }, /value=role pairs/],
  ])('refuses %j', (env, message) => {
    expect(() => oidcRoleSettings(env)).toThrow(message);
  });
});
