/**
 * `VIGIL_AUTH=oidc` (docs/hosted-oidc.md): the server as an organisation's backend behind a hosted
 * OpenID Connect provider. Requests carry `Authorization: Bearer <JWT>` (the console sends the ID
 * token its sign-in obtained, audience = the console's client id); the token is verified against
 * the issuer's JWKS (discovered from `/.well-known/openid-configuration`, fetched once and cached;
 * jose's remote key set refetches on an unknown `kid`, so key rotation needs no restart), and its
 * subject is mapped to a person, who is created on first sight. With `VIGIL_OIDC_ROLES_CLAIM` the
 * provider also owns the person's role: each new token (a sign-in, a renewal) sets it from the
 * claim through `VIGIL_OIDC_ROLE_MAP`.
 *
 * Every failure is a reason string for the 401 body (MC's plain-text messages), never a throw.
 */
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { ROLES, isRole, type Role } from '../../../src/rbac/roles';
import { ConfigError } from '../config';
import type { Queryable } from '../db/types';

/**
 * Roles from the provider (`VIGIL_OIDC_ROLES_CLAIM`, `VIGIL_OIDC_ROLE_MAP`): the claim's values
 * (a string or a list of strings) are looked up in the map, else taken as one of Vigil's role
 * names; the highest known one is the person's role, none known means no role (viewer).
 */
