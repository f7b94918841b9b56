#!/usr/bin/env node
// `npm run fuzz [-- --requests N --seed S --concurrency C]`: starts one reference server (demo seed,
// fresh PGlite folder, runner off), signs in through the Kratos JSON flow as several roles and
// sends N requests made by a seeded generator to /api/db, the Mission Control endpoints and the
// identity flows: valid-looking and broken PostgREST queries, odd bodies, paths and headers, as
// signed-in, anonymous, badly authenticated and cross-origin callers. It counts the answers and
// fails (exit 1) on any 5xx, any request left unanswered for the timeout, or a server crash or a
// failed /api/health. The report is written to .tmp/fuzz/report.json and the server's log to
// .tmp/fuzz/server.log. docs/fuzzing.md describes what is generated.
import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startServer } from './server-process.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

const USAGE = `usage: npm run fuzz -- [--requests N] [--seed S] [--concurrency C] [--timeout-ms T] [--out DIR]
  --requests N     requests to send (default 100000)
  --seed S         generator seed, any text (default 1): the same seed makes the same requests
  --concurrency C  requests in flight at once (default 16)
  --timeout-ms T   a request unanswered after T ms is a hang (default 5000)
  --out DIR        where report.json and server.log go (default .tmp/fuzz)`;

function readOptions() {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        requests: { type: 'string', default: '100000' },
        seed: { type: 'string', default: '1' },
        concurrency: { type: 'string', default: '16' },
        'timeout-ms': { type: 'string', default: '5000' },
        out: { type: 'string', default: join('.tmp', 'fuzz') },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    console.error(`fuzz: ${error.message}\n${USAGE}`);
    process.exit(2);
  }
  if (parsed.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const whole = (name, min) => {
    const text = parsed[name];
    if (!/^\d+$/.test(text) || Number(text) < min) {
      console.error(`fuzz: --${name} must be a whole number ≥ ${min}, not ${text}\n${USAGE}`);
      process.exit(2);
    }
    return Number(text);
  };
  return {
    requests: whole('requests', 1),
    seed: parsed.seed,
    concurrency: whole('concurrency', 1),
    timeoutMs: whole('timeout-ms', 100),
    out: resolve(root, parsed.out),
  };
}

// ---------------------------------------------------------------------------------------------
// Seeded randomness: request i is generated from its own stream, so the requests do not depend on
// the order in which concurrent answers arrive.

