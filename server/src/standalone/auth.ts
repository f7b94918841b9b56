/**
 * PostgREST-style authentication for the standalone mode: no `Authorization` header → the
 * anonymous role (or 401 PGRST302 without one); a Bearer JWT (HS256/384/512 with the secret, or a
 * key of the JWKS) → its role claim, with the claims handed to PostgreSQL as
 * `request.jwt.claims`. Error codes and messages follow PostgREST 12.
 */
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeProtectedHeader,
  errors as joseErrors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { StandaloneConfig } from './config';

/** Who a request runs as. */
export interface RequestIdentity {
  role: string;
  /** The JWT's claims (for the anonymous role: `{"role": <anon role>}`, as PostgREST sets). */
  claims: Record<string, unknown>;
  anonymous: boolean;
}

/** A refusal, PostgREST-shaped. */
export interface AuthFailure {
  status: number;
  code: string;
  message: string;
  headers: Record<string, string>;
}

export type Authenticate = (
  authorization: string | undefined,
) => Promise<RequestIdentity | AuthFailure>;

export function isAuthFailure(value: RequestIdentity | AuthFailure): value is AuthFailure {
  return 'code' in value;
}

function invalid(message: string): AuthFailure {
  const description = message.replace(/["\\]/g, '');
  return {
    status: 401,
    code: 'PGRST301',
    message,
    headers: {
      'www-authenticate': `Bearer error="invalid_token", error_description="${description}"`,
    },
  };
}

/** PostgREST 12's message for a token jose refused. */
function messageFor(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'JWT expired';
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === 'nbf') return 'JWT not yet valid';
    if (error.claim === 'iat') return 'JWT issued at future';
    if (error.claim === 'aud') return 'JWT not in audience';
    return `JWTClaimsError ${error.message}`;
  }
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) {
    return 'JWSError JWSInvalidSignature';
  }
  if (error instanceof joseErrors.JWKSNoMatchingKey) return 'JWSError JWSNoValidKeys';
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return 'JWSError JWSNoValidKeys';
  return `JWSError ${error instanceof Error ? error.message : String(error)}`;
}

function claimAt(claims: Record<string, unknown>, path: readonly string[]): unknown {
  let value: unknown = claims;
  for (const part of path) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** Build the authenticator of a configuration. */
export function createAuthenticator(config: StandaloneConfig): Authenticate {
  const secret =
    config.jwtSecret === undefined ? undefined : new TextEncoder().encode(config.jwtSecret);
  let jwks: JWTVerifyGetKey | undefined;
  if (config.jwks !== undefined) {
    jwks =
      'url' in config.jwks
        ? createRemoteJWKSet(config.jwks.url)
        : createLocalJWKSet(config.jwks.json as Parameters<typeof createLocalJWKSet>[0]);
  }
  const anonymous = (): RequestIdentity | AuthFailure =>
    config.anonRole === undefined
      ? {
          status: 401,
          code: 'PGRST302',
          message: 'Anonymous access is disabled',
          headers: { 'www-authenticate': 'Bearer' },
        }
      : { role: config.anonRole, claims: { role: config.anonRole }, anonymous: true };

  return async (authorization) => {
    const header = authorization?.trim();
    if (header === undefined || header === '') return anonymous();
    const match = /^bearer\s+(.*)$/i.exec(header);
    // PostgREST ignores other schemes (e.g. Basic from a proxy) and runs as anonymous.
    if (match === null) return anonymous();
    const token = (match[1] ?? '').trim();
    if (token === '') return anonymous();
    if (secret === undefined && jwks === undefined) {
      return { status: 500, code: 'PGRST300', message: 'Server lacks JWT secret', headers: {} };
    }
    const parts = token.split('.').length;
    if (parts !== 3) {
      return invalid(
        `JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got ${parts})`,
      );
    }
    let payload: JWTPayload;
    try {
      const alg = decodeProtectedHeader(token).alg ?? '';
      const options = {
        clockTolerance: 30,
        ...(config.jwtAudience === undefined ? {} : { audience: config.jwtAudience }),
      };
      if (alg.startsWith('HS')) {
        if (secret === undefined) return invalid('JWSError JWSNoValidKeys');
        ({ payload } = await jwtVerify(token, secret, {
          ...options,
          algorithms: ['HS256', 'HS384', 'HS512'],
        }));
      } else {
        if (jwks === undefined) return invalid('JWSError JWSNoValidKeys');
        ({ payload } = await jwtVerify(token, jwks, options));
      }
    } catch (error: unknown) {
      return invalid(messageFor(error));
    }
    const claims = payload as Record<string, unknown>;
    const role = claimAt(claims, config.roleClaim);
    if (typeof role === 'string' && role !== '') {
      return { role, claims, anonymous: false };
    }
    const anon = anonymous();
    return isAuthFailure(anon) ? anon : { ...anon, claims };
  };
}
