/**
 * Runtime configuration (`config.json` next to index.html, ARCHITECTURE.md §2): read at start-up,
 * validated field by field, with built-in defaults for anything missing or invalid.
 */
import type { ApiClient } from './client';
import type { RuntimeConfig } from './types';

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
