/**
 * Runtime configuration (`config.json` next to index.html, ARCHITECTURE.md §2): read at start-up,
 * validated field by field, with built-in defaults for anything missing or invalid.
 */
import type { ApiClient } from './client';
import type { OidcClientConfig, RuntimeConfig } from './types';

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  apiBase: '/api',
  auth: 'basic',
  healthOnly: false,
  docsUrl: 'https://docs.flanksource.com',
};

const AUTH_MODES = ['none', 'basic', 'oidc'] as const;
const THEMES = ['light', 'dark', 'auto'] as const;

/**
 * Validate a parsed config.json. `auth` must be exactly `none`, `basic` or `oidc` (any other
 * value falls back to `basic`: the reference frontend's "any non-empty value" is a defect).
 */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const source = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const config: RuntimeConfig = { ...DEFAULT_RUNTIME_CONFIG };
  if (typeof source.apiBase === 'string' && source.apiBase.trim()) {
    config.apiBase = source.apiBase.trim().replace(/\/+$/, '') || '/';
  }
  if (typeof source.auth === 'string' && (AUTH_MODES as readonly string[]).includes(source.auth)) {
    config.auth = source.auth as RuntimeConfig['auth'];
  }
  if (typeof source.healthOnly === 'boolean') config.healthOnly = source.healthOnly;
  if (typeof source.docsUrl === 'string' && /^https?:\/\//.test(source.docsUrl)) {
    config.docsUrl = source.docsUrl;
  }
  if (typeof source.theme === 'string' && (THEMES as readonly string[]).includes(source.theme)) {
    config.theme = source.theme as RuntimeConfig['theme'];
  }
  if (config.auth === 'oidc') {
    const oidc = parseOidcConfig(source.oidc);
    if (typeof oidc === 'string') config.oidcError = oidc;
    else config.oidc = oidc;
  }
  return config;
}

function isAllowedIssuer(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.search || url.hash || url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  // Plain http only for a provider on this machine (development and tests).
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/**
 * Validate config.json's `oidc` block (`auth: oidc`): `{issuer, clientId, scopes?,
 * organizationsClaim?}`. Resolves the config, or one sentence saying what is wrong.
 */
export function parseOidcConfig(raw: unknown): OidcClientConfig | string {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    return 'config.json has "auth": "oidc" but no "oidc" object with "issuer" and "clientId".';
  }
  const source = raw as Record<string, unknown>;
  const issuer = typeof source.issuer === 'string' ? source.issuer.trim() : '';
  if (!isAllowedIssuer(issuer)) {
    return 'config.json "oidc.issuer" must be an https URL (http only on localhost) without query or fragment.';
  }
  const clientId = typeof source.clientId === 'string' ? source.clientId.trim() : '';
  if (!clientId) return 'config.json "oidc.clientId" must be a non-empty string.';
  const config: OidcClientConfig = { issuer, clientId };
  if (source.scopes !== undefined) {
    const scopes = source.scopes;
    if (
      !Array.isArray(scopes) ||
      !scopes.every(
        (scope) => typeof scope === 'string' && /^[\x21\x23-\x5b\x5d-\x7e]+$/.test(scope),
      ) ||
      !scopes.includes('openid')
    ) {
      return 'config.json "oidc.scopes" must be a list of scope names that includes "openid".';
    }
    config.scopes = scopes as string[];
  }
  if (source.organizationsClaim !== undefined) {
    const claim = source.organizationsClaim;
    if (typeof claim !== 'string' || !/^[\w.:/-]{1,200}$/.test(claim)) {
      return 'config.json "oidc.organizationsClaim" must be a claim name such as "organizations".';
    }
    config.organizationsClaim = claim;
  }
  return config;
}

/** Fetch and validate config.json; any failure yields the defaults. */
export async function loadRuntimeConfig(client: ApiClient): Promise<RuntimeConfig> {
  try {
    return parseRuntimeConfig(await client.get<unknown>('/config.json', { timeoutMs: 5000 }));
  } catch (error: unknown) {
    console.warn('config.json could not be read; using built-in defaults', error);
    return { ...DEFAULT_RUNTIME_CONFIG };
  }
}
