/**
 * `VIGIL_AUTH=oidc` (docs/hosted-oidc.md): the server as an organisation's backend behind a hosted
 * OpenID Connect provider. Requests carry `Authorization: Bearer <JWT>` (the console sends the ID
 * token its sign-in obtained, audience = the console's client id); the token is verified against
 * the issuer's JWKS (discovered from `/.well-known/openid-configuration`, fetched once and cached;
 * jose's remote key set refetches on an unknown `kid`, so key rotation needs no restart), and its
 * subject is mapped to a person, who is created on first sight.
 *
 * Every failure is a reason string for the 401 body (MC's plain-text messages), never a throw.
 */
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { Queryable } from '../db/types';

export interface OidcSettings {
  /** The issuer URL exactly as it appears in the tokens' `iss`. */
  issuer: string;
  /** The expected `aud` (the console's client id). */
  audience: string;
  /** The organisation id this backend serves; tokens whose organisations lack it are refused. */
  organization?: string | undefined;
  /** The claim holding the organisations (default `organizations`). */
  organizationsClaim?: string | undefined;
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
      return {
        ok: true,
        identity: {
          subject,
          email: stringClaim(payload, 'email')?.toLowerCase(),
          emailVerified: typeof verified === 'boolean' ? verified : undefined,
          name: stringClaim(payload, 'name'),
          picture: stringClaim(payload, 'picture'),
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
  const work = resolvePerson(db, identity).finally(() => inFlight.delete(identity.subject));
  inFlight.set(identity.subject, work);
  return work;
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