function hash32(text) {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

class Rand {
  constructor(seed) {
    this.state = seed >>> 0;
  }

  /** mulberry32: a float in [0, 1). */
  next() {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(n) {
    return Math.floor(this.next() * n);
  }

  /** An integer in [lo, hi]. */
  range(lo, hi) {
    return lo + this.int(hi - lo + 1);
  }

  chance(p) {
    return this.next() < p;
  }

  pick(list) {
    return list[this.int(list.length)];
  }

  /** `entries`: [weight, value] pairs. */
  weighted(entries) {
    const total = entries.reduce((sum, [weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [weight, value] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return entries[entries.length - 1][1];
  }

  some(list, max) {
    const count = this.range(1, Math.max(1, Math.min(max, list.length)));
    return Array.from({ length: count }, () => this.pick(list));
  }

  hex(length) {
    let out = '';
    for (let index = 0; index < length; index += 1) out += '0123456789abcdef'[this.int(16)];
    return out;
  }

  uuid() {
    return `${this.hex(8)}-${this.hex(4)}-4${this.hex(3)}-a${this.hex(3)}-${this.hex(12)}`;
  }

  word(min = 3, max = 10) {
    let out = '';
    const length = this.range(min, max);
    for (let index = 0; index < length; index += 1)
      out += 'abcdefghijklmnopqrstuvwxyz'[this.int(26)];
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// Building blocks.

const DEEP = 10_000;
const LONG = 64 * 1024;

/** Strings that tend to break parsers and type inputs. */
const JUNK = [
  '',
  ' ',
  'null',
  'NULL',
  'a\u0000b',
  '\u0000',
  '%',
  '*',
  '**',
  '"',
  '""',
  '\\',
  "'",
  "'; DROP TABLE checks; --",
  '(',
  ')',
  '()',
  ',',
  '.',
  '..',
  '{',
  '}',
  '[]',
  '{}',
  'true',
  '-1',
  '0',
  '1e999',
  '-1e999',
  '9'.repeat(40),
  'NaN',
  'Infinity',
  '-infinity',
  'épée',
  '日本語',
  '\u{1F600}',
  '\u202e',
  '\r\n',
  '\t',
  'x'.repeat(4096),
  '$1',
  '::text',
  '->>',
  'a.b.c',
  '0x10',
];

const CAST_TARGETS = [
  'text',
  'int',
  'int8',
  'uuid',
  'json',
  'jsonb',
  'numeric',
  'bool',
  'date',
  'timestamptz',
  'interval',
  'inet',
  'bit',
  'int[]',
  'text[]',
  'double precision',
  'bogus',
  'pg_catalog.int4',
  'regclass',
  'int4; select 1',
  'int[][]',
];

const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'in',
  'is',
  'isdistinct',
  'cs',
  'cd',
  'ov',
];
const BAD_OPERATORS = [
  'eqq',
  '',
  'EQ',
  'not',
  'not.not.eq',
  'fts',
  'plfts',
  'like(any)',
  'in.',
  '.',
];

const REGEXES = [
  '^a',
  'a.*b',
  '(a|b)+',
  '[',
  '(',
  '\\',
  '(a*)*b',
  '(x+x+)+y',
  '.{1,1000}',
  '(.)\\1',
  '(?=a)',
  '[[:alpha:]]+',
  '\\d{3,}',
  '^(([a-z])+.)+[A-Z]([a-z])+$',
  '*',
  '{1,2}',
];

const DURATIONS = [
  '1h',
  '15m',
  '0s',
  '0',
  '7d',
  '1w',
  '1y',
  '30d',
  '1h30m',
  '1.5h',
  '10ms',
  '1ns',
  '10µs',
  '300000y',
  '9999999999999y',
  '99999999999999999999999h',
  '1e3h',
  '-1h',
  'h',
  '',
  ' ',
  'now',
  'now-1h',
  '2024-01-01T00:00:00Z',
  '2024-13-45T99:99:99Z',
  '0000-01-01T00:00:00Z',
  '1970-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '2024-01-01T00:00:00+25:00',
  'forever',
  '1d1d1d1d1d1d1d1d1d1d',
  '1'.repeat(400) + 'h',
];

const DATEMATH = [
  'now',
  'now-2d',
  'now-1d/d',
  'now/w',
  'now+1h',
  'now-1M',
  'now-99999999999y',
  'now+999999999999d',
  'now/q',
  'now-',
  '2024-10-21T00:00:00Z',
  '2024-10-21',
  '2024-10-21||+1M',
  '275760-09-13T00:00:00Z',
  '99999-01-01',
  '0000-00-00',
  'yesterday',
  '',
  '>now-1h',
  '<now/d',
  '=2024-10-21T00:00:00Z',
];

const ACCEPTS = [
  'application/json',
  'application/vnd.pgrst.object+json',
  'application/vnd.pgrst.object',
  'text/csv',
  'text/*',
  '*/*',
  'application/*',
  'image/png',
  'text/csv;q=0.5, application/json',
  'application/json;q=0',
  ';;;',
  'application/json;q=abc',
  '*/*;q=1000000',
  'application/openapi+json',
  'application/vnd.pgrst.plan+json',
  '',
  'text/html',
];

const PREFERS = [
  'return=representation',
  'return=minimal',
  'return=headers-only',
  'count=exact',
  'count=planned',
  'count=estimated',
  'resolution=merge-duplicates',
  'resolution=ignore-duplicates',
  'handling=strict',
  'handling=lenient',
  'tx=rollback',
  'missing=default',
  'timezone=Mars/Olympus',
  'max-affected=1',
  'count=exact;count=planned',
  'return=',
  ',,,',
  'return=representation, count=exact',
];

const RANGES = [
  '0-9',
  'items=0-24',
  '5-',
  '10-5',
  '0-999999999999999',
  '999999999999999-',
  '999999999999999-999999999999999',
  'bytes=0-10',
  'garbage',
  '-5',
  '0-0',
  '1-1',
  '99999999999999999999-',
];

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'text/csv',
  'application/octet-stream',
  'application/vnd.pgrst.object+json',
  'application/json; charset=latin1',
  '',
  'application/jsonx',
  ';',
];

/** Relations the generator reads; most exist in the relation map, a few do not on purpose. */
const READ_RELATIONS = [
  'checks',
  'canaries',
  'check_statuses',
  'check_summary',
  'check_names',
  'canaries_with_status',
  'config_items',
  'configs',
  'config_changes',
  'config_analysis',
  'config_detail',
  'config_relationships',
  'config_types',
  'catalog_changes',
  'components',
  'topology',
  'topologies',
  'component_relationships',
  'incidents',
  'incident_summary',
  'hypotheses',
  'evidences',
  'comments',
  'responders',
  'people',
  'people_roles',
  'teams',
  'team_members',
  'playbooks',
  'playbook_runs',
  'notifications',
  'notification_send_history',
  'notification_silences',
  'properties',
  'saved_query',
  'agents',
  'agents_summary',
  'job_history',
  'event_queue',
  'connections',
  'logging_backends',
  'config_scrapers',
  'identities',
  'casbin_rule',
  'access_tokens',
  'integrations',
  'severities',
];

const MISSING_RELATIONS = [
  'not_a_relation',
  'pg_catalog.pg_class',
  'pg_user',
  'vigil_accounts',
  'vigil_sessions',
  'CHECKS',
  '"checks"',
  'checks;drop',
  'checks%00',
  'checks%ff',
  'checks/extra',
  '..%2Fpeople',
  '%2e%2e',
  '',
  '%20',
  'rpc',
];

const RPCS = [
  'related_configs',
  'related_configs_recursive',
  'related_changes_recursive',
  'lookup_component_children',
  'lookup_config_children',
  'lookup_components_by_config',
  'lookup_configs_by_component',
  'lookup_component_incidents',
  'check_summary_for_component',
  'get_recursive_path',
  'noop',
  'pg_sleep',
  'set_property',
  'format_incident_id',
  '',
  '%00',
];

/** Plausible embeds per relation; others come from the whole list (mostly PGRST200). */
const EMBEDS = {
  checks: ['canaries', 'check_statuses', 'check_component_relationships', 'components'],
  canaries: ['checks', 'agents'],
  check_statuses: ['checks'],
  config_items: [
    'config_changes',
    'config_analysis',
    'config_items',
    'parent_id',
    'config_scrapers',
  ],
  config_changes: ['config_items', 'config_id'],
  config_analysis: ['config_items'],
  components: ['components', 'parent_id', 'checks', 'topologies', 'team_components'],
  incidents: ['hypotheses', 'comments', 'responders', 'incident_histories', 'people', 'teams'],
  hypotheses: ['evidences', 'incidents', 'hypotheses'],
  evidences: ['hypotheses'],
  comments: ['incidents', 'people'],
  teams: ['team_members', 'people'],
  team_members: ['teams', 'people'],
  playbook_runs: ['playbooks', 'playbook_run_actions', 'people'],
  playbooks: ['playbook_runs'],
  notifications: ['notification_send_history', 'people', 'teams'],
  people: ['team_members', 'teams', 'agents'],
  agents: ['people', 'canaries'],
};

/** Relations with many rows: unlimited reads and embeds of them are kept rare. */
const HEAVY = new Set(['check_statuses', 'config_changes', 'event_queue', 'job_history']);

const ROLES = [
  ['admin', 'admin', 'vigil-admin'],
  ['editor', 'editor', 'vigil-editor'],
  ['viewer', 'viewer', 'vigil-viewer'],
];

// ---------------------------------------------------------------------------------------------
// Encoding helpers.

const UNRESERVED = /[A-Za-z0-9\-_.~]/;
const LOOSE_SAFE = /[A-Za-z0-9\-_.~()*,:!"'$@/;[\]{}<>|^`\\]/;

/** Percent-encode `text` as UTF-8, keeping the characters `safe` matches. */
function pct(text, safe = UNRESERVED) {
  let out = '';
  for (const char of text) {
    if (safe.test(char)) out += char;
    else {
      for (const byte of Buffer.from(char, 'utf8')) {
        out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
      }
    }
  }
  return out;
}

const BROKEN_ESCAPES = ['%', '%zz', '%ff', '%c3%28', '%ED%A0%80', '%0', '%%', '%00', '%E2%82'];

/** A query component: usually fully encoded, sometimes loosely, sometimes with a bad escape. */
function enc(r, text) {
  const roll = r.next();
  if (roll < 0.8) return pct(text);
  if (roll < 0.97) return pct(text, LOOSE_SAFE);
  const at = r.int(text.length + 1);
  return pct(text.slice(0, at)) + r.pick(BROKEN_ESCAPES) + pct(text.slice(at));
}

function queryString(r, params) {
  if (params.length === 0) return '';
  const parts = params.map(([name, value]) =>
    value === undefined ? enc(r, name) : `${enc(r, name)}=${enc(r, value)}`,
  );
  return `?${parts.join('&')}`;
}

function deepJson(r) {
  return r.chance(0.5)
    ? `${'['.repeat(DEEP)}1${']'.repeat(DEEP)}`
    : `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`;
}

/** A broken or odd request body (string or raw bytes). */
function oddBody(r, valid) {
  const text = JSON.stringify(valid);
  return r.weighted([
    [3, () => text.slice(0, r.int(text.length))],
    [2, () => deepJson(r)],
    [1, () => `{"name":${deepJson(r)}}`],
    [2, () => text.replace(/"[^"]*"\s*}?$/, '1e400}')],
    [1, () => text.replace(/:\s*"[^"]*"/, ':123456789012345678901234567890123456789')],
    [2, () => text.replace(/"([^"]*)"\s*(,|})/, '"$1\\u0000x"$2')],
    [1, () => text.replace(/"([^"]*)"\s*(,|})/, '"$1\u0000x"$2')],
    [
      2,
      () =>
        Buffer.concat([
          Buffer.from(text.slice(0, Math.max(1, text.length - 2))),
          Buffer.from(
            r.pick([[0xff, 0xfe], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0x80], [0xf8, 0x88]]),
          ),
          Buffer.from(text.slice(Math.max(1, text.length - 2))),
        ]),
    ],
    [1, () => text.replace(/"([^"]*)"\s*(,|})/, `"${'x'.repeat(LONG)}"$2`)],
    [1, () => ''],
    [1, () => 'null'],
    [1, () => '[]'],
    [1, () => '[1,2,3]'],
    [1, () => '"text"'],
    [1, () => '{"__proto__":{"admin":true},"constructor":{"prototype":{}}}'],
    [1, () => `[${text},{"other":1}]`],
    [1, () => 'name=x&value=y'],
    [1, () => '\u0000'],
    [1, () => '{"a":1,"a":2}'],
    [1, () => `{"k":"${'\\ud800'}"}`],
  ])();
}

// ---------------------------------------------------------------------------------------------
// The shared state the generator reads (filled in after the server starts).

const state = {
  url: '',
  port: 0,
  sessions: {},
  adminId: '',
  relations: new Map(),
  ids: { checks: [], canaries: [], components: [], configs: [], incidents: [], teams: [] },
  flows: [],
  ephemeral: [],
  logoutTokens: [],
  embedToken: '',
  agentToken: '',
  embedTokenIds: [],
  /** Embeds that answered 200 at discovery: relation → select names (with hints when needed). */
  embeds: new Map(),
};

const SAME_ORIGIN = Symbol('same origin');

function sampleValues(relation, column) {
  const info = state.relations.get(relation);
  if (!info) return [];
  return info.rows
    .map((row) => row[column])
    .filter((value) => value !== null && value !== undefined);
}

function columnsOf(relation) {
  return state.relations.get(relation)?.columns ?? ['id', 'name'];
}

function kindOf(relation, column) {
  return state.relations.get(relation)?.kinds.get(column) ?? 'unknown';
}

function realId(r, kind) {
  const list = state.ids[kind] ?? [];
  return list.length > 0 ? r.pick(list) : r.uuid();
}

function badUuid(r) {
  return r.pick([
    '123',
    'not-a-uuid',
    `${r.uuid()}x`,
    r.uuid().toUpperCase(),
    `{${r.uuid()}}`,
    r.uuid().replace(/-/g, ''),
    '00000000-0000-0000-0000-00000000000g',
    '',
    '%00',
    '../../etc/passwd',
    'x'.repeat(300),
    "' OR 1=1 --",
    'null',
  ]);
}

function anyUuid(r, kind) {
  return r.weighted([
    [5, () => realId(r, kind)],
    [3, () => r.uuid()],
    [2, () => badUuid(r)],
  ])();
}

// ---------------------------------------------------------------------------------------------
// Who sends a request.

function sessionCookie(role) {
  return state.sessions[role] ?? '';
}

/** Headers of a random caller: a role's session, nobody, a bad credential, a token. */
function caller(r, weights = {}) {
  const choice = r.weighted([
    [weights.admin ?? 30, 'admin'],
    [weights.editor ?? 14, 'editor'],
    [weights.viewer ?? 20, 'viewer'],
    [weights.none ?? 10, 'none'],
    [5, 'bad-cookie'],
    [6, 'bad-auth'],
    [weights.embed ?? 4, 'embed'],
    [3, 'agent'],
    [2, 'ephemeral'],
    [3, 'two-cookies'],
    [2, 'cookie-and-bad-auth'],
  ]);
  const headers = {};
  switch (choice) {
    case 'admin':
    case 'editor':
    case 'viewer':
      headers.cookie = sessionCookie(choice);
      break;
    case 'bad-cookie':
      headers.cookie = r.pick([
        `vigil_session=${r.hex(64)}`,
        'vigil_session=',
        'vigil_session',
        `vigil_session=${'x'.repeat(4000)}`,
        'vigil_session=%00%ff',
        `vigil_session="${r.hex(8)}"`,
        `vigil_session=${r.hex(8)}\xff\xfe`,
        ';;;=;',
        `a=b; vigil_session=${r.hex(64)}; vigil_session=${r.hex(64)}`,
        `vigil_csrf=${r.hex(40)}`,
      ]);
      break;
    case 'bad-auth':
      headers.authorization = r.pick([
        'Bearer',
        'Bearer ',
        `Bearer ${r.hex(40)}`,
        'Basic !!!',
        `Basic ${Buffer.from(`token:${r.hex(20)}`).toString('base64')}`,
        `Basic ${Buffer.from('admin:vigil-admin').toString('base64')}`,
        `Basic ${Buffer.from('token:').toString('base64')}`,
        `Bearer vgl_embed_${r.hex(30)}`,
        'Bearer vgl_embed_',
        `Bearer vgl_embed_${r.hex(8)}.${r.hex(40)}`,
        `Negotiate ${r.hex(20)}`,
        `Bearer ${'a'.repeat(8000)}`,
        'Digest username="admin"',
        `Bearer ${r.hex(10)}\xff`,
      ]);
      break;
    case 'embed':
      headers.authorization = r.chance(0.8)
        ? `Bearer ${state.embedToken}`
        : `Basic ${Buffer.from(`token:${state.embedToken}`).toString('base64')}`;
      break;
    case 'agent':
      headers.authorization = `Bearer ${state.agentToken}`;
      break;
    case 'ephemeral':
      headers.cookie =
        state.ephemeral.length > 0 ? r.pick(state.ephemeral) : sessionCookie('viewer');
      break;
    case 'two-cookies':
      headers.cookie = `${sessionCookie('viewer')}; ${sessionCookie('admin')}`;
      break;
    case 'cookie-and-bad-auth':
      headers.cookie = sessionCookie('admin');
      headers.authorization = `Bearer ${r.hex(40)}`;
      break;
    default:
      break;
  }
  const origin = r.weighted([
    [80, SAME_ORIGIN],
    [7, undefined],
    [8, 'http://evil.example'],
    [2, 'null'],
    [1, 'http://127.0.0.1'],
    [1, `http://127.0.0.1:1${r.hex(3)}`],
    [1, 'garbage'],
  ]);
  if (origin !== undefined) headers.origin = origin;
  return { who: choice, headers };
}

/** Occasional extra headers: encodings, proxies, junk. */
function decorate(r, headers) {
  if (!r.chance(0.3)) return headers;
  const extras = r.some(
    [
      [
        'accept-encoding',
        r.pick(['gzip', 'br', 'deflate', 'gzip;q=0, *', 'x-unknown', 'identity', '*']),
      ],
      ['x-forwarded-proto', r.pick(['https', 'http', 'gopher', ''])],
      [
        'x-forwarded-for',
        r.pick(['1.2.3.4', '::1', 'unknown', '1.1.1.1, 2.2.2.2', 'x'.repeat(500)]),
      ],
      ['user-agent', r.pick(['curl/8', '', 'x'.repeat(2000), 'Mozilla/5.0 \xff'])],
      ['if-none-match', r.pick(['*', '"abc"', 'W/"x"'])],
      ['referer', r.pick(['http://evil.example/', 'javascript:alert(1)', ''])],
      ['cache-control', 'no-cache'],
      [`x-fuzz-${r.word(1, 6)}`, r.pick(['1', '\xff\xfe', 'a'.repeat(1000), ''])],
      ['accept-language', r.pick(['de', '*', ';;'])],
      ['sec-fetch-site', r.pick(['cross-site', 'same-origin', 'none'])],
      ['x-requested-with', 'XMLHttpRequest'],
    ],
    3,
  );
  for (const [name, value] of extras) headers[name] = value;
  if (r.chance(0.01)) {
    headers.host = r.pick([
      'evil.example',
      '[::1',
      'a b',
      '',
      `127.0.0.1:${r.range(1, 65535)}`,
      'x'.repeat(300),
    ]);
  }
  return headers;
}

// ---------------------------------------------------------------------------------------------
// /api/db: PostgREST queries.

function pickRelation(r) {
  return r.weighted([
    [88, () => r.pick(READ_RELATIONS)],
    [8, () => r.pick(MISSING_RELATIONS)],
    [4, () => `rpc/${r.pick(RPCS)}`],
  ])();
}

function columnName(r, relation) {
  return r.weighted([
    [90, () => r.pick(columnsOf(relation))],
    [4, () => r.word()],
    [2, () => `"${r.pick(columnsOf(relation))}"`],
    [2, () => r.pick(['', '*', 'id id', 'id;', '"unterminated', '0col', '-', 'a-b', 'ID'])],
    [2, () => r.pick(JUNK)],
  ])();
}

function jsonPath(r) {
  const steps = r.range(1, 3);
  let out = '';
  for (let index = 0; index < steps; index += 1) {
    out += r.pick(['->', '->>']);
    out += r.pick([
      'app',
      'name',
      '0',
      '-1',
      '999999999',
      '"quoted key"',
      'app.kubernetes.io/name',
      r.word(),
    ]);
  }
  return out;
}

function typedValue(r, relation, column) {
  const kind = kindOf(relation, column);
  const samples = sampleValues(relation, column);
  if (samples.length > 0 && r.chance(0.4)) {
    const sample = r.pick(samples);
    return typeof sample === 'object' ? JSON.stringify(sample) : String(sample);
  }
  switch (kind) {
    case 'uuid':
      return r.chance(0.6) ? r.uuid() : badUuid(r);
    case 'time':
      return r.pick([
        new Date().toISOString(),
        '2024-01-01',
        'now',
        'infinity',
        '-infinity',
        'epoch',
        '99999-12-31',
        '2024-13-45',
        '1e10',
        '2024-01-01T00:00:00+99:00',
        'allballs',
      ]);
    case 'number':
      return r.pick([
        '0',
        '-1',
        '1.5',
        '1e400',
        '99999999999999999999999',
        'NaN',
        'Infinity',
        'abc',
        '2147483648',
      ]);
    case 'bool':
      return r.pick(['true', 'false', 'yes', '2', 'maybe', 't', 'on']);
    case 'json':
      return r.pick([
        '{"a":1}',
        '[1,2]',
        '{',
        'null',
        '"x"',
        '{"app":"web"}',
        deepJson(r).slice(0, 200),
      ]);
    default:
      return r.weighted([
        [3, () => r.word()],
        [2, () => r.pick(JUNK)],
      ])();
  }
}

function filterValue(r, relation, column) {
  const negate = r.chance(0.15) ? 'not.' : '';
  const op = r.chance(0.05) ? r.pick(BAD_OPERATORS) : r.pick(OPERATORS);
  let value;
  switch (op) {
    case 'in':
      value = r.weighted([
        [
          5,
          () =>
            `(${Array.from({ length: r.int(6) }, () => {
              const item = typedValue(r, relation, column);
              return r.chance(0.3) ? `"${item.replace(/"/g, '\\"')}"` : item;
            }).join(',')})`,
        ],
        [1, () => `(${Array.from({ length: 500 }, () => r.uuid()).join(',')})`],
        [1, () => r.pick(['(a,b', 'a,b', '("a)', '(,)', '()', '(a))', '("\\")'])],
      ])();
      break;
    case 'is':
      value = r.pick(['null', 'not_null', 'true', 'false', 'unknown', 'NULL', 'nil', '']);
      break;
    case 'like':
    case 'ilike':
      value = r.pick([
        '*a*',
        'a*',
        '*',
        '%',
        '_',
        '*\\*',
        `*${r.word(1, 3)}*`,
        typedValue(r, relation, column),
      ]);
      break;
    case 'match':
    case 'imatch':
      value = r.pick(REGEXES);
      break;
    case 'cs':
    case 'cd':
    case 'ov':
      value = r.pick([
        '{a,b}',
        '{"a":1}',
        '[1]',
        '{',
        '{}',
        '("a")',
        '{"app":"web"}',
        '[1,2]',
        typedValue(r, relation, column),
      ]);
      break;
    default:
      value = typedValue(r, relation, column);
  }
  return `${negate}${op}.${value}`;
}

function filterParam(r, relation, embeds) {
  let name = columnName(r, relation);
  const json = ['labels', 'tags', 'properties', 'spec', 'config', 'details'].includes(name);
  if (json && r.chance(0.5)) name += jsonPath(r);
  else if (r.chance(0.03)) name += jsonPath(r);
  if (embeds.length > 0 && r.chance(0.2))
    name = `${r.pick(embeds)}.${r.pick(['name', 'id', 'status', r.word()])}`;
  return [name, filterValue(r, relation, name.split(/[.-]/)[0])];
}

function logicTree(r, relation, depth = 0) {
  const count = r.range(1, 4);
  const items = [];
  for (let index = 0; index < count; index += 1) {
    if (depth < 4 && r.chance(0.2)) {
      items.push(
        `${r.chance(0.2) ? 'not.' : ''}${r.pick(['and', 'or'])}${logicTree(r, relation, depth + 1)}`,
      );
    } else {
      const column = columnName(r, relation);
      const value = filterValue(r, relation, column);
      items.push(`${column}.${value}`);
    }
  }
  let tree = `(${items.join(',')})`;
  if (r.chance(0.08)) {
    tree = r.pick([
      tree.slice(0, -1),
      `${tree})`,
      '()',
      `(${items.join(',')},)`,
      `${'('.repeat(200)}a.eq.1${')'.repeat(200)}`,
      `(${'or('.repeat(40)}id.eq.1${')'.repeat(40)})`,
      `(${items.join(',')}) trailing`,
    ]);
  }
  return tree;
}

function selectItem(r, relation, depth, embedNames) {
  return r.weighted([
    [3, () => '*'],
    [6, () => columnName(r, relation)],
    [1, () => `${r.word()}:${columnName(r, relation)}`],
    [1, () => `${columnName(r, relation)}::${r.pick(CAST_TARGETS)}`],
    [
      1,
      () =>
        `${r.pick(['labels', 'tags', 'properties', 'spec', 'config'])}${jsonPath(r)}${r.chance(0.3) ? `::${r.pick(CAST_TARGETS)}` : ''}`,
    ],
    [
      depth < 3 ? 4 : 0,
      () => {
        const target =
          r.chance(0.8) && EMBEDS[relation] ? r.pick(EMBEDS[relation]) : r.pick(READ_RELATIONS);
        embedNames.push(target);
        const alias = r.chance(0.15) ? `${r.word()}:` : '';
        const hint = r.chance(0.25)
          ? r.pick(['!inner', '!left', `!${target}_fkey`, '!bogus', '!inner!left', '!', '!a!b!c'])
          : '';
        return `${alias}${target}${hint}(${selectList(r, target, depth + 1, [])})`;
      },
    ],
    [
      1,
      () =>
        r.pick([
          '...checks(*)',
          '!',
          '(',
          'a b',
          '"unterminated',
          'name(',
          'name)',
          ',',
          '::int',
          'a::',
          'checks()',
          '*,*',
        ]),
    ],
  ])();
}

function selectList(r, relation, depth, embedNames) {
  const count = r.range(1, 4);
  return Array.from({ length: count }, () => selectItem(r, relation, depth, embedNames)).join(',');
}

function orderValue(r, relation) {
  if (r.chance(0.1)) {
    return r.pick([
      'name.up',
      'name..',
      ',',
      'name.asc.desc',
      '',
      '.',
      'name.nullsfirst.nullslast',
      'labels->>app.desc',
      '"name".desc',
      'name.desc,,id',
    ]);
  }
  return Array.from({ length: r.range(1, 3) }, () => {
    let term = columnName(r, relation);
    if (r.chance(0.5)) term += r.pick(['.asc', '.desc']);
    if (r.chance(0.3)) term += r.pick(['.nullsfirst', '.nullslast']);
    return term;
  }).join(',');
}

function countValue(r) {
  return r.weighted([
    [10, () => String(r.range(0, 20))],
    [2, () => String(r.range(21, 2000))],
    [
      2,
      () =>
        r.pick([
          '2001',
          '999999999999999',
          '1e3',
          '-1',
          '',
          'abc',
          '99999999999999999999',
          ' 5',
          '5.5',
          '0x10',
          '+5',
          '٣',
        ]),
    ],
  ])();
}

function dbReadParams(r, relation) {
  const params = [];
  const embeds = [];
  if (r.chance(0.6)) params.push(['select', selectList(r, relation, 0, embeds)]);
  if (r.chance(0.05)) params.push(['select', selectList(r, relation, 0, embeds)]);
  const filters = r.weighted([
    [4, 0],
    [4, 1],
    [2, 2],
    [1, 4],
  ]);
  for (let index = 0; index < filters; index += 1) params.push(filterParam(r, relation, embeds));
  if (r.chance(0.2))
    params.push([r.pick(['or', 'and', 'not.or', 'not.and']), logicTree(r, relation)]);
  if (r.chance(0.4)) params.push(['order', orderValue(r, relation)]);
  const heavy = HEAVY.has(relation);
  if (r.chance(heavy ? 0.97 : 0.7))
    params.push(['limit', heavy && r.chance(0.9) ? String(r.range(0, 50)) : countValue(r)]);
  if (r.chance(0.2)) params.push(['offset', countValue(r)]);
  for (const embed of embeds) {
    if (HEAVY.has(embed) || r.chance(0.1)) params.push([`${embed}.limit`, String(r.range(0, 5))]);
    if (r.chance(0.1)) params.push([`${embed}.order`, orderValue(r, embed)]);
    if (r.chance(0.05)) params.push([`${embed}.${r.pick(['or', 'not.and'])}`, logicTree(r, embed)]);
    if (r.chance(0.05)) params.push([`${embed}.offset`, countValue(r)]);
  }
  if (r.chance(0.03)) params.push([`${r.word()}.limit`, '1']);
  if (r.chance(0.08)) {
    const column = r.pick([
      'created_at',
      'updated_at',
      'status',
      'health',
      'type',
      'name',
      'time',
      r.word(),
    ]);
    const value = ['created_at', 'updated_at', 'time'].includes(column)
      ? r.pick(DATEMATH)
      : r.pick(['healthy,!unhealthy', 'a*', '*b', '!x', ',', '', 'a,"b"']);
    if (r.chance(0.2) && ['status', 'health'].includes(column))
      params.push([column, `&${column}.filter=${value}`]);
    else params.push([`${column}.filter`, value]);
  }
  if (r.chance(0.05)) params.push(['columns', r.pick(['name,value', 'bogus', '"id"', ',', ''])]);
  return params;
}

function dbHeaders(r) {
  const headers = {};
  if (r.chance(0.35)) headers.accept = r.pick(ACCEPTS);
  if (r.chance(0.3)) headers.prefer = r.some(PREFERS, 3).join(r.pick([', ', ',', ';']));
  if (r.chance(0.1)) {
    headers.range = r.pick(RANGES);
    if (r.chance(0.3)) headers['range-unit'] = r.pick(['items', 'bytes', 'rows', '']);
  }
  return headers;
}

/** An operator and value that suit the column's type, from sampled values. */
function validFilter(r, relation, column) {
  const kind = kindOf(relation, column);
  const samples = sampleValues(relation, column);
  const sample = () => {
    if (samples.length === 0) return r.word();
    const value = r.pick(samples);
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  };
  const negate = r.chance(0.1) ? 'not.' : '';
  switch (kind) {
    case 'uuid':
      return r.weighted([
        [4, () => `${negate}eq.${sample()}`],
        [2, () => `${negate}in.(${[sample(), sample(), r.uuid()].join(',')})`],
        [1, () => `is.${r.pick(['null', 'not_null'])}`],
        [1, () => `isdistinct.${sample()}`],
      ])();
    case 'time':
      return `${negate}${r.pick(['gt', 'gte', 'lt', 'lte'])}.${r.pick([
        new Date(Date.now() - r.range(0, 14) * 86_400_000).toISOString(),
        sample(),
        '2020-01-01',
      ])}`;
    case 'number':
      return `${negate}${r.pick(['eq', 'gt', 'lt', 'gte', 'lte', 'neq'])}.${sample()}`;
    case 'bool':
      return r.chance(0.5) ? `is.${r.pick(['true', 'false', 'null'])}` : `eq.${sample()}`;
    case 'json': {
      const value = samples.length > 0 ? r.pick(samples) : {};
      const entries =
        value && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : [];
      if (entries.length > 0 && r.chance(0.6)) {
        const [key, inner] = r.pick(entries);
        return `cs.${JSON.stringify({ [key]: inner })}`;
      }
      return r.pick(['is.null', 'not.is.null', `cs.${JSON.stringify(value ?? {})}`, 'cd.{}']);
    }
    default: {
      const text = sample();
      return r.weighted([
        [3, () => `${negate}eq.${text}`],
        [2, () => `${negate}${r.pick(['like', 'ilike'])}.*${text.slice(0, r.range(1, 4))}*`],
        [
          1,
          () =>
            `${negate}${r.pick(['match', 'imatch'])}.^${text.slice(0, 2).replace(/[^A-Za-z0-9]/g, '')}`,
        ],
        [
          1,
          () =>
            `${negate}in.(${[text, sample()].map((item) => `"${item.replace(/["\\]/g, '')}"`).join(',')})`,
        ],
        [1, () => `${r.pick(['gt', 'lt'])}.${text}`],
        [1, () => `is.${r.pick(['null', 'not_null'])}`],
      ])();
    }
  }
}

/** Reads built only from what exists: sampled columns, values and verified embeds. */
function dbValid(r) {
  const sampled = [...state.relations.keys()];
  const relation = sampled.length > 0 ? r.pick(sampled) : 'checks';
  const columns = columnsOf(relation);
  const params = [];
  const select = [];
  if (r.chance(0.6)) {
    for (const column of r.some(columns, 5)) {
      const kind = kindOf(relation, column);
      select.push(
        r.weighted([
          [6, () => column],
          [1, () => `${r.word(2, 6)}:${column}`],
          [1, () => `${column}::text`],
          [
            kind === 'json' ? 3 : 0,
            () => `${column}->>${r.pick(['app', 'name', 'namespace', 'cluster'])}`,
          ],
          [kind === 'number' ? 2 : 0, () => `${column}::${r.pick(['numeric', 'float8', 'text'])}`],
        ])(),
      );
    }
  } else if (r.chance(0.5)) select.push('*');
  const embeds = state.embeds.get(relation) ?? [];
  if (embeds.length > 0 && r.chance(0.5)) {
    for (const embed of r.some(embeds, 2)) {
      const name = embed.split('!')[0];
      const inner = r.chance(0.15) ? '!inner' : '';
      select.push(`${embed}${inner}(${r.pick(['*', 'id', 'id,name', '*'])})`);
      if (HEAVY.has(name) || r.chance(0.5)) params.push([`${name}.limit`, String(r.range(0, 5))]);
      if (r.chance(0.2))
        params.push([`${name}.order`, r.pick(['id.desc', 'created_at.desc.nullslast', 'id'])]);
    }
  }
  if (select.length > 0) params.push(['select', [...new Set(select)].join(',')]);
  for (let index = r.int(3); index > 0; index -= 1) {
    const column = r.pick(columns);
    params.push([column, validFilter(r, relation, column)]);
  }
  if (r.chance(0.15)) {
    const items = r
      .some(columns, 3)
      .map((column) => `${column}.${validFilter(r, relation, column)}`);
    params.push([r.pick(['or', 'and', 'not.or']), `(${items.join(',')})`]);
  }
  if (r.chance(0.5)) {
    params.push([
      'order',
      r
        .some(columns, 2)
        .map((column) => `${column}${r.pick(['', '.asc', '.desc', '.desc.nullslast'])}`)
        .join(','),
    ]);
  }
  params.push([
    'limit',
    String(HEAVY.has(relation) ? r.range(0, 50) : r.pick([0, 1, 5, 20, 50, 200])),
  ]);
  if (r.chance(0.2)) params.push(['offset', String(r.pick([0, 1, 10, 100, 100000]))]);
  const headers = {
    cookie: sessionCookie(
      r.weighted([
        [5, 'admin'],
        [2, 'editor'],
        [3, 'viewer'],
      ]),
    ),
    origin: SAME_ORIGIN,
  };
  if (r.chance(0.2)) headers.prefer = r.pick(['count=exact', 'count=planned', 'count=estimated']);
  if (r.chance(0.15))
    headers.accept = r.pick(['text/csv', 'application/vnd.pgrst.object+json', 'application/json']);
  if (r.chance(0.1)) headers.range = r.pick(['0-9', '5-', '0-0', '100-199']);
  if (r.chance(0.05)) headers['accept-encoding'] = 'gzip';
  const method = r.chance(0.9) ? 'GET' : 'HEAD';
  // Sampled values go in fully encoded: the point is a query the engine accepts.
  const query = params.map(([name, value]) => `${pct(name)}=${pct(value)}`).join('&');
  return { method, path: `/api/db/${relation}?${query}`, headers };
}

function dbRead(r) {
  const relation = pickRelation(r);
  const params = dbReadParams(r, relation.startsWith('rpc/') ? 'config_items' : relation);
  if (relation.startsWith('rpc/') && r.chance(0.7)) {
    params.push([
      r.pick([
        'config_id',
        'id',
        'component_id',
        'check_id',
        'type',
        'depth',
        'incoming',
        'outgoing',
      ]),
      r.chance(0.5) ? realId(r, 'configs') : r.pick(JUNK),
    ]);
  }
  const { headers } = caller(r);
  Object.assign(headers, dbHeaders(r));
  const method = r.chance(0.85) ? 'GET' : 'HEAD';
  return {
    kind: 'db-read',
    method,
    path: `/api/db/${relation}${queryString(r, params)}`,
    headers: decorate(r, headers),
  };
}

/** Broken queries: junk names and values, duplicates, deep nesting, long values. */
function dbBroken(r) {
  const relation = r.pick(READ_RELATIONS);
  const params = dbReadParams(r, relation);
  const mutations = r.range(1, 3);
  for (let index = 0; index < mutations; index += 1) {
    r.weighted([
      [3, () => params.push([r.pick(JUNK), r.pick(JUNK)])],
      [
        2,
        () =>
          params.push([
            r.pick(['select', 'order', 'limit', 'offset', 'or', 'and', 'columns', 'on_conflict']),
            r.pick(JUNK),
          ]),
      ],
      [1, () => params.push(['select', `${'a('.repeat(300)}${')'.repeat(300)}`])],
      [1, () => params.push(['or', `${'or('.repeat(2000)}`])],
      [1, () => params.push(['select', `${'checks('.repeat(20)}id${')'.repeat(20)}`])],
      [1, () => params.push(['id', `in.(${'a,'.repeat(2000)}a)`])],
      [1, () => params.push([r.pick(columnsOf(relation)), `eq.${'x'.repeat(4000)}`])],
      [
        1,
        () =>
          params.push([
            'select',
            r.pick([
              'id::',
              'id::text::int',
              '::',
              'id->',
              'id->>',
              'id->>""',
              'labels->->a',
              'a:b:c',
              '*::text',
              'id!inner',
              'name->0::int[]',
            ]),
          ]),
      ],
      [
        1,
        () =>
          params.push([
            `${r.pick(columnsOf(relation))}${r.pick(['->', '->>', '.', '..', '->a->', '->""'])}`,
            'eq.1',
          ]),
      ],
      [1, () => params.push(['limit', '1'], ['limit', '2'], ['order', 'id'], ['order', 'bogus'])],
      [
        1,
        () =>
          params.push([
            r.pick(['not', 'not.', '.or', 'a..b', '.limit', 'x.not.or', 'not.not.or']),
            '(a.eq.1)',
          ]),
      ],
      [
        1,
        () =>
          params.push([
            r.pick(columnsOf(relation)),
            r.pick(['eq', 'eq.', 'not.', 'in.', 'is.', '.eq.1', 'eq.1.2', 'not.not.eq.1']),
          ]),
      ],
    ])();
  }
  const { headers } = caller(r, { admin: 40, viewer: 25 });
  Object.assign(headers, dbHeaders(r));
  if (r.chance(0.3)) headers.accept = r.pick(ACCEPTS);
  let path = `/api/db/${relation}${queryString(r, params)}`;
  if (r.chance(0.05)) path += r.pick(['&', '&&&', '&=', '&=x', '&x', '#frag', '?', '&select']);
  return {
    kind: 'db-broken',
    method: r.chance(0.9) ? 'GET' : 'HEAD',
    path,
    headers: decorate(r, headers),
  };
}

/** A JSON row body for a relation: known columns with typed or junk values. */
function rowBody(r, relation, fixed = {}) {
  const body = { ...fixed };
  const columns = columnsOf(relation);
  const count = r.range(0, 4);
  for (let index = 0; index < count; index += 1) {
    const column = r.chance(0.9) ? r.pick(columns) : r.word();
    if (column === 'id' || column in fixed) continue;
    const kind = kindOf(relation, column);
    body[column] = r.weighted([
      [
        3,
        () =>
          kind === 'uuid'
            ? r.uuid()
            : kind === 'number'
              ? r.range(-5, 5)
              : kind === 'bool'
                ? r.chance(0.5)
                : kind === 'json'
                  ? { a: r.word() }
                  : r.word(),
      ],
      [1, () => r.pick(JUNK)],
      [1, () => r.pick([null, 1e308, -0, [], {}, true, 2 ** 64])],
    ])();
  }
  return body;
}

const FUZZ_OWNED = ['properties', 'teams', 'saved_query'];

/** Writes: mostly on rows the fuzz owns or filters that match nothing; some real inserts. */
function dbWrite(r) {
  const { headers } = caller(r, { admin: 50, editor: 20, viewer: 12, none: 6, embed: 3 });
  Object.assign(headers, dbHeaders(r));
  headers['content-type'] = r.chance(0.9) ? 'application/json' : r.pick(CONTENT_TYPES);
  const owned = r.chance(0.35);
  const relation = owned ? r.pick(FUZZ_OWNED) : r.pick(READ_RELATIONS);
  const method = r.weighted([
    [40, 'POST'],
    [33, 'PATCH'],
    [22, 'DELETE'],
    [3, 'PUT'],
    [2, 'OPTIONS'],
  ]);
  const params = [];
  let body;
  const tag = `fuzz-${r.word(4, 8)}`;
  if (owned) {
    const fixed =
      relation === 'properties'
        ? { name: `fuzz.${r.word(4, 8)}`, value: r.word() }
        : relation === 'teams'
          ? { name: tag, created_by: state.adminId || r.uuid() }
          : { description: 'fuzz', query: r.word() };
    const rows = r.chance(0.15)
      ? [
          rowBody(r, relation, fixed),
          rowBody(r, relation, { ...fixed, name: `${fixed.name ?? tag}-2` }),
        ]
      : rowBody(r, relation, fixed);
    body = r.chance(0.85) ? JSON.stringify(rows) : oddBody(r, rows);
    const key = relation === 'saved_query' ? 'description' : 'name';
    const like = relation === 'properties' ? 'fuzz.*' : relation === 'teams' ? 'fuzz-*' : 'fuzz';
    if (method !== 'POST')
      params.push([key, relation === 'saved_query' ? 'eq.fuzz' : `like.${like}`]);
    if (method === 'PATCH') {
      const patch = { ...rowBody(r, relation) };
      delete patch.name;
      delete patch.description;
      body = r.chance(0.85) ? JSON.stringify(patch) : oddBody(r, patch);
    }
    if (method === 'POST' && r.chance(0.15)) {
      headers.prefer = `${headers.prefer ? `${headers.prefer}, ` : ''}resolution=${r.pick(['merge-duplicates', 'ignore-duplicates'])}`;
      if (r.chance(0.5))
        params.push([
          'on_conflict',
          r.pick(
            relation === 'properties' ? ['name', 'bogus', 'name,name'] : ['id', 'bogus', '"id"'],
          ),
        ]);
    }
  } else {
    // Never touches an existing row: every PATCH/DELETE is limited to an id nobody has.
    if (method !== 'POST') params.push(['id', `eq.${r.uuid()}`]);
    const extra = r.int(3);
    for (let index = 0; index < extra; index += 1) params.push(filterParam(r, relation, []));
    const row = rowBody(r, relation, { id: r.uuid() });
    body = r.chance(0.6)
      ? JSON.stringify(r.chance(0.1) ? [row, rowBody(r, relation, { id: r.uuid() })] : row)
      : oddBody(r, row);
    if (method === 'POST' && r.chance(0.1)) {
      headers.prefer = 'resolution=merge-duplicates';
      params.push(['on_conflict', r.pick(['id', 'bogus', ''])]);
    }
  }
  if (r.chance(0.15)) params.push(['select', selectList(r, relation, 1, [])]);
  if (r.chance(0.05))
    params.push(['columns', r.pick(['name,value', 'bogus', 'name', 'id,name', ''])]);
  if (method === 'DELETE' && r.chance(0.7)) body = undefined;
  return {
    kind: 'db-write',
    method,
    path: `/api/db/${relation}${queryString(r, params)}`,
    headers: decorate(r, headers),
    body,
  };
}

/** Odd methods and paths under /api/db. */
function dbOdd(r) {
  const { headers } = caller(r);
  const method = r.pick(['OPTIONS', 'PUT', 'TRACE', 'PROPFIND', 'GET', 'POST', 'DELETE']);
  const path = r.pick([
    '/api/db',
    '/api/db/',
    '/api/db/rpc/',
    '/api/db/rpc/%00',
    '/api/db/%00',
    '/api/db/%ff',
    '/api/db/checks%00',
    '/api/db/..%2f..%2fetc%2fpasswd',
    '/api/db/checks/1',
    '/api/db/checks/',
    '//api//db//checks',
    `/api/db/${'a'.repeat(3000)}`,
    '/api/db/rpc/related_configs/extra',
    '/api/db/%2e%2e/kratos/sessions/whoami',
    `/api/db/rpc/${r.pick(RPCS)}`,
    `/api/db/${r.pick(MISSING_RELATIONS)}`,
  ]);
  const body =
    method === 'GET' || method === 'TRACE'
      ? undefined
      : r.chance(0.5)
        ? '{}'
        : oddBody(r, { a: 1 });
  if (body !== undefined) headers['content-type'] = r.pick(CONTENT_TYPES);
  return { kind: 'db-odd', method, path, headers: decorate(r, headers), body };
}

// ---------------------------------------------------------------------------------------------
// Mission Control endpoints.

function canary(r) {
  const { headers } = caller(r);
  const spec = r.weighted([
    [10, () => ({ method: 'GET', path: '/api/canary/api/summary' })],
    [
      8,
      () => {
        const valid = { labels: { app: r.word() }, sortBy: 'name', deleteFrom: r.pick(DURATIONS) };
        headers['content-type'] = r.pick(CONTENT_TYPES);
        return {
          method: 'POST',
          path: '/api/canary/api/summary',
          body: r.chance(0.4) ? JSON.stringify(valid) : oddBody(r, valid),
        };
      },
    ],
    [
      50,
      () => {
        const params = [];
        if (r.chance(0.95)) params.push(['check', anyUuid(r, 'checks')]);
        if (r.chance(0.7)) params.push([r.pick(['start', 'since', 'start']), r.pick(DURATIONS)]);
        if (r.chance(0.5)) params.push([r.pick(['end', 'until', 'end']), r.pick(DURATIONS)]);
        if (r.chance(0.1)) params.push([r.pick(JUNK), r.pick(JUNK)]);
        return {
          method: r.chance(0.9) ? 'GET' : 'HEAD',
          path: `/api/canary/api/graph${queryString(r, params)}`,
        };
      },
    ],
    [
      15,
      () => {
        const id = r.weighted([
          [2, () => realId(r, 'checks')],
          [4, () => r.uuid()],
          [4, () => pct(badUuid(r), LOOSE_SAFE)],
        ])();
        headers['content-type'] = 'application/json';
        return {
          method: 'POST',
          path: `/api/canary/run/check/${id}`,
          body: r.chance(0.5) ? '{}' : undefined,
        };
      },
    ],
    [5, () => ({ method: 'GET', path: '/api/canary/about' })],
    [
      12,
      () => ({
        method: r.pick(['PUT', 'DELETE', 'OPTIONS', 'PATCH', 'GET', 'POST']),
        path: r.pick([
          '/api/canary/api/summary',
          '/api/canary/api/graph',
          '/api/canary/run/check',
          '/api/canary/run/check/',
          `/api/canary/run/check/${r.uuid()}`,
          '/api/canary/api',
          '/api/canary',
          '/api/canary/about/x',
          '/api/canary/run/check/%ff',
          '/api/canary/run/check/%00',
          '/api/canary/run/check/..%2f..',
        ]),
        body: r.chance(0.3) ? '{"x":1}' : undefined,
      }),
    ],
  ])();
  spec.headers = decorate(r, headers);
  return spec;
}

function topology(r) {
  const params = [];
  const add = (chance, name, values) => {
    if (r.chance(chance))
      params.push([name, typeof values === 'function' ? values() : r.pick(values)]);
  };
  add(0.5, 'id', () => anyUuid(r, 'components'));
  add(0.3, 'depth', ['0', '1', '3', '10', '11', '-1', '999', '1e1', 'abc', '', '٣', '0003']);
  add(0.15, 'labels', [
    'a=b',
    '=x',
    'a',
    'a=b,c=d',
    ',',
    'app.kubernetes.io/name=x',
    '=',
    'a==b',
    r.pick(JUNK),
  ]);
  add(0.1, 'agent_id', () => r.pick(['local', r.uuid(), badUuid(r), '']));
  add(0.15, 'hidden', ['true', 'false', 'maybe', '', 'TRUE']);
  add(0.15, 'flatten', ['true', 'false', '1', '']);
  add(0.15, 'sortBy', [
    'name',
    'field:x',
    'field:',
    'status',
    'junk',
    'field: ',
    `field:${r.pick(JUNK)}`,
  ]);
  add(0.15, 'sortOrder', ['asc', 'desc', 'up', '', 'DESC']);
  add(0.2, 'status', ['healthy', 'unhealthy,warning', '!healthy', '!', ',', r.pick(JUNK)]);
  add(0.2, 'type', ['KubernetesCluster', '!Namespace', r.word(), r.pick(JUNK)]);
  add(0.1, 'team', () => r.pick([r.word(), ...JUNK.slice(0, 6)]));
  add(0.1, 'owner', () => r.pick([r.word(), ...JUNK.slice(0, 6)]));
  add(0.05, 'noCache', ['true', 'x']);
  if (r.chance(0.05)) params.push([r.pick(JUNK), r.pick(JUNK)]);
  const { headers } = caller(r, { embed: 8 });
  const method = r.weighted([
    [90, 'GET'],
    [5, 'HEAD'],
    [5, r.pick(['POST', 'DELETE', 'OPTIONS'])],
  ]);
  return {
    method,
    path: `/api/canary/api/topology${queryString(r, params)}`,
    headers: decorate(r, headers),
  };
}

function changesFields(r) {
  const fields = {};
  const add = (chance, name, value) => {
    if (r.chance(chance)) fields[name] = typeof value === 'function' ? value() : value;
  };
  add(0.3, 'id', () =>
    r.weighted([
      [4, () => realId(r, 'configs')],
      [2, () => r.uuid()],
      [2, () => `${realId(r, 'configs')},${realId(r, 'configs')}`],
      [2, () => r.pick(JUNK)],
    ])(),
  );
  add(0.2, 'config_type', () =>
    r.pick(['Kubernetes::Pod', 'AWS::EC2::Instance', '!Kubernetes::Pod', 'Kube*', r.pick(JUNK)]),
  );
  add(0.2, 'type', () => r.pick(['diff', 'Pulled', '!diff', r.pick(JUNK)]));
  add(0.15, 'severity', () => r.pick(['critical', 'high', 'info', '!low', 'bogus', r.pick(JUNK)]));
  add(0.3, 'from', () => r.pick(DATEMATH));
  add(0.2, 'to', () => r.pick(DATEMATH));
  add(0.3, 'page', () =>
    r.pick(['1', '2', '0', '-1', '99999999999999999999', '1e3', 'x', 1, 2.5, 2 ** 53 + 2]),
  );
  add(0.3, 'page_size', () => r.pick(['10', '1000', '1001', '0', '99999999999', 'abc', 50]));
  add(0.2, 'sort_by', () =>
    r.pick(['name', '-created_at', 'count', '-', 'bogus', 'created_at;drop', '--name']),
  );
  add(0.15, 'tags', () =>
    r.pick([
      'a=b',
      'a!=b',
      'a in (b,c)',
      'a notin (b)',
      '!a',
      'a',
      '(',
      'a in (',
      'a=b,c',
      '==',
      'a==b',
      r.pick(JUNK),
    ]),
  );
  add(0.2, 'recursive', () => r.pick(['all', 'upstream', 'downstream', 'none', 'sideways', '']));
  add(0.15, 'depth', () => r.pick(['1', '5', '20', '21', '0', '-1', '99999999999999999999', 'x']));
  add(0.1, 'include_deleted_configs', () => r.pick([true, false, 'true', 'yes', 1, null]));
  add(0.1, 'created_by', () => r.pick([r.uuid(), 'admin', r.pick(JUNK)]));
  add(0.1, 'summary', () => r.pick([r.word(), r.pick(JUNK)]));
  add(0.1, 'source', () => r.pick([r.word(), r.pick(JUNK)]));
  add(0.1, 'agent_id', () => r.pick(['local', r.uuid(), badUuid(r)]));
  if (r.chance(0.1))
    fields[r.pick(Object.keys(fields).concat(['x']))] = r.pick([
      {},
      [],
      [1],
      { a: 1 },
      Infinity,
      null,
    ]);
  return fields;
}

function catalog(r) {
  const { headers } = caller(r);
  const spec = r.weighted([
    [
      40,
      () => {
        const valid = {};
        if (r.chance(0.5)) valid.groupBy = r.some(['type', 'namespace', 'cluster', r.word()], 3);
        if (r.chance(0.3)) valid.tags = r.some(['cluster', 'namespace', 'account', ''], 3);
        if (r.chance(0.3))
          valid.filter = {
            [r.pick(['app', 'team', r.word()])]: r.pick([
              'a,!b',
              'web*',
              '*x',
              '%2C',
              '%zz',
              '',
              r.pick(JUNK),
            ]),
          };
        if (r.chance(0.3))
          valid.status = r.pick(['Running', '!Stopped', 'Run*', ',', r.pick(JUNK)]);
        if (r.chance(0.3))
          valid.health = r.pick(['healthy', 'unhealthy,warning', '!unknown', r.pick(JUNK)]);
        if (r.chance(0.3))
          valid.changes = r.pick([{ since: r.pick(DURATIONS) }, 'x', null, { since: 5 }]);
        if (r.chance(0.2)) valid.cost = r.pick(['1d', '7d', '30d', '2d', 7]);
        if (r.chance(0.1)) valid.deleted = r.pick([true, false, 'true']);
        if (r.chance(0.05)) valid.groupBy = Array.from({ length: 12 }, () => r.word());
        headers['content-type'] = r.chance(0.9) ? 'application/json' : r.pick(CONTENT_TYPES);
        return {
          method: 'POST',
          path: '/api/catalog/summary',
          body: r.chance(0.8) ? JSON.stringify(valid) : oddBody(r, valid),
        };
      },
    ],
    [
      30,
      () => {
        const fields = changesFields(r);
        headers['content-type'] = r.chance(0.9) ? 'application/json' : r.pick(CONTENT_TYPES);
        return {
          method: 'POST',
          path: '/api/catalog/changes',
          body: r.chance(0.8) ? JSON.stringify(fields) : oddBody(r, fields),
        };
      },
    ],
    [
      25,
      () => {
        const fields = changesFields(r);
        const params = Object.entries(fields).map(([name, value]) => [
          name,
          typeof value === 'string' ? value : (JSON.stringify(value) ?? ''),
        ]);
        return {
          method: r.chance(0.95) ? 'GET' : 'HEAD',
          path: `/api/catalog/changes${queryString(r, params)}`,
        };
      },
    ],
    [
      5,
      () => ({
        method: r.pick(['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'GET']),
        path: r.pick([
          '/api/catalog/summary',
          '/api/catalog/changes',
          '/api/catalog',
          '/api/catalog/x',
          '/api/catalog/summary/%00',
        ]),
      }),
    ],
  ])();
  spec.headers = decorate(r, headers);
  return spec;
}

function agent(r) {
  const { headers } = caller(r, { admin: 45 });
  headers['content-type'] = r.chance(0.9) ? 'application/json' : r.pick(CONTENT_TYPES);
  const valid = { name: `fuzz-agent-${r.word(6, 12)}`, properties: { env: r.word() } };
  const body = r.weighted([
    [2, () => JSON.stringify(valid)],
    [
      1,
      () =>
        JSON.stringify({
          Name: r.pick([
            'x'.repeat(256),
            'a\u0000b',
            ' ',
            '',
            7,
            null,
            ['a'],
            `fuzz-agent-${r.pick(JUNK)}`,
          ]),
        }),
    ],
    [
      1,
      () =>
        JSON.stringify({
          name: valid.name,
          properties: r.pick([[], 'x', { a: 1 }, { a: null }, { '': '' }, { k: 'v\u0000' }]),
        }),
    ],
    [2, () => oddBody(r, valid)],
  ])();
  const method = r.weighted([
    [90, 'POST'],
    [10, r.pick(['GET', 'PUT', 'DELETE', 'OPTIONS'])],
  ]);
  const path = r.chance(0.95)
    ? '/api/agent/generate'
    : r.pick(['/api/agent', '/api/agent/generate/x', '/api/agent/%00']);
  return { method, path, headers: decorate(r, headers), body };
}

function misc(r) {
  const { headers } = caller(r);
  const path = r.pick([
    '/api/properties',
    '/api/kubeconfig',
    '/api/auth/whoami',
    '/api/about',
    '/api/health',
    '/api/canary/about',
    '/api/properties/x',
    '/api/auth',
    '/api/auth/whoami/x',
    '/config.json',
    '/api',
  ]);
  const method = r.weighted([
    [85, 'GET'],
    [5, 'HEAD'],
    [10, r.pick(['POST', 'DELETE', 'PUT', 'OPTIONS', 'PATCH'])],
  ]);
  const body = method === 'POST' || method === 'PUT' ? oddBody(r, { a: 1 }) : undefined;
  return { method, path, headers: decorate(r, headers), body };
}

function embedTokens(r) {
  const { headers } = caller(r, { admin: 50 });
  const spec = r.weighted([
    [20, () => ({ method: 'GET', path: '/api/embed-tokens' })],
    [
      45,
      () => {
        const scope = r.weighted([
          [3, () => ({ checks: [realId(r, 'checks')] })],
          [1, () => ({ components: [realId(r, 'components')], configs: [realId(r, 'configs')] })],
          [
            1,
            () => ({
              check_labels: { [r.pick(['app', 'team', ''])]: r.pick(['web', '', 'x'.repeat(300)]) },
            }),
          ],
          [1, () => ({ checks: [r.uuid()] })],
          [1, () => ({ checks: Array.from({ length: 101 }, () => r.uuid()) })],
          [
            1,
            () =>
              r.pick([
                {},
                [],
                'all',
                null,
                { bogus: [] },
                { checks: 'x' },
                { checks: [1] },
                { check_labels: {} },
              ]),
          ],
        ])();
        const valid = { name: `fuzz-embed-${r.word()}`, scope };
        const expiry = r.weighted([
          [
            3,
            () => ({
              expires_in: r.pick(['7d', '1h', '30d', '366d', '367d', '30s', '1m', ...DURATIONS]),
            }),
          ],
          [
            1,
            () => ({
              expires_at: r.pick([
                '2030-01-31T12:00:00Z',
                new Date(Date.now() + 86_400_000).toISOString(),
                '2020-01-01T00:00:00Z',
                '9999-99-99T99:99:99Z',
                '2030-01-31',
                'tomorrow',
              ]),
            }),
          ],
          [1, () => ({ expires_in: '1d', expires_at: '2030-01-01T00:00:00Z' })],
          [1, () => ({ expires_in: r.pick([7, null, {}, []]) })],
          [1, () => ({})],
        ])();
        Object.assign(valid, expiry);
        if (r.chance(0.1))
          valid.name = r.pick(['', ' ', 'x'.repeat(300), 'a\u0000b', 7, null, '\u202eevil']);
        if (r.chance(0.05)) valid[r.word()] = 1;
        headers['content-type'] = r.chance(0.85) ? 'application/json' : r.pick(CONTENT_TYPES);
        return {
          method: 'POST',
          path: '/api/embed-tokens',
          body: r.chance(0.8) ? JSON.stringify(valid) : oddBody(r, valid),
        };
      },
    ],
    [
      20,
      () => {
        const id = r.weighted([
          [3, () => r.uuid()],
          [2, () => pct(badUuid(r), LOOSE_SAFE)],
          [
            2,
            () =>
              state.embedTokenIds.length > 1 ? r.pick(state.embedTokenIds.slice(1)) : r.uuid(),
          ],
        ])();
        return { method: r.pick(['GET', 'GET', 'DELETE']), path: `/api/embed-tokens/${id}` };
      },
    ],
    [
      15,
      () => ({
        method: r.pick(['PUT', 'PATCH', 'OPTIONS', 'DELETE', 'POST']),
        path: r.pick([
          '/api/embed-tokens',
          `/api/embed-tokens/${r.uuid()}`,
          '/api/embed-tokens/%00',
          '/api/embed-tokens/%ff',
          '/api/embed-tokens/%E0%A4%A',
          `/api/embed-tokens/${r.uuid()}/x`,
        ]),
        body: r.chance(0.5) ? '{}' : undefined,
      }),
    ],
  ])();
  spec.headers = decorate(r, headers);
  return spec;
}

// ---------------------------------------------------------------------------------------------
// Identity flows.

function returnTo(r) {
  return r.pick([
    '/',
    '/health',
    'https://evil.example/',
    '//evil.example',
    'javascript:alert(1)',
    `/${'x'.repeat(3000)}`,
    '/\u0000',
    '%2F%2Fevil',
    '/login?x=1',
    '\\\\evil',
    '',
  ]);
}

function kratos(r) {
  const prefix = r.chance(0.85) ? '/api/kratos' : '/api/.ory';
  const flow = state.flows.length > 0 ? r.pick(state.flows) : undefined;
  const json = { accept: 'application/json' };
  const origin = r.weighted([
    [85, SAME_ORIGIN],
    [7, 'http://evil.example'],
    [5, undefined],
    [3, 'null'],
  ]);
  const withOrigin = (headers) => (origin === undefined ? headers : { ...headers, origin });
  return r.weighted([
    [
      15,
      () => {
        const params = [];
        if (r.chance(0.3)) params.push(['return_to', returnTo(r)]);
        if (r.chance(0.2)) params.push(['refresh', r.pick(['true', 'false', 'x'])]);
        const cookie = r.weighted([
          [6, undefined],
          [2, flow?.cookie],
          [1, sessionCookie(r.pick(ROLES)[0])],
          [1, `vigil_csrf=${r.pick(['short', r.hex(40), '%00', 'x'.repeat(70)])}`],
        ]);
        const headers = r.chance(0.8) ? { ...json } : { accept: r.pick(['text/html', '*/*', '']) };
        if (cookie) headers.cookie = cookie;
        return {
          method: 'GET',
          path: `${prefix}/self-service/login/browser${queryString(r, params)}`,
          headers: withOrigin(headers),
          capture: 'flow',
        };
      },
    ],
    [
      12,
      () => {
        const id = r.weighted([
          [5, flow?.id ?? r.uuid()],
          [2, r.uuid()],
          [2, pct(badUuid(r), LOOSE_SAFE)],
        ]);
        const cookie = r.weighted([
          [5, flow?.cookie],
          [1, undefined],
          [1, `vigil_csrf=${r.hex(43)}`],
        ]);
        const headers = { ...json };
        if (cookie) headers.cookie = cookie;
        return {
          method: 'GET',
          path: `${prefix}/self-service/login/flows?id=${id}`,
          headers: withOrigin(headers),
        };
      },
    ],
    [
      30,
      () => {
        const role = r.pick(ROLES);
        const valid = {
          method: 'password',
          identifier: role[1],
          password: r.chance(0.15) ? role[2] : r.word(),
          csrf_token: flow?.csrf ?? r.hex(43),
        };
        const perturb = r.weighted([
          [4, () => undefined],
          [1, () => (valid.csrf_token = r.hex(43))],
          [1, () => delete valid.csrf_token],
          [1, () => (valid.method = r.pick(['oidc', '', 7, null]))],
          [
            1,
            () =>
              (valid.identifier = r.pick([
                '',
                ' ',
                'a\u0000b',
                'x'.repeat(LONG),
                7,
                ['admin'],
                'ADMIN',
                'admin@vigil.local',
                "' OR 1=1 --",
              ])),
          ],
          [1, () => (valid.password = r.pick(['', 'x'.repeat(LONG), 7, null, 'a\u0000b']))],
        ]);
        perturb();
        const headers = { ...json, 'content-type': 'application/json' };
        let body = JSON.stringify(valid);
        r.weighted([
          [8, () => undefined],
          [2, () => (body = oddBody(r, valid))],
          [
            1,
            () => {
              headers['content-type'] = 'application/x-www-form-urlencoded';
              body = new URLSearchParams(
                Object.entries(valid).map(([key, value]) => [key, String(value)]),
              ).toString();
            },
          ],
          [1, () => (headers['content-type'] = r.pick(CONTENT_TYPES))],
          [1, () => delete headers.accept],
        ])();
        const cookie = r.weighted([
          [7, flow?.cookie],
          [1, undefined],
          [1, `${flow?.cookie ?? ''}; ${sessionCookie('viewer')}`],
          [1, `vigil_csrf=${r.hex(43)}`],
        ]);
        if (cookie) headers.cookie = cookie;
        const id = r.weighted([
          [8, flow?.id ?? r.uuid()],
          [1, r.uuid()],
          [1, pct(badUuid(r), LOOSE_SAFE)],
        ]);
        return {
          method: 'POST',
          path: `${prefix}/self-service/login?flow=${id}`,
          headers: withOrigin(headers),
          body,
          capture: 'login',
        };
      },
    ],
    [
      10,
      () => {
        const cookie = r.weighted([
          [3, state.ephemeral.length > 0 ? r.pick(state.ephemeral) : undefined],
          [2, sessionCookie(r.pick(ROLES)[0])],
          [1, undefined],
          [1, `vigil_session=${r.hex(64)}`],
        ]);
        const headers = r.chance(0.8) ? { ...json } : {};
        if (cookie) headers.cookie = cookie;
        const params = r.chance(0.3) ? [['return_to', returnTo(r)]] : [];
        const ephemeral = cookie !== undefined && state.ephemeral.includes(cookie);
        return {
          method: 'GET',
          path: `${prefix}/self-service/logout/browser${queryString(r, params)}`,
          headers: withOrigin(headers),
          capture: ephemeral ? 'logout' : undefined,
        };
      },
    ],
    [
      8,
      () => {
        const token = r.weighted([
          [3, state.logoutTokens.length > 0 ? state.logoutTokens.pop() : r.hex(32)],
          [2, r.hex(32)],
          [1, ''],
          [1, r.pick(JUNK)],
        ]);
        const params = [['token', token]];
        if (r.chance(0.3)) params.push(['return_to', returnTo(r)]);
        const headers = r.chance(0.7) ? { ...json } : {};
        if (r.chance(0.3))
          headers.cookie =
            state.ephemeral.length > 0 ? r.pick(state.ephemeral) : `vigil_session=${r.hex(64)}`;
        return {
          method: 'GET',
          path: `${prefix}/self-service/logout${queryString(r, params)}`,
          headers: withOrigin(headers),
        };
      },
    ],
    [
      15,
      () => {
        const cookie = r.weighted([
          [4, sessionCookie(r.pick(ROLES)[0])],
          [1, state.ephemeral.length > 0 ? r.pick(state.ephemeral) : undefined],
          [1, undefined],
          [1, `vigil_session=${r.pick([r.hex(64), '', '%00', 'x'.repeat(5000)])}`],
        ]);
        const headers = { ...json };
        if (cookie) headers.cookie = cookie;
        return {
          method: r.chance(0.9) ? 'GET' : 'HEAD',
          path: `${prefix}/sessions/whoami`,
          headers: withOrigin(headers),
        };
      },
    ],
    [
      10,
      () => ({
        method: r.pick(['GET', 'POST', 'DELETE', 'PUT', 'OPTIONS']),
        path: r.pick([
          `${prefix}/self-service/errors?id=${r.uuid()}`,
          `${prefix}/self-service/errors`,
          `${prefix}/self-service/registration/browser`,
          `${prefix}/self-service/recovery/browser`,
          `${prefix}/self-service/login/api`,
          `${prefix}/self-service/login`,
          `${prefix}/self-service/login/browser`,
          `${prefix}/self-service/login/flows`,
          `${prefix}/sessions`,
          `${prefix}/%00`,
          `${prefix}/self-service/login?flow=%ff`,
          `${prefix}/self-service/login/flows?id=%ED%A0%80`,
        ]),
        headers: withOrigin({ ...json, 'content-type': 'application/json' }),
        body: r.chance(0.5) ? '{}' : undefined,
      }),
    ],
  ])();
}

// ---------------------------------------------------------------------------------------------
// Junk paths anywhere.

function junkPath(r) {
  const { headers } = caller(r);
  const path = r.weighted([
    [
      20,
      () =>
        r.pick([
          '/api/db/%00',
          '/api/db/%ff',
          '/api/db/../../etc/passwd',
          '/api/%2e%2e/%2e%2e/etc/passwd',
          '/api/canary/run/check/%ff',
          '/api/embed-tokens/%E0%A4%A',
          '/api/embed-tokens/%',
          '//api//db//checks',
          '/api/db/checks?select=%ff',
          '/api/db/checks?%ff=%ff',
          '/api/db/\xff',
          '/api/db/checks?x=\xc3\x28',
          '/api/\x7f',
          '/%00',
          '/index.html%00',
          '/widgets/../package.json',
          '/examples/%2e%2e/%2e%2e/package.json',
          '/widgets/%ff',
          '/widgets/x',
          '/examples',
          '/examples/%00',
          '/config.json',
          '/api',
          '/api/',
          '/',
          '/login',
          '/health?x=%zz',
          '/api/nope',
          `/api/${'%41'.repeat(2000)}`,
          '/api/kratos/../db/checks',
          '/api/.ory/../../db/people',
          '/api/canary/api/graph?check=%00',
          '/api/catalog/changes?id=%ff%fe',
          '/api/canary/api/topology?id=%ED%A0%80',
          '/api/db/checks?select=id&select=%',
          '/api/embed-tokens/..%2f..%2fdb%2fchecks',
        ]),
    ],
    [1, () => `/api/db/checks?name=eq.${'x'.repeat(LONG)}`],
    [1, () => `/api/${'a/'.repeat(4000)}`],
    [1, () => '*'],
    [1, () => `http://127.0.0.1:${state.port}/api/health`],
    [1, () => 'http://evil.example/api/about'],
  ])();
  const method = r.weighted([
    [70, 'GET'],
    [10, 'HEAD'],
    [5, 'OPTIONS'],
    [5, 'POST'],
    [5, 'DELETE'],
    [3, 'PUT'],
    [2, r.pick(['TRACE', 'FOO', 'M-SEARCH', 'PROPFIND'])],
  ]);
  const finalMethod = path === '*' ? 'OPTIONS' : method;
  return {
    kind: 'junk-path',
    method: finalMethod,
    path,
    headers: decorate(r, headers),
    body: method === 'POST' ? '{}' : undefined,
  };
}

// ---------------------------------------------------------------------------------------------

const GENERATORS = [
  [12, 'db-valid', dbValid],
  [18, 'db-read', dbRead],
  [10, 'db-broken', dbBroken],
  [12, 'db-write', dbWrite],
  [3, 'db-odd', dbOdd],
  [8, 'canary', canary],
  [5, 'topology', topology],
  [7, 'catalog', catalog],
  [2, 'agent', agent],
  [4, 'misc', misc],
  [4, 'embed-tokens', embedTokens],
  [11, 'kratos', kratos],
  [4, 'junk-path', junkPath],
];

function generate(seed, index) {
  const r = new Rand(hash32(`${seed}:${index}`));
  const [, kind, make] = r.weighted(GENERATORS.map((entry) => [entry[0], entry]));
  const spec = make(r);
  spec.kind = kind;
  spec.index = index;
  spec.headers ??= {};
  if (spec.body !== undefined && spec.headers['content-type'] === undefined && r.chance(0.7)) {
    spec.headers['content-type'] = 'application/json';
  }
  return spec;
}

// ---------------------------------------------------------------------------------------------
// Sending.

let agentPool;

function resetAgent(concurrency) {
  agentPool?.destroy();
  agentPool = new http.Agent({ keepAlive: true, maxSockets: concurrency });
}

const CAPTURE_LIMIT = 64 * 1024;

/**
 * Send one request; resolves with { status, headers, body, ms } or { error, ms } (never rejects).
 * `timedOut` marks a request abandoned after `timeoutMs`.
 */
function send(spec, timeoutMs, agent = agentPool) {
  return new Promise((done) => {
    const started = performance.now();
    const headers = {};
    for (const [name, value] of Object.entries(spec.headers ?? {})) {
      headers[name] = value === SAME_ORIGIN ? state.url : value;
    }
    const body =
      spec.body === undefined
        ? undefined
        : Buffer.isBuffer(spec.body)
          ? spec.body
          : Buffer.from(spec.body, 'utf8');
    if (body !== undefined) headers['content-length'] = String(body.length);
    let request;
    let settled = false;
    const finish = (result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done({ ms: performance.now() - started, ...result });
    };
    const timer = setTimeout(() => {
      finish({ timedOut: true, error: 'timeout' });
      request?.destroy();
    }, timeoutMs);
    try {
      request = http.request({
        host: '127.0.0.1',
        port: state.port,
        method: spec.method,
        path: spec.path,
        headers,
        agent,
        insecureHTTPParser: false,
      });
    } catch (error) {
      finish({ refused: true, error: error.code ?? error.message });
      return;
    }
    request.on('response', (response) => {
      const chunks = [];
      let size = 0;
      response.on('data', (chunk) => {
        if (size < CAPTURE_LIMIT) chunks.push(chunk);
        size += chunk.length;
      });
      response.on('end', () => {
        finish({
          status: response.statusCode,
          headers: response.headers,
          body: Buffer.concat(chunks),
          size,
        });
      });
      response.on('error', (error) => finish({ error: error.code ?? error.message }));
    });
    request.on('error', (error) => finish({ error: error.code ?? error.message }));
    request.end(body);
  });
}

// ---------------------------------------------------------------------------------------------
// Setup: sign-in, discovery, tokens, flows.

function cookieJar(setCookies, previous = '') {
  const jar = new Map();
  for (const pair of previous.split(/;\s*/).filter(Boolean)) {
    const at = pair.indexOf('=');
    if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  for (const header of setCookies ?? []) {
    const [pair = ''] = header.split(';');
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const name = pair.slice(0, at);
    const value = pair.slice(at + 1);
    if (value === '' || /max-age=0/i.test(header) || /expires=thu, 01 jan 1970/i.test(header))
      jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

function parseJson(result) {
  try {
    return JSON.parse(result.body.toString('utf8'));
  } catch {
    return undefined;
  }
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** A login flow (id, CSRF token, cookie) from a login/browser answer. */
function flowOf(result, cookie = '') {
  if (result.status !== 200) return undefined;
  const body = parseJson(result);
  const csrf = body?.ui?.nodes?.find((node) => node.attributes?.name === 'csrf_token')?.attributes
    ?.value;
  if (typeof body?.id !== 'string' || typeof csrf !== 'string') return undefined;
  return { id: body.id, csrf, cookie: cookieJar(result.headers['set-cookie'], cookie) };
}

/** A setup request, retried while the server answers 429 (sign-in rate limits). */
async function setupRequest(spec, timeoutMs) {
  for (let attempt = 0; ; attempt += 1) {
    const result = await send(spec, Math.max(timeoutMs, 30_000));
    if (result.status !== 429 || attempt >= 12) return result;
    const retry = Number(result.headers['retry-after']);
    await sleep(
      Number.isFinite(retry) && retry > 0
        ? Math.min(retry, 60) * 1000
        : 1000 * 2 ** Math.min(attempt, 5),
    );
  }
}

async function newFlow(timeoutMs) {
  const result = await setupRequest(
    {
      method: 'GET',
      path: '/api/kratos/self-service/login/browser',
      headers: { accept: 'application/json', origin: SAME_ORIGIN },
    },
    timeoutMs,
  );
  return flowOf(result);
}

async function signIn(username, password, timeoutMs) {
  const flow = await newFlow(timeoutMs);
  if (!flow) throw new Error(`no login flow for ${username}`);
  const result = await setupRequest(
    {
      method: 'POST',
      path: `/api/kratos/self-service/login?flow=${flow.id}`,
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        origin: SAME_ORIGIN,
        cookie: flow.cookie,
      },
      body: JSON.stringify({
        method: 'password',
        identifier: username,
        password,
        csrf_token: flow.csrf,
      }),
    },
    timeoutMs,
  );
  if (result.status !== 200)
    throw new Error(
      `sign-in as ${username} answered ${result.status ?? result.error}: ${result.body?.toString('utf8').slice(0, 200)}`,
    );
  const cookie = cookieJar(result.headers['set-cookie']);
  const session = cookie.split('; ').find((pair) => pair.startsWith('vigil_session='));
  if (!session) throw new Error(`sign-in as ${username} set no session cookie`);
  return session;
}

function kindOfValue(value) {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'object') return 'json';
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) return 'uuid';
  if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return 'time';
  return 'text';
}

async function discover(timeoutMs) {
  const admin = { accept: 'application/json', cookie: state.sessions.admin, origin: SAME_ORIGIN };
  for (const relation of READ_RELATIONS) {
    const result = await send(
      { method: 'GET', path: `/api/db/${relation}?limit=8`, headers: admin },
      30_000,
    );
    const rows = result.status === 200 ? parseJson(result) : undefined;
    if (!Array.isArray(rows) || rows.length === 0) continue;
    const columns = Object.keys(rows[0]);
    const kinds = new Map();
    for (const column of columns) {
      for (const row of rows) {
        const kind = kindOfValue(row[column]);
        if (kind) {
          kinds.set(column, kind);
          break;
        }
      }
    }
    state.relations.set(relation, { columns, kinds, rows });
  }
  const ids = async (relation, key, limit = 200) => {
    const result = await send(
      { method: 'GET', path: `/api/db/${relation}?select=id&limit=${limit}`, headers: admin },
      30_000,
    );
    const rows = parseJson(result);
    state.ids[key] = Array.isArray(rows) ? rows.map((row) => row.id) : [];
  };
  // Which embeds resolve: kept as written, or with the constraint hint PostgREST suggests.
  for (const [relation, targets] of Object.entries(EMBEDS)) {
    const working = [];
    for (const target of targets) {
      const result = await send(
        {
          method: 'GET',
          path: `/api/db/${relation}?select=id,${target}(*)&limit=1`,
          headers: admin,
        },
        30_000,
      );
      if (result.status === 200) working.push(target);
      else if (result.status === 400) {
        const hint = parseJson(result)?.hint ?? '';
        const suggestion = /'([^']+![^']+)'/.exec(hint)?.[1];
        if (suggestion) working.push(suggestion);
      }
    }
    if (working.length > 0) state.embeds.set(relation, working);
  }
  await ids('checks', 'checks');
  await ids('canaries', 'canaries');
  await ids('components', 'components');
  await ids('config_items', 'configs');
  await ids('incidents', 'incidents');
  await ids('teams', 'teams');
  const whoami = parseJson(
    await send({ method: 'GET', path: '/api/auth/whoami', headers: admin }, timeoutMs),
  );
  state.adminId = whoami?.payload?.user?.id ?? '';
}

async function createTokens(timeoutMs) {
  const headers = {
    accept: 'application/json',
    'content-type': 'application/json',
    cookie: state.sessions.admin,
    origin: SAME_ORIGIN,
  };
  const embed = await send(
    {
      method: 'POST',
      path: '/api/embed-tokens',
      headers,
      body: JSON.stringify({
        name: 'fuzz',
        scope: {
          checks: state.ids.checks.slice(0, 3),
          components: state.ids.components.slice(0, 3),
        },
        expires_in: '7d',
      }),
    },
    timeoutMs,
  );
  const token = parseJson(embed);
  if (embed.status !== 201 || typeof token?.token !== 'string') {
    throw new Error(
      `creating the embed token answered ${embed.status}: ${embed.body?.toString('utf8').slice(0, 200)}`,
    );
  }
  state.embedToken = token.token;
  state.embedTokenIds = [token.id];
  const generated = await send(
    {
      method: 'POST',
      path: '/api/agent/generate',
      headers,
      body: JSON.stringify({ name: `fuzz-agent-${Date.now()}` }),
    },
    timeoutMs,
  );
  const agentBody = parseJson(generated);
  if (generated.status !== 201 || typeof agentBody?.access_token !== 'string') {
    throw new Error(
      `creating the agent answered ${generated.status}: ${generated.body?.toString('utf8').slice(0, 200)}`,
    );
  }
  state.agentToken = agentBody.access_token;
}

async function prepare(timeoutMs) {
  for (const [role, username, password] of ROLES) {
    state.sessions[role] = await signIn(username, password, timeoutMs);
  }
  await discover(timeoutMs);
  await createTokens(timeoutMs);
  state.flows = [];
  for (let index = 0; index < 8; index += 1) {
    const flow = await newFlow(timeoutMs);
    if (flow) state.flows.push(flow);
  }
}

/** Keep what later requests can use: new flows, sessions, logout tokens, token ids. */
function capture(spec, result, r) {
  if (result.status === undefined) return;
  if (spec.capture === 'flow') {
    const flow = flowOf(result, spec.headers.cookie ?? '');
    if (flow) {
      if (state.flows.length < 32) state.flows.push(flow);
      else state.flows[r.int(state.flows.length)] = flow;
    }
  } else if (spec.capture === 'login' && result.status === 200) {
    const session = cookieJar(result.headers['set-cookie'])
      .split('; ')
      .find((pair) => pair.startsWith('vigil_session='));
    if (session) {
      state.ephemeral.push(session);
      if (state.ephemeral.length > 16) state.ephemeral.shift();
    }
  } else if (spec.capture === 'logout' && result.status === 200) {
    const token = parseJson(result)?.logout_token;
    if (typeof token === 'string') {
      state.logoutTokens.push(token);
      if (state.logoutTokens.length > 16) state.logoutTokens.shift();
    }
  }
  if (spec.kind === 'embed-tokens' && spec.method === 'POST' && result.status === 201) {
    const id = parseJson(result)?.id;
    if (typeof id === 'string' && state.embedTokenIds.length < 200) state.embedTokenIds.push(id);
  }
}

// ---------------------------------------------------------------------------------------------
// The run.

const MAX_EXAMPLES = 20;
/** Stops the server and removes its folder when the run ends early. */
let stopServer;
/** Node's default --max-http-header-size: the request line and headers together. */
const NODE_HEADER_LIMIT = 16 * 1024;

function headerBytes(spec) {
  let size = spec.method.length + spec.path.length + 12;
  for (const [name, value] of Object.entries(spec.headers ?? {})) {
    size += name.length + (typeof value === 'string' ? value.length : 32) + 4;
  }
  return size;
}

function truncate(text, length) {
  return text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;
}

function describeRequest(spec) {
  const headers = {};
  for (const [name, value] of Object.entries(spec.headers ?? {})) {
    headers[name] = truncate(value === SAME_ORIGIN ? state.url : String(value), 120);
  }
  let body;
  if (spec.body !== undefined) {
    const buffer = Buffer.isBuffer(spec.body) ? spec.body : Buffer.from(spec.body, 'utf8');
    body = truncate(buffer.toString('utf8'), 200);
  }
  return {
    index: spec.index,
    kind: spec.kind,
    method: spec.method,
    path: truncate(spec.path, 300),
    headers,
    ...(body === undefined ? {} : { body }),
  };
}

/** A stable key for "the same failure": status, method, path without ids, and the answer's start. */
function failureKey(spec, status, bodyText) {
  const path = spec.path
    .split('?')[0]
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':id')
    .slice(0, 80);
  const answer = bodyText
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':id')
    .replace(/\d+/g, 'N')
    .slice(0, 100);
  return `${status} ${spec.method} ${path} ${answer}`;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  const options = readOptions();
  mkdirSync(options.out, { recursive: true });
  const logPath = join(options.out, 'server.log');
  const reportPath = join(options.out, 'report.json');
  const log = [];
  let stackLines = 0;
  const errorLines = new Map();
  const onOutput = (line, stream) => {
    log.push(`[${stream}] ${line}`);
    if (/^\s+at\s/.test(line)) stackLines += 1;
    else if (stream === 'stderr' && /^[^\s})\]]/.test(line)) {
      // The first line of each logged error (object dumps and stack frames are indented).
      const key = line
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':id')
        .slice(0, 160);
      errorLines.set(key, (errorLines.get(key) ?? 0) + 1);
    }
  };

  console.log(
    `Vigil fuzz: ${options.requests} requests, seed ${options.seed}, concurrency ${options.concurrency}, timeout ${options.timeoutMs} ms`,
  );
  let dataDir = '';
  // Always the embedded database in a fresh folder: never a DATABASE_URL from the shell.
  const env = {
    DATABASE_URL: '',
    VIGIL_SEED: 'demo',
    VIGIL_RUNNER: 'off',
    VIGIL_AUTH: 'basic',
    VIGIL_HEALTH_ONLY: 'false',
  };
  let server;
  let fatal;
  stopServer = async () => {
    finished = true;
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const crashes = [];
  const healthFailures = [];
  let restarting;
  let finished = false;

  const launch = async () => {
    // A fresh folder each time: after a crash the old one still holds the sign-in rate limits
    // the fuzz's wrong passwords ran into, which would lock the roles out for 15 minutes.
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    dataDir = mkdtempSync(join(tmpdir(), 'vigil-fuzz-'));
    server = await startServer({ env, dataDir, onOutput });
    if (!server.up) {
      throw new Error(`the server did not start; last log lines:\n${log.slice(-20).join('\n')}`);
    }
    state.url = server.url;
    state.port = Number(new URL(server.url).port);
    resetAgent(options.concurrency);
    server.child.once('exit', (code, signal) => {
      if (finished) return;
      crashes.push({ at: new Date().toISOString(), code, signal, lastLog: log.slice(-30) });
      console.log(`\nserver exited (code ${code}, signal ${signal}); restarting`);
      restarting ??= (async () => {
        await launch();
        await prepare(options.timeoutMs);
        restarting = undefined;
      })().catch((error) => {
        fatal = error;
        restarting = undefined;
      });
    });
  };

  await launch();
  console.log(`server: ${server.url} (ready in ${(server.readyMs / 1000).toFixed(1)} s)`);
  await prepare(options.timeoutMs);
  console.log(
    `signed in as ${ROLES.map(([role]) => role).join(', ')}; ${state.relations.size} relations sampled, ${state.ids.checks.length} checks, ${state.ids.components.length} components, ${state.ids.configs.length} configs, ${[...state.embeds.values()].flat().length} embeds`,
  );

  // Liveness: /api/health on its own connection every second.
  const healthAgent = new http.Agent({ keepAlive: false });
  let healthBusy = false;
  const health = setInterval(async () => {
    if (healthBusy || restarting || finished) return;
    healthBusy = true;
    const result = await send(
      { method: 'GET', path: '/api/health', headers: {} },
      options.timeoutMs,
      healthAgent,
    );
    if (!finished && !restarting && (result.status !== 200 || result.body.toString() !== 'OK')) {
      healthFailures.push({
        at: new Date().toISOString(),
        status: result.status,
        error: result.error,
        ms: Math.round(result.ms),
      });
    }
    healthBusy = false;
  }, 1000);

  const counts = { sent: 0, refused: 0, classes: {}, statuses: {}, byKind: {} };
  const failures = new Map();
  const fiveXX = [];
  const hangs = [];
  const connectionErrors = { count: 0, byCode: {}, examples: [], headerOverflow: 0 };
  const latencies = [];
  const slowest = [];
  const refusals = {};
  let next = 0;
  const started = performance.now();
  let lastProgress = started;

  const record = (spec, result, logStart) => {
    const kind = (counts.byKind[spec.kind] ??= { sent: 0 });
    if (result.refused) {
      counts.refused += 1;
      return;
    }
    counts.sent += 1;
    kind.sent += 1;
    latencies.push(result.ms);
    if (!result.timedOut && (slowest.length < 10 || result.ms > slowest[slowest.length - 1].ms)) {
      slowest.push({
        ms: Math.round(result.ms),
        status: result.status,
        request: describeRequest(spec),
      });
      slowest.sort((a, b) => b.ms - a.ms);
      slowest.length = Math.min(slowest.length, 10);
    }
    if (result.timedOut) {
      kind.hang = (kind.hang ?? 0) + 1;
      if (hangs.length < MAX_EXAMPLES)
        hangs.push({ request: describeRequest(spec), ms: Math.round(result.ms) });
      else hangs.push(undefined);
      return;
    }
    if (result.status === undefined) {
      if (headerBytes(spec) > NODE_HEADER_LIMIT && ['ECONNRESET', 'EPIPE'].includes(result.error)) {
        // Node's HTTP parser answers 431 to oversized headers and closes the connection; a
        // client still writing sees a reset. That is the platform's limit, not the app's.
        connectionErrors.headerOverflow += 1;
        return;
      }
      connectionErrors.count += 1;
      connectionErrors.byCode[result.error] = (connectionErrors.byCode[result.error] ?? 0) + 1;
      kind.error = (kind.error ?? 0) + 1;
      if (connectionErrors.examples.length < 10)
        connectionErrors.examples.push({ request: describeRequest(spec), error: result.error });
      return;
    }
    const klass = `${Math.floor(result.status / 100)}xx`;
    counts.classes[klass] = (counts.classes[klass] ?? 0) + 1;
    counts.statuses[result.status] = (counts.statuses[result.status] ?? 0) + 1;
    kind[klass] = (kind[klass] ?? 0) + 1;
    if (klass === '4xx') {
      // Why requests are refused, per kind: tells whether the generator reaches deep enough.
      const reason = `${result.status} ${result.body.toString('utf8', 0, 200)}`
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':id')
        .replace(/"([^"]{40})[^"]+"/g, '"$1…"')
        .slice(0, 120);
      const reasons = (refusals[spec.kind] ??= new Map());
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
    if (result.status >= 500) {
      const text = result.body.toString('utf8');
      const key = failureKey(spec, result.status, text);
      const seen = failures.get(key);
      if (seen) {
        seen.count += 1;
      } else {
        const example = {
          count: 1,
          request: describeRequest(spec),
          status: result.status,
          body: truncate(text, 300),
          serverLog: [],
        };
        failures.set(key, example);
        if (fiveXX.length < MAX_EXAMPLES) {
          fiveXX.push(example);
          // The log lines written while the request was in flight (and just after).
          setTimeout(() => {
            example.serverLog = log
              .slice(logStart, logStart + 40)
              .map((line) => truncate(line, 300));
          }, 300);
        }
      }
    }
  };

  const worker = async () => {
    for (;;) {
      if (restarting) await restarting;
      if (fatal) return;
      const index = next;
      next += 1;
      if (index >= options.requests) return;
      const spec = generate(options.seed, index);
      const logStart = log.length;
      const result = await send(spec, options.timeoutMs);
      record(spec, result, logStart);
      capture(spec, result, new Rand(hash32(`${options.seed}:capture:${index}`)));
      const now = performance.now();
      if (now - lastProgress > 10_000) {
        lastProgress = now;
        const done = counts.sent + counts.refused;
        const rps = done / ((now - started) / 1000);
        console.log(
          `  ${done}/${options.requests} sent, ${rps.toFixed(0)} req/s, 5xx ${counts.classes['5xx'] ?? 0}, hangs ${hangs.length}, crashes ${crashes.length}, health failures ${healthFailures.length}`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  if (fatal) throw new Error(`the server could not be restarted: ${fatal.message ?? fatal}`);
  const durationMs = performance.now() - started;
  clearInterval(health);
  // One last look: the server must still be up.
  const last = await send(
    { method: 'GET', path: '/api/health', headers: {} },
    options.timeoutMs,
    healthAgent,
  );
  if (last.status !== 200)
    healthFailures.push({
      at: new Date().toISOString(),
      status: last.status,
      error: last.error,
      final: true,
    });
  finished = true;
  await sleep(400);
  agentPool.destroy();
  healthAgent.destroy();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  writeFileSync(logPath, `${log.join('\n')}\n`);

  latencies.sort((a, b) => a - b);
  const fiveCount = counts.classes['5xx'] ?? 0;
  const report = {
    finishedAt: new Date().toISOString(),
    node: process.version,
    options: {
      requests: options.requests,
      seed: options.seed,
      concurrency: options.concurrency,
      timeoutMs: options.timeoutMs,
    },
    sent: counts.sent,
    refusedByClient: counts.refused,
    durationMs: Math.round(durationMs),
    requestsPerSecond: Number((counts.sent / (durationMs / 1000)).toFixed(1)),
    latencyMs: {
      p50: Math.round(percentile(latencies, 50)),
      p95: Math.round(percentile(latencies, 95)),
      p99: Math.round(percentile(latencies, 99)),
      max: Math.round(latencies[latencies.length - 1] ?? 0),
    },
    slowest,
    statusClasses: counts.classes,
    statuses: counts.statuses,
    byKind: counts.byKind,
    topRefusals: Object.fromEntries(
      Object.entries(refusals).map(([kind, reasons]) => [
        kind,
        [...reasons]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 8)
          .map(([reason, count]) => ({ reason, count })),
      ]),
    ),
    fiveXX: {
      count: fiveCount,
      distinct: failures.size,
      examples: fiveXX,
      causes: [...failures].map(([key, value]) => ({ key, count: value.count })),
    },
    hangs: { count: hangs.length, examples: hangs.filter(Boolean) },
    connectionErrors,
    crashes,
    healthFailures,
    serverLog: {
      lines: log.length,
      stackTraceLines: stackLines,
      stderr: [...errorLines].map(([line, count]) => ({ line, count })).slice(0, 50),
    },
    targets: {
      noServerErrors: fiveCount === 0,
      noHangs: hangs.length === 0,
      noCrashes: crashes.length === 0 && healthFailures.length === 0,
    },
  };
  writeFileSync(reportPath, `${JSON.stringify(report, null, 2)}\n`);

  const met = (ok) => (ok ? 'met' : 'MISSED');
  const row = (name, value) => console.log(`${name.padEnd(28)}${value}`);
  console.log('');
  row(
    'requests sent',
    `${counts.sent}${counts.refused ? ` (+${counts.refused} refused by the client)` : ''}`,
  );
  row(
    'status classes',
    Object.entries(counts.classes)
      .sort()
      .map(([klass, n]) => `${klass} ${n}`)
      .join(', '),
  );
  row(
    'top statuses',
    Object.entries(counts.statuses)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([status, n]) => `${status}: ${n}`)
      .join(', '),
  );
  row('5xx', `${fiveCount} (${failures.size} distinct; target 0: ${met(fiveCount === 0)})`);
  row('hangs over timeout', `${hangs.length} (target 0: ${met(hangs.length === 0)})`);
  row(
    'server crashes/restarts',
    `${crashes.length}, /api/health failures ${healthFailures.length} (target 0: ${met(report.targets.noCrashes)})`,
  );
  row(
    'connection errors',
    `${connectionErrors.count}${
      connectionErrors.count
        ? ` (${Object.entries(connectionErrors.byCode)
            .map(([code, n]) => `${code} ${n}`)
            .join(', ')})`
        : ''
    }; ${connectionErrors.headerOverflow} resets after oversized headers (Node's 16 KB limit)`,
  );
  row('server log', `${log.length} lines, ${stackLines} stack-trace lines`);
  row(
    'latency p50/p95/p99/max',
    `${report.latencyMs.p50}/${report.latencyMs.p95}/${report.latencyMs.p99}/${report.latencyMs.max} ms`,
  );
  row('duration', `${(durationMs / 1000).toFixed(1)} s`);
  row('requests per second', report.requestsPerSecond.toFixed(1));
  row('report', reportPath);
  for (const example of fiveXX) {
    console.log(
      `\n5xx ×${example.count}: ${example.request.method} ${truncate(example.request.path, 200)} → ${example.status} ${truncate(example.body, 160)}`,
    );
    for (const line of example.serverLog.slice(0, 6)) console.log(`    ${truncate(line, 200)}`);
  }
  for (const hang of hangs.filter(Boolean)) {
    console.log(
      `\nhang (${hang.ms} ms): ${hang.request.method} ${truncate(hang.request.path, 200)}`,
    );
  }
  const ok = report.targets.noServerErrors && report.targets.noHangs && report.targets.noCrashes;
  process.exit(ok ? 0 : 1);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`fuzz: ${signal}, stopping the server`);
    void (stopServer?.() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}

main().catch(async (error) => {
  console.error(`fuzz: ${error instanceof Error ? error.message : error}`);
  await stopServer?.().catch(() => undefined);
  process.exit(2);
});
