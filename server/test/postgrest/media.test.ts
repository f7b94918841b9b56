/**
 * The pure parts of server/src/postgrest/media.ts: PostgREST 12's canonical `Content-Location`,
 * the `response.headers`/`response.status` settings, and which handler answers an `Accept`.
 */
import { describe, expect, it } from 'vitest';
import { PgrstError } from '../../src/postgrest/errors';
import {
  applyResponseGucs,
  chooseHandler,
  contentLocation,
  handlerContentType,
} from '../../src/postgrest/media';
import {
  mediaAggregateKey,
  type MediaAggregate,
  type Relation,
  type RpcFunction,
} from '../../src/postgrest/schema-cache';

describe('contentLocation', () => {
  it('sorts parameters by name, keeps the order of a repeated one and joins its values', () => {
    expect(contentLocation('no_pk', 'b=eq.1&a=eq.1')).toBe('/no_pk?a=eq.1&b=eq.1');
    expect(contentLocation('t', 'select=id&id=gt.1&id=lt.9')).toBe('/t?id=gt.1,lt.9&select=id');
    expect(contentLocation('simple_pk', '')).toBe('/simple_pk');
  });

  it('percent-encodes everything but unreserved characters, a parameter without value is name=', () => {
    expect(contentLocation('t', 'name=in.(%22a+b%22,%C3%A9)&d')).toBe(
      '/t?d=&name=in.%28%22a%20b%22%2C%C3%A9%29',
    );
  });
});

describe('applyResponseGucs', () => {
  it('replaces the status and replaces or adds headers (names case-insensitive)', () => {
    const out = applyResponseGucs(
      200,
      { 'content-type': 'application/json; charset=utf-8', 'content-range': '0-0/*' },
      {
        'pgrst:status': '201',
        'pgrst:headers': '[{"Content-Type": "text/plain"}, {"X-A": "1"}]',
      },
    );
    expect(out).toEqual({
      status: 201,
      headers: { 'content-type': 'text/plain', 'content-range': '0-0/*', 'x-a': '1' },
    });
    expect(applyResponseGucs(204, {}, { 'pgrst:headers': null, 'pgrst:status': '' })).toEqual({
      status: 204,
      headers: {},
    });
  });

  it('refuses what PostgREST refuses: PGRST111 and PGRST112', () => {
    for (const headers of [
      '{"a":"b"}',
      '[{"a":1}]',
      '[{"a":"b","c":"d"}]',
      'nope',
      '[{"a":"x\\ny"}]',
    ]) {
      const error = (() => {
        try {
          applyResponseGucs(200, {}, { 'pgrst:headers': headers });
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(PgrstError);
      expect((error as PgrstError).code).toBe('PGRST111');
    }
    expect(() => applyResponseGucs(200, {}, { 'pgrst:status': 'abc' })).toThrow(
      'response.status guc must be a valid status code',
    );
  });
});

describe('chooseHandler', () => {
  const relation = { oid: 42, name: 'lines' } as unknown as Relation;
  const aggregate = (oid: number, mediaType: string, base = 'bytea'): MediaAggregate => ({
    sqlName: `"api"."agg_${oid}"`,
    mediaType,
    base,
    relation: oid === 0 ? undefined : relation,
  });
  const aggregates = new Map<string, MediaAggregate>([
    [mediaAggregateKey(42, 'application/vnd.twkb'), aggregate(42, 'application/vnd.twkb')],
    [mediaAggregateKey(0, 'pg/outfunc'), aggregate(0, 'pg/outfunc', 'text')],
  ]);

  it('picks by quality; builtin types answer first when they come first', () => {
    expect(chooseHandler('application/vnd.twkb', aggregates, { relation }, true)?.mediaType).toBe(
      'application/vnd.twkb',
    );
    expect(
      chooseHandler('application/json, application/vnd.twkb', aggregates, { relation }, true),
    ).toBeUndefined();
    expect(
      chooseHandler('application/json;q=0.5, application/vnd.twkb', aggregates, { relation }, true)
        ?.mediaType,
    ).toBe('application/vnd.twkb');
  });

  it("a relation's handler needs the default select; anyelement ones do not", () => {
    expect(chooseHandler('application/vnd.twkb', aggregates, { relation }, false)).toBeUndefined();
    expect(chooseHandler('pg/outfunc', aggregates, { relation }, false)?.mediaType).toBe(
      'pg/outfunc',
    );
  });

  it('functions returning a media type domain, */* answering anything', () => {
    const fn = {
      returnsSet: false,
      mediaType: '*/*',
      mediaBase: 'bytea',
    } as unknown as RpcFunction;
    const any = chooseHandler('app/bingo', aggregates, { fn }, true);
    expect(any?.mediaType).toBe('*/*');
    expect(any === undefined ? '' : handlerContentType(any)).toBe('application/octet-stream');
    // The vendor types are never overridden.
    expect(
      chooseHandler('application/vnd.pgrst.object+json', aggregates, { fn }, true),
    ).toBeUndefined();
    const html = { ...fn, mediaType: 'text/html', mediaBase: 'text' } as RpcFunction;
    expect(chooseHandler('text/xml', aggregates, { fn: html }, true)).toBeUndefined();
    const chosen = chooseHandler('text/html', aggregates, { fn: html }, true);
    expect(chosen === undefined ? '' : handlerContentType(chosen)).toBe('text/html');
    const plain = { ...fn, mediaType: 'text/plain', mediaBase: 'text' } as RpcFunction;
    const text = chooseHandler(undefined, aggregates, { fn: plain }, true);
    expect(text).toBeUndefined();
    const textChosen = chooseHandler('text/plain', aggregates, { fn: plain }, true);
    expect(textChosen === undefined ? '' : handlerContentType(textChosen)).toBe(
      'text/plain; charset=utf-8',
    );
  });
});
