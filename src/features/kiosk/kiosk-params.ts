/**
 * Kiosk mode from the URL (docs/kiosk.md). Pure: the parameters are read once at start-up, kept
 * for the session (use-kiosk-store.ts) and never crash the console — a bad value falls back to
 * its default, like every URL-held setting.
 *
 * | parameter      | values                                   | default                      |
 * |----------------|------------------------------------------|------------------------------|
 * | `kiosk`        | (empty), `1`, `true` · `tv` · `0`, `off` | absent: not a kiosk          |
 * | `theme`        | `light`, `dark`, `auto`                  | `dark`                       |
 * | `refresh`      | an interval: `30s`, `1m`, `90` (seconds) | `30s` (at least 5s)          |
 * | `rotate`       | an interval, or `off`                    | off; `1m` when `views` is set |
 * | `views`        | in-app paths separated by `,` before `/` | none: rotate the health tabs |
 * | `versionCheck` | an interval, or `off`                    | `1m` (at least 5s)           |
 */
// Not the barrel: its refresh selector (Headless UI) would come into the console's entry chunk.
import { parseRefreshInterval } from '../../ui/auto-refresh/refresh-options';

export type KioskMode = 'standard' | 'tv';
export type KioskTheme = 'light' | 'dark' | 'auto';

export interface KioskSettings {
  /** `tv` scales the type further, for screens seen from across a room. */
  mode: KioskMode;
  theme: KioskTheme;
  /** How often the data on screen is refreshed. */
  refreshMs: number;
  /** How often to move to the next view or tab; null: no rotation. */
  rotateMs: number | null;
  /** Views to rotate through (in-app paths with their query); empty: the health tabs. */
  views: readonly string[];
  /** How often to look for a new deployment; null: never. */
  versionCheckMs: number | null;
}

/** The query parameters that belong to the kiosk (removed when leaving it). */
export const KIOSK_PARAMS = [
  'kiosk',
  'theme',
  'refresh',
  'rotate',
  'views',
  'versionCheck',
] as const;

export const KIOSK_DEFAULT_REFRESH_MS = 30_000;
export const KIOSK_DEFAULT_ROTATE_MS = 60_000;
export const KIOSK_DEFAULT_VERSION_CHECK_MS = 60_000;
/** No interval shorter than this: a wall screen must not hammer the server. */
export const KIOSK_MIN_INTERVAL_MS = 5_000;
/** At most this many views in a rotation. */
export const KIOSK_MAX_VIEWS = 20;

const OFF = new Set(['0', 'false', 'no', 'off']);
const NEVER = new Set(['off', 'none', 'false', '0']);

export type KioskParamsResult =
  { kind: 'absent' } | { kind: 'off' } | { kind: 'on'; settings: KioskSettings };

/**
 * An interval written `30s`, `2m`, `1h` (units s, m, h, d, w) or a bare number of seconds;
 * undefined when unreadable, `null` for `off`/`none` when `allowOff`. Never below 5 s.
 */
export function parseKioskInterval(
  value: string | null,
  { allowOff = false }: { allowOff?: boolean } = {},
): number | null | undefined {
  if (value === null) return undefined;
  const text = value.trim().toLowerCase();
  if (allowOff && NEVER.has(text)) return null;
  const ms = /^\d{1,7}$/.test(text) ? Number(text) * 1000 : parseRefreshInterval(text);
  if (ms === undefined || ms <= 0) return undefined;
  return Math.max(ms, KIOSK_MIN_INTERVAL_MS);
}

/**
 * Whether `path` may be shown as a kiosk view: an in-app absolute path (`/health?layout=card`),
 * never another origin (`//host`, `https:`), a backslash or a control character.
 */
export function isKioskViewPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  if (path.length > 2000) return false;
  // eslint-disable-next-line no-control-regex
  return !/[\\\u0000-\u001f\u007f]/.test(path);
}

