/**
 * What a caller of `/db` sees masked (docs/security.md), handed to the PostgREST engine as its
 * per-request column masks (server/src/postgrest/types.ts ColumnMasks). The functions are those of
 * migrations 0011 and 0017:
 *
 * - `vigil_redact_json` / `vigil_redact_text`: credentials in URLs (user-info, secret-looking
 *   query parameters) and secret-looking JSON keys become `***`; stored ciphertexts read `***`;
 * - `mask_sensitive`: `***` for any stored secret (references such as `secret://…` stay).
 *
 * Specs (which may hold credentials in URLs) are redacted for callers without write on the
 * relation's resource: those who may edit a check read it as written. Secrets at rest (connection
 * credentials, webhook URLs, secret JSON fields of connections and notifications) are masked for
 * everyone: they are only ever written, never read back (a PATCH that sends `***` back keeps them).
 */
import type { Resource } from '../../../src/rbac/roles';
import type { Caller } from '../auth/accounts';
import type { ColumnMasks } from '../postgrest/types';
import { callerCan } from './rbac';

type MaskFunction = 'vigil_redact_json' | 'vigil_redact_text' | 'mask_sensitive';

interface MaskRule {
  relation: string;
  /** Masked unless the caller may write this resource; undefined: masked for everyone. */
  unlessWrite?: Resource;
  columns: Readonly<Record<string, MaskFunction>>;
}

const SPEC: Readonly<Record<string, MaskFunction>> = { spec: 'vigil_redact_json' };

export const MASK_RULES: readonly MaskRule[] = [
  { relation: 'checks', unlessWrite: 'canaries', columns: SPEC },
  { relation: 'canaries', unlessWrite: 'canaries', columns: SPEC },
  { relation: 'config_scrapers', unlessWrite: 'config_scrapers', columns: SPEC },
  { relation: 'config_scrapers_with_status', unlessWrite: 'config_scrapers', columns: SPEC },
  { relation: 'logging_backends', unlessWrite: 'logging_backends', columns: SPEC },
  { relation: 'topologies', unlessWrite: 'topologies', columns: SPEC },
  { relation: 'topologies_with_status', unlessWrite: 'topologies', columns: SPEC },
  { relation: 'playbooks', unlessWrite: 'playbooks', columns: SPEC },
  { relation: 'integrations', unlessWrite: 'integrations', columns: SPEC },
  {
    relation: 'connections',
    columns: {
      url: 'vigil_redact_text',
      username: 'mask_sensitive',
      password: 'mask_sensitive',
      certificate: 'mask_sensitive',
      properties: 'vigil_redact_json',
    },
  },
  { relation: 'connection_details', columns: { properties: 'vigil_redact_json' } },
  {
    relation: 'notifications',
    columns: { properties: 'vigil_redact_json', custom_services: 'vigil_redact_json' },
  },
  { relation: 'notifications_summary', columns: { custom_services: 'vigil_redact_json' } },
];

function build(applies: (rule: MaskRule, index: number) => boolean): ColumnMasks {
  const masks = new Map<string, ReadonlyMap<string, string>>();
  for (const [index, rule] of MASK_RULES.entries()) {
    if (applies(rule, index)) masks.set(rule.relation, new Map(Object.entries(rule.columns)));
  }
  return masks;
}

/** Every mask: for principals that may write nothing (embed tokens). */
export const ALL_MASKS: ColumnMasks = build(() => true);

/** The masks built so far, by which rules apply: the same object for the same masks. */
const built = new Map<string, ColumnMasks>();

/**
 * The masks for a caller of `/db`. Callers with the same write permissions get the same object
 * (the engine keeps planned reads per masks object).
 */
export function masksFor(caller: Caller): ColumnMasks {
  const applies = MASK_RULES.map(
    (rule) => rule.unlessWrite === undefined || !callerCan(caller, rule.unlessWrite, 'write'),
  );
  const key = applies.map((on) => (on ? '1' : '0')).join('');
  let masks = built.get(key);
  if (masks === undefined) {
    masks = build((_rule, index) => applies[index] === true);
    built.set(key, masks);
  }
  return masks;
}
