import { describe, expect, it } from 'vitest';
import {
  booleanCodec,
  enumCodec,
  numberCodec,
  param,
  readParams,
  stringCodec,
  triStateMapCodec,
  writeParams,
} from './url-state';

const schema = {
  hidePassing: param(booleanCodec, true),
  layout: param(enumCodec(['table', 'card'] as const), 'table'),
  page: param(numberCodec({ min: 1, integer: true }), 1),
  query: param(stringCodec, ''),
  labels: param(triStateMapCodec, {}),
};

describe('url-state', () => {
  it('reads defaults when parameters are absent', () => {
    expect(readParams('', schema)).toEqual({
      hidePassing: true,
      layout: 'table',
      page: 1,
      query: '',
      labels: {},
    });
  });

  it('reads valid values', () => {
    const values = readParams(
      '?hidePassing=false&layout=card&page=3&query=api&labels=' +
        encodeURIComponent('{"canary:env:prod":1,"canary:team:a":-1}'),
      schema,
    );
    expect(values).toEqual({
      hidePassing: false,
      layout: 'card',
      page: 3,
      query: 'api',
      labels: { 'canary:env:prod': 1, 'canary:team:a': -1 },
    });
  });

  it('falls back to defaults for bad values', () => {
    const values = readParams('hidePassing=maybe&layout=grid&page=-2&labels=%7Bnot-json', schema);
    expect(values.hidePassing).toBe(true);
    expect(values.layout).toBe('table');
    expect(values.page).toBe(1);
    expect(values.labels).toEqual({});
    expect(readParams('page=1.5', schema).page).toBe(1);
    expect(readParams('page=', schema).page).toBe(1);
  });

  it('drops prototype keys and invalid label values', () => {
    const raw = '{"__proto__":1,"constructor":-1,"a":1,"b":2,"c":"1"}';
    const labels = triStateMapCodec.parse(raw);
    expect(labels).toEqual({ a: 1 });
    expect(Object.getPrototypeOf(labels)).toBe(Object.prototype);
    expect(triStateMapCodec.parse('[1]')).toBeUndefined();
  });

  it('writes values and removes defaults, keeping foreign keys', () => {
    expect(writeParams('other=1', schema, { hidePassing: false, layout: 'card' })).toBe(
      'other=1&hidePassing=false&layout=card',
    );
    expect(writeParams('hidePassing=false&layout=card', schema, { hidePassing: true })).toBe(
      'layout=card',
    );
    expect(writeParams('labels=%7B%22a%22%3A1%7D', schema, { labels: {} })).toBe('');
    expect(writeParams('', schema, { query: undefined })).toBe('');
  });
});