export interface OidcRoleSettings {
  /** The claim name; a dotted path (`realm_access.roles`) when no claim has that exact name. */
  claim: string;
  /** Provider value → Vigil role. */
  map: ReadonlyMap<string, Role>;
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The role settings from the environment; undefined without `VIGIL_OIDC_ROLES_CLAIM` (roles are
 * then given in Vigil, as before). `VIGIL_OIDC_ROLE_MAP` is `value=role` pairs separated by
 * commas, e.g. `vigil-admins=admin,sre=commander`. Throws {@link ConfigError} on a bad value.
 */
export function oidcRoleSettings(env: Env = process.env): OidcRoleSettings | undefined {
  const claim = env.VIGIL_OIDC_ROLES_CLAIM?.trim();
  const rawMap = env.VIGIL_OIDC_ROLE_MAP?.trim();
  if (!claim) {
    if (rawMap) {
      throw new ConfigError('VIGIL_OIDC_ROLE_MAP needs VIGIL_OIDC_ROLES_CLAIM (the claim to read)');
    }
    return undefined;
  }
  if (!/^[\w.:/-]{1,200}$/.test(claim)) {
    throw new ConfigError(
      `VIGIL_OIDC_ROLES_CLAIM must be a claim name (got ${JSON.stringify(claim)})`,
    );
  }
  const map = new Map<string, Role>();
  for (const pair of (rawMap ?? '').split(',')) {
    if (!pair.trim()) continue;
    const at = pair.lastIndexOf('=');
    const value = at > 0 ? pair.slice(0, at).trim() : '';
    const role =
      at > 0
        ? pair
            .slice(at + 1)
            .trim()
            .toLowerCase()
        : '';
    if (!value || !isRole(role)) {
      throw new ConfigError(
        `VIGIL_OIDC_ROLE_MAP must be value=role pairs separated by commas, role one of ${ROLES.join(', ')} (got ${JSON.stringify(pair.trim())})`,
      );
    }
    map.set(value, role);
  }
  return { claim, map };
}

function claimValue(payload: JWTPayload, claim: string): unknown {
  if (claim in payload) return payload[claim];
  let value: unknown = payload;
  for (const key of claim.split('.')) {
    if (!value || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

const reportedUnknown = new Set<string>();

/**
 * The role a token's claim gives (undefined: roles are not the provider's; null: no known value,
 * so no role, a viewer). Unknown values are skipped with one log line per value.
 */
export function roleFromClaims(
  payload: JWTPayload,
  settings: OidcRoleSettings | undefined,
  log: (message: string) => void = (message) => console.warn(message),
): Role | null | undefined {
  if (!settings) return undefined;
  const raw = claimValue(payload, settings.claim);
  const values = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? (raw as unknown[]) : [];
  let best: Role | null = null;
  for (const value of values) {
    if (typeof value !== 'string' || !value.trim()) continue;
    const role =
      settings.map.get(value) ??
      (isRole(value.trim().toLowerCase()) ? (value.trim().toLowerCase() as Role) : undefined);
    if (!role) {
      const shown = JSON.stringify(value.slice(0, 80));
      if (!reportedUnknown.has(shown)) {
        if (reportedUnknown.size < 1000) reportedUnknown.add(shown);
        log(
          `OIDC: ignoring ${shown} in the ${settings.claim} claim: not in VIGIL_OIDC_ROLE_MAP and not a Vigil role`,
        );
      }
      continue;
    }
    if (best === null || ROLES.indexOf(role) < ROLES.indexOf(best)) best = role;
  }
  return best;
}

export interface OidcSettings {
  /** The issuer URL exactly as it appears in the tokens' `iss`. */
  issuer: string;
  /** The expected `aud` (the console's client id). */
  audience: string;
  /** The organisation id this backend serves; tokens whose organisations lack it are refused. */
  organization?: string | undefined;
  /** The claim holding the organisations (default `organizations`). */
  organizationsClaim?: string | undefined;
  /**
   * Roles from a claim; when the key is absent they are read from the environment
   * ({@link oidcRoleSettings}); `undefined` given explicitly turns them off.
   */
  roles?: OidcRoleSettings | undefined;
  /** Injectable for tests; default the global fetch. */
  fetch?: typeof fetch;
}

/** What a verified token says about its holder. */
export interface OidcIdentity {
  subject: string;
  email: string | undefined;
  emailVerified: boolean | undefined;
  name: string | undefined;
  picture: string | undefined;
  /** From the roles claim: a role, null for none (viewer), undefined when roles are not managed. */
  role?: Role | null | undefined;
  /** This token's identity (`jti`, else `iat`): the role is applied once per token. */
  tokenKey?: string | undefined;
}

export type OidcVerdict = { ok: true; identity: OidcIdentity } | { ok: false; reason: string };

/** MC's plain-text 401 bodies (api.md §0.3). */
export const OIDC_FAILURE = {
  invalid: 'Authorization Error',
  expired: 'access token has expired',
} as const;

/** A compact JWS: three base64url parts (agent tokens and embed tokens are not). */
export function looksLikeJwt(token: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token);
}

/** The organisation ids in a claim: a list of `{id}` objects, of strings, or one object. */
export function organizationIds(claim: unknown): string[] {
  const items = Array.isArray(claim) ? claim : claim && typeof claim === 'object' ? [claim] : [];
  const ids: string[] = [];
  for (const item of items as unknown[]) {
    if (typeof item === 'string') ids.push(item);
    else if (item && typeof item === 'object') {
      const id = (item as Record<string, unknown>).id;
      if (typeof id === 'string') ids.push(id);
    }
  }
  return ids;
}

function stringClaim(payload: JWTPayload, key: string): string | undefined {
  const value = payload[key];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

export interface OidcVerifier {
  verify(token: string): Promise<OidcVerdict>;
}

/** A verifier whose discovery and key set are fetched on first use and then cached. */
export function createOidcVerifier(settings: OidcSettings): OidcVerifier {
  const issuer = settings.issuer;
  const claimName = settings.organizationsClaim ?? 'organizations';
  const doFetch = settings.fetch ?? ((input, init) => globalThis.fetch(input, init));
  // Read (and checked) at start-up, so a bad VIGIL_OIDC_ROLE_MAP stops the server.
  const roles = 'roles' in settings ? settings.roles : oidcRoleSettings();
  let keys: Promise<ReturnType<typeof createRemoteJWKSet>> | undefined;

  async function discover(): Promise<ReturnType<typeof createRemoteJWKSet>> {
    const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    const response = await doFetch(url, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`OIDC discovery answered ${response.status}`);
    const document = (await response.json()) as Record<string, unknown>;
    if (document.issuer !== issuer) {
      throw new Error('OIDC discovery document names another issuer');
    }
    if (typeof document.jwks_uri !== 'string') throw new Error('OIDC discovery has no jwks_uri');
    return createRemoteJWKSet(new URL(document.jwks_uri), { timeoutDuration: 10_000 });
  }

  function keySet() {
    keys ??= discover().catch((error: unknown) => {
      // Retry discovery on the next request rather than caching the failure.
      keys = undefined;
      throw error;
    });
    return keys;
  }

  return {
    async verify(token) {
      if (!looksLikeJwt(token)) return { ok: false, reason: OIDC_FAILURE.invalid };
      let payload: JWTPayload;
      try {
        const jwks = await keySet();
        ({ payload } = await jwtVerify(token, jwks, {
          issuer,
          audience: settings.audience,
          requiredClaims: ['sub', 'exp'],
          // A few seconds of clock skew between the provider and this server.
          clockTolerance: 5,
        }));
      } catch (error: unknown) {
        if (error instanceof joseErrors.JWTExpired)
          return { ok: false, reason: OIDC_FAILURE.expired };
        if (!(error instanceof joseErrors.JOSEError)) {
          // The provider could not be reached: the caller is not authenticated, and the operator
          // should know why (the token itself is never logged).
          console.warn(`OIDC verification unavailable: ${String(error)}`);
        }
        return { ok: false, reason: OIDC_FAILURE.invalid };
      }
      if (settings.organization !== undefined) {
        const ids = organizationIds(payload[claimName]);
        if (!ids.includes(settings.organization))
          return { ok: false, reason: OIDC_FAILURE.invalid };
      }
      const subject = stringClaim(payload, 'sub');
      if (!subject) return { ok: false, reason: OIDC_FAILURE.invalid };
      const verified = payload.email_verified;
      const role = roleFromClaims(payload, roles);
      return {
        ok: true,
        identity: {
          subject,
          email: stringClaim(payload, 'email')?.toLowerCase(),
          emailVerified: typeof verified === 'boolean' ? verified : undefined,
          name: stringClaim(payload, 'name'),
          picture: stringClaim(payload, 'picture'),
          ...(role !== undefined
            ? { role, tokenKey: stringClaim(payload, 'jti') ?? String(payload.iat ?? payload.exp) }
            : {}),
        },
      };
    },
  };
}

function splitName(name: string): { first: string; last: string } {
  const parts = name.trim().split(/\s+/);
  return { first: parts[0] ?? '', last: parts.slice(1).join(' ') };
}

const inFlight = new Map<string, Promise<string | undefined>>();

/**
 * The person a verified identity maps to: by `external_id` (= the subject), else by email (a
 * person with that email and no other subject is linked, unless the provider says the email is
 * unverified), else a new identity and person with no role (effective role: viewer). Undefined
 * when the token cannot be mapped (no email on first sight, an email owned by another subject).
 */
export function personForIdentity(
  db: Queryable,
  identity: OidcIdentity,
): Promise<string | undefined> {
  // The console's first page asks several things at once: one provisioning per subject.
  const pending = inFlight.get(identity.subject);
  if (pending) return pending;
  const work = resolvePerson(db, identity)
    .then(async (id) => {
      if (id && identity.role !== undefined) await applyRole(db, id, identity);
      return id;
    })
    .finally(() => inFlight.delete(identity.subject));
  inFlight.set(identity.subject, work);
  return work;
}

/** The token whose role was last applied, per person: once per sign-in, not per request. */
const appliedFor = new Map<string, string>();

/**
 * Make the person's role the one the token's claim gives (none: a viewer). Only Vigil's five role
 * names are touched in casbin_rule; a change is logged.
 */
async function applyRole(db: Queryable, personId: string, identity: OidcIdentity): Promise<void> {
  const key = `${identity.subject}\u0000${identity.tokenKey ?? ''}`;
  if (identity.tokenKey && appliedFor.get(personId) === key) return;
  const role = identity.role ?? null;
  const current = await db.query<{ v1: string }>(
    `SELECT v1 FROM casbin_rule WHERE ptype = 'g' AND v0 = $1 AND v1 = ANY($2::text[])`,
    [personId, [...ROLES]],
  );
  const had = current.rows.map((row) => row.v1).sort();
  const wanted = role ? [role] : [];
  if (had.join() !== wanted.join()) {
    await db.query(
      `DELETE FROM casbin_rule WHERE ptype = 'g' AND v0 = $1 AND v1 = ANY($2::text[]) AND v1 <> $3`,
      [personId, [...ROLES], role ?? ''],
    );
    if (role && !had.includes(role)) {
      await db.query(`INSERT INTO casbin_rule (ptype, v0, v1) VALUES ('g', $1, $2)`, [
        personId,
        role,
      ]);
    }
    console.info(
      `OIDC: ${identity.email ?? identity.subject} is now ${role ?? 'a viewer (no role)'} (was ${had.join(', ') || 'viewer'})`,
    );
  }
  if (appliedFor.size >= 10_000) appliedFor.clear();
  appliedFor.set(personId, key);
}

async function resolvePerson(db: Queryable, identity: OidcIdentity): Promise<string | undefined> {
  const bySubject = await db.query<{ id: string }>(
    `SELECT id FROM people WHERE external_id = $1 AND deleted_at IS NULL ORDER BY created_at LIMIT 1`,
    [identity.subject],
  );
  if (bySubject.rows[0]) return bySubject.rows[0].id;
  if (!identity.email) return undefined;
  const byEmail = await db.query<{ id: string; external_id: string | null }>(
    `SELECT id, external_id FROM people WHERE lower(email) = $1 AND deleted_at IS NULL LIMIT 1`,
    [identity.email],
  );
  const existing = byEmail.rows[0];
  if (existing) {
    if (existing.external_id || identity.emailVerified === false) return undefined;
    await db.query('UPDATE people SET external_id = $2 WHERE id = $1 AND external_id IS NULL', [
      existing.id,
      identity.subject,
    ]);
    return existing.id;
  }
  const traits = { email: identity.email, name: splitName(identity.name ?? identity.email) };
  try {
    const inserted = await db.query<{ id: string }>(
      `INSERT INTO identities (traits, state) VALUES ($1::jsonb, 'active') RETURNING id`,
      [JSON.stringify(traits)],
    );
    const id = inserted.rows[0]?.id;
    if (!id) return undefined;
    await db.query(
      `UPDATE people SET type = 'user', external_id = $2, avatar = coalesce(avatar, $3) WHERE id = $1`,
      [id, identity.subject, identity.picture ?? null],
    );
    return id;
  } catch {
    // Another server instance created the same person meanwhile (unique email): use theirs.
    const again = await db.query<{ id: string }>(
      `SELECT id FROM people WHERE external_id = $1 AND deleted_at IS NULL LIMIT 1`,
      [identity.subject],
    );
    return again.rows[0]?.id;
  }
}
