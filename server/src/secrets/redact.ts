/**
 * Credentials in URLs (docs/security.md): the rule of migration 0017's SQL functions
 * (vigil_is_secret_name, vigil_redact_url, vigil_redact_text, vigil_redact_json), for the server
 * code that redacts outside SQL. server/test/secrets-redact.test.ts keeps the two equal.
 *
 * - In every URL of a text, the user-info becomes `***` (`http://***@host/`) and the value of each
 *   query or fragment parameter whose name looks like a secret becomes `***`.
 * - A stored ciphertext (`enc:v1:…`) reads as `***`.
 * - In a JSON document every string is redacted so, and the strings under keys that look like
 *   secrets (or the `value` of a `{name, value}` pair whose name does) are masked whole, except
 *   references (`secret://…`, and everything under `valueFrom`).
 */

/** The mask that replaces a secret. */
export const MASK = '***';

/** The prefix of values encrypted at rest (server/src/secrets/keyring.ts). */
export const ENCRYPTED_PREFIX = 'enc:v1:';

const SECRET_NAME =
  /(token|key|secret|password|passwd|passphrase|pwd|pass|auth|authorization|signature|sig|credential|credentials|session|sessionid|sid|webhook|webhookurl|cookie)$/;

const REFERENCE = /^(secret|configmap|helm|serviceaccount):\/\//;

const URL_IN_TEXT = /[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s"'<>`]*/g;

/** Whether a parameter or key name looks like it holds a secret (api_key, API-Key, X-Amz-Signature). */
export function isSecretName(name: string): boolean {
  const normal = name
    .replace(/%[0-9A-Fa-f]{2}/g, '')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();
  return SECRET_NAME.test(normal);
}

/** Whether a value names a secret elsewhere instead of holding one (`secret://name/key`). */
export function isReference(value: string): boolean {
  return REFERENCE.test(value);
}

function redactParams(params: string): string {
  if (params === '') return params;
  return params
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      return eq >= 0 && isSecretName(part.slice(0, eq)) ? `${part.slice(0, eq)}=${MASK}` : part;
    })
    .join('&');
}

/** One URL (`scheme://…`): user-info and secret-looking query and fragment parameters masked. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('://');
  if (mark < 0) return url;
  const head = url.slice(0, mark + 3);
  let rest = url.slice(mark + 3);
  let authority = /^[^/?#]*/.exec(rest)?.[0] ?? '';
  rest = rest.slice(authority.length);
  const at = authority.lastIndexOf('@');
  if (at >= 0) authority = `${MASK}${authority.slice(at)}`;
  const path = /^[^?#]*/.exec(rest)?.[0] ?? '';
  rest = rest.slice(path.length);
  let query: string | undefined;
  let fragment: string | undefined;
  if (rest.startsWith('?')) {
    query = /^\?([^#]*)/.exec(rest)?.[1] ?? '';
    rest = rest.slice(query.length + 1);
  }
  if (rest.startsWith('#')) fragment = rest.slice(1);
  return (
    head +
    authority +
    path +
    (query === undefined ? '' : `?${redactParams(query)}`) +
    (fragment === undefined ? '' : `#${redactParams(fragment)}`)
  );
}

/** A text with every URL in it redacted; a stored ciphertext reads as `***`. */
export function redactText(value: string): string {
  if (value.startsWith(ENCRYPTED_PREFIX)) return MASK;
  if (!value.includes('://') || !/[@?#]/.test(value)) return value;
  return value.replace(URL_IN_TEXT, (url) => redactUrl(url));
}

type Mode = 'plain' | 'secret' | 'reference';

function redactValue(value: unknown, mode: Mode): unknown {
  if (typeof value === 'string') {
    if (mode === 'secret' && value !== '' && !isReference(value)) return MASK;
    return redactText(value);
  }
  if (Array.isArray(value)) return value.map((item) => redactValue(item, mode));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const pair = mode === 'plain' && typeof record.name === 'string' && isSecretName(record.name);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) {
    let next: Mode = 'plain';
    if (mode === 'reference' || key === 'valueFrom') next = 'reference';
    else if (mode === 'secret' || isSecretName(key) || (pair && key === 'value')) next = 'secret';
    // defineProperty: a key such as `__proto__` stays a plain key.
    Object.defineProperty(out, key, {
      value: redactValue(item, next),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** A JSON value with its URLs redacted and the values of secret-looking keys masked. */
export function redactJson<T>(value: T): T {
  return redactValue(value, 'plain') as T;
}
