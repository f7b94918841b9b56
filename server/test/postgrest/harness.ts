/** Shared set-up for the engine tests: load the fixture into a database and wrap the engine. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../src/db/types';
import { createEngine, type Engine } from '../../src/postgrest/engine';
import type { Authorize, DbMethod, DbResponse, RelationAccess } from '../../src/postgrest/types';

export const FIXTURE_SQL = readFileSync(
  fileURLToPath(new URL('./fixture.sql', import.meta.url)),
  'utf8',
);

export interface CallResult extends DbResponse {
  /** The parsed JSON body (undefined when empty). */
  json: unknown;
}

export interface Harness {
  db: Db;
  engine: Engine;
  /** Every access list passed to authorize, most recent last. */
  accesses: RelationAccess[][];
  call(
    method: DbMethod,
    target: string,
    options?: { headers?: Record<string, string>; body?: unknown; authorize?: Authorize },
  ): Promise<CallResult>;
  get(target: string, headers?: Record<string, string>): Promise<CallResult>;
  /** `get` and return the body as an array of rows, failing on a non-2xx status. */
  rows(target: string, headers?: Record<string, string>): Promise<Record<string, unknown>[]>;
}

/** Load the fixture into `db` and build an engine over it. */
export async function createHarness(db: Db, maxRows?: number): Promise<Harness> {
  await db.exec(FIXTURE_SQL);
  const engine = await createEngine({ db, ...(maxRows === undefined ? {} : { maxRows }) });
  const accesses: RelationAccess[][] = [];
  const allow: Authorize = (list) => {
    accesses.push([...list]);
    return undefined;
  };
  const call: Harness['call'] = async (method, target, options = {}) => {
    const q = target.indexOf('?');
    const path = q < 0 ? target : target.slice(0, q);
    const rawQuery = q < 0 ? '' : target.slice(q + 1);
    const body =
      options.body === undefined
        ? undefined
        : typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body);
    const response = await engine.handle(
      { method, path, rawQuery, headers: options.headers ?? {}, body },
      options.authorize ?? allow,
    );
    let json: unknown;
    try {
      json = response.body === '' ? undefined : (JSON.parse(response.body) as unknown);
    } catch {
      json = undefined; // a non-JSON body, e.g. an authorize denial in plain text
    }
    return { ...response, json };
  };
  const get: Harness['get'] = (target, headers) => call('GET', target, { headers: headers ?? {} });
  const rows: Harness['rows'] = async (target, headers) => {
    const result = await get(target, headers);
    if (result.status >= 300) {
      throw new Error(`GET ${target} → ${result.status} ${result.body}`);
    }
    return result.json as Record<string, unknown>[];
  };
  return { db, engine, accesses, call, get, rows };
}