/** A view without the kiosk's own parameters (they live in the kiosk store, not in each view). */
export function withoutKioskParams(pathWithQuery: string): string {
  const index = pathWithQuery.indexOf('?');
  if (index < 0) return pathWithQuery;
  const path = pathWithQuery.slice(0, index);
  const query = stripKioskParams(pathWithQuery.slice(index + 1));
  return query ? `${path}?${query}` : path;
}

/**
 * The views of `views` parameters. Several views share one parameter separated by commas that are
 * followed by `/` (so commas inside a view's own values, e.g. JSON, survive); the parameter may
 * also be repeated. Anything that is not an in-app path is dropped.
 */
export function parseKioskViews(values: readonly string[]): string[] {
  const views: string[] = [];
  for (const value of values) {
    for (const part of value.split(/,(?=\s*\/)/)) {
      const view = part.trim();
      if (view && isKioskViewPath(view)) views.push(withoutKioskParams(view));
    }
  }
  return views.slice(0, KIOSK_MAX_VIEWS);
}

function parseTheme(value: string | null): KioskTheme {
  const text = value?.trim().toLowerCase();
  if (text === 'light' || text === 'dark' || text === 'auto') return text;
  if (text === 'system') return 'auto';
  return 'dark';
}

/** Read the kiosk parameters of a query string (`?kiosk&refresh=1m`, with or without `?`). */
export function readKioskParams(search: string): KioskParamsResult {
  const params = new URLSearchParams(search.replace(/^\?/, ''));
  const kiosk = params.get('kiosk');
  if (kiosk === null) return { kind: 'absent' };
  const value = kiosk.trim().toLowerCase();
  if (OFF.has(value)) return { kind: 'off' };
  // `tv` scales further; any other value (`1`, `true`, empty, or unreadable) is the standard kiosk.
  const mode: KioskMode = value === 'tv' ? 'tv' : 'standard';
  const views = parseKioskViews(params.getAll('views'));
  const rotate = parseKioskInterval(params.get('rotate'), { allowOff: true });
  const versionCheck = parseKioskInterval(params.get('versionCheck'), { allowOff: true });
  return {
    kind: 'on',
    settings: {
      mode,
      theme: parseTheme(params.get('theme')),
      refreshMs: parseKioskInterval(params.get('refresh')) ?? KIOSK_DEFAULT_REFRESH_MS,
      // `views` without a readable `rotate` still rotates, every minute; `rotate=off` stops it.
      rotateMs: rotate === undefined ? (views.length > 0 ? KIOSK_DEFAULT_ROTATE_MS : null) : rotate,
      views,
      versionCheckMs: versionCheck === undefined ? KIOSK_DEFAULT_VERSION_CHECK_MS : versionCheck,
    },
  };
}

/** Only the kiosk's parameters of a query string, in their original order (for the session). */
export function kioskParamsOnly(search: string): string {
  const params = new URLSearchParams(search.replace(/^\?/, ''));
  const kept = new URLSearchParams();
  for (const [key, value] of params) {
    if ((KIOSK_PARAMS as readonly string[]).includes(key)) kept.append(key, value);
  }
  return kept.toString();
}

/** A query string without the kiosk's parameters (without the leading `?`). */
export function stripKioskParams(search: string): string {
  const params = new URLSearchParams(search.replace(/^\?/, ''));
  for (const key of KIOSK_PARAMS) params.delete(key);
  return params.toString();
}

function sortedEntries(query: string): string {
  return [...new URLSearchParams(stripKioskParams(query))]
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('&');
}

/**
 * Whether the page at `location` + `search` is `view` (same path, same parameters in any order,
 * the kiosk's own parameters ignored).
 */
export function isSameView(view: string, location: string, search: string): boolean {
  const index = view.indexOf('?');
  const path = index < 0 ? view : view.slice(0, index);
  const query = index < 0 ? '' : view.slice(index + 1);
  return path === location && sortedEntries(query) === sortedEntries(search);
}
