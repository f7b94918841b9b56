/**
 * `GET /canary/api/summary` (api.md §3.1): its answer as sent, and kept while the database has
 * not changed (issue 18: /health at 10,000 checks). The summary is the same for every caller the
 * route lets in (it has no per-caller masks; an embed token's scoped summary does not come
 * through here), so one answer per form serves them all.
 *
 * - Each answer carries a weak ETag over its checks (not over `duration`, the only part that
 *   differs between two reads of the same data) and `Cache-Control: private, no-cache`: a browser
 *   that holds the summary asks again with If-None-Match and gets a 304 without a body while the
 *   checks are the same.
 * - On PGlite the answer is also kept, gzip-compressed as sent, and used again while the
 *   summary's version has not moved: every statement that writes the stored parts, the checks or
 *   the canaries advances the sequence `vigil_check_summary_version` (migration 0037), whichever
 *   statement, trigger or function made it, so an unchanged version means unchanged checks.
 *   Writes to anything else (a sign-in, a session, a job's history) leave the kept answer in use;
 *   until migration 0037 any write at all moved the WAL insert position the answer was kept by,
 *   and the next /health load read all 10,000 checks again. Statuses leaving the last hour change
 *   the summary without a write of their own: the read rewrites those first (`expired`), which
 *   advances the version, and keeps the answer it reads next under the version read after the
 *   rewrite. PGlite's data directory is this process's alone (server/src/db/data-dir-lock.ts) and
 *   runs one transaction at a time, so no write can be under way (having advanced the version
 *   before its rows are visible) while the version is read. On PostgreSQL (other instances,
 *   concurrent transactions) nothing is kept: each request reads the summary.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { Context } from 'hono';
import type { Db } from '../db/types';
import { selectEncoding } from '../http/compress';
import type { SummaryView } from './canary';
import { EXPIRE_DUE_SQL } from './summary-expiry';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** One answer of the summary: its JSON text or that text gzip-compressed, and its ETag. */
export interface SummaryAnswer {
  etag: string;
  json?: string;
  gzip?: Buffer<ArrayBuffer>;
}

interface Kept {
  /** The summary's version (migration 0037) read before the summary was. */
  version: string;
  answer: Promise<SummaryAnswer>;
}

/** The summary's version: the sequence's position (its last value, and whether it was used). */
const VERSION_SQL = `(SELECT last_value || ':' || is_called FROM vigil_check_summary_version)`;

/** A weak ETag of a summary's checks in one form. */
export function summaryEtag(view: SummaryView, checks: string): string {
  const hash = createHash('sha1').update(view).update('\u0000').update(checks);
  return `W/"${hash.digest('base64url')}"`;
}

/** If-None-Match (a list, `*`, weak or strong tags) against a weak tag: weak comparison. */
export function matchesEtag(header: string | undefined, tag: string): boolean {
  if (!header || header.length > 8192) return false;
  const opaque = tag.replace(/^W\//, '');
  return header.split(',').some((part) => {
    const candidate = part.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === opaque;
  });
}

/** How the summary is read (server/src/routes/canary.ts). */
export interface SummarySource {
  /**
   * The `checks_summary` array as JSON text. `expire` false: the statuses that left the last
   * hour were rewritten just before.
   */
  checks(view: SummaryView, expire: boolean): Promise<string>;
  /** The response's text from its duration (ms) and its checks. */
  json(durationMs: number, checks: string): string;
}

/** Reads the unfiltered summary of `db`, keeping answers where that is safe (module comment). */
export class SummaryReader {
  private readonly kept = new Map<SummaryView, Kept>();
  private keeping: boolean;

  constructor(
    private readonly db: Db,
    private readonly source: SummarySource,
  ) {
    this.keeping = db.kind === 'pglite';
  }

  async read(view: SummaryView): Promise<SummaryAnswer> {
    if (!this.keeping) return this.fresh(view, { rewritten: false, keep: false });
    let version: string | undefined;
    try {
      const result = await this.db.query<{ expired: number; version: string }>(
        `SELECT ${EXPIRE_DUE_SQL} AS expired, ${VERSION_SQL} AS version`,
      );
      const state = result.rows[0];
      version = state?.version;
      // Statuses that left the hour were rewritten just now: the version read beside them may
      // come before those writes, so it is read again after them.
      if (state && Number(state.expired) > 0) {
        const after = await this.db.query<{ version: string }>(`SELECT ${VERSION_SQL} AS version`);
        version = after.rows[0]?.version;
      }
    } catch {
      // No version to go by (a database without migration 0037, a read-only one): the summary
      // is read every time from now on.
      this.keeping = false;
      this.kept.clear();
    }
    if (typeof version !== 'string') return this.fresh(view, { rewritten: false, keep: false });
    const kept = this.kept.get(view);
    if (kept?.version === version) {
      try {
        return await kept.answer;
      } catch {
        // The read that made it failed: read again below.
      }
    }
    const answer = this.fresh(view, { rewritten: true, keep: true });
    const entry = { version, answer };
    this.kept.set(view, entry);
    answer.catch(() => {
      if (this.kept.get(view) === entry) this.kept.delete(view);
    });
    return answer;
  }

  /**
   * The summary read now. `rewritten`: the statuses that left the hour were rewritten just
   * before. `keep`: the answer may be used again, so it is compressed here, once (a quarter of a
   * MB for 10,000 checks rather than 4.6 MB kept), rather than by the API's middleware on every
   * request.
   */
  private async fresh(
    view: SummaryView,
    { rewritten, keep }: { rewritten: boolean; keep: boolean },
  ): Promise<SummaryAnswer> {
    const started = performance.now();
    const checks = await this.source.checks(view, !rewritten);
    const json = this.source.json(Math.round(performance.now() - started), checks);
    const etag = summaryEtag(view, checks);
    // zlib's output is a Buffer over an ArrayBuffer of its own.
    return keep ? { etag, gzip: (await gzipAsync(json)) as Buffer<ArrayBuffer> } : { etag, json };
  }
}

/**
 * The summary's response: 304 when If-None-Match names its ETag, else the JSON (gzip-compressed
 * as kept when the client accepts gzip; otherwise the API's compression middleware encodes it).
 */
export async function summaryResponse(c: Context, answer: SummaryAnswer): Promise<Response> {
  const headers: Record<string, string> = {
    etag: answer.etag,
    'cache-control': 'private, no-cache',
    vary: 'Accept-Encoding',
  };
  if (matchesEtag(c.req.header('if-none-match'), answer.etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers['content-type'] = 'application/json; charset=UTF-8';
  if (answer.gzip && selectEncoding(c.req.header('accept-encoding')) === 'gzip') {
    headers['content-encoding'] = 'gzip';
    headers['content-length'] = String(answer.gzip.byteLength);
    return new Response(c.req.method === 'HEAD' ? null : answer.gzip, { status: 200, headers });
  }
  const json = answer.json ?? (await gunzipAsync(answer.gzip ?? Buffer.alloc(0))).toString('utf8');
  return new Response(json, { status: 200, headers });
}
