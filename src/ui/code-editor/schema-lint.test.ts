import { describe, expect, it } from 'vitest';
import { lintYamlAgainstSchema, schemaDraft } from './schema-lint';

/** The shape of the served HTTP check schema (server/schemas/health_http.schema.json), copied. */
const httpCheck = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    url: { type: 'string' },
    endpoint: { type: 'string' },
    method: { type: 'string', enum: ['GET', 'POST', 'PUT', 'DELETE'] },
    body: { type: 'string' },
    kind: { const: 'http' },
    responseCodes: { type: 'array', items: { type: 'integer', minimum: 100 } },
  },
  required: ['name'],
  additionalProperties: false,
  anyOf: [{ required: ['url'] }, { required: ['endpoint'] }],
  allOf: [
    {
      if: { required: ['body'] },
      then: { properties: { method: { enum: ['POST', 'PUT'] } }, required: ['method'] },
    },
  ],
};

const draft07 = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: { http: { type: 'array', items: httpCheck } },
  additionalProperties: false,
};

/** The problems with the text they mark. */
function lint(text: string, schema: Record<string, unknown> = draft07) {
  return lintYamlAgainstSchema(text, schema).map((problem) => ({
    message: problem.message,
    marked: text.slice(problem.from, problem.to),
  }));
}

describe('schemaDraft', () => {
  it('follows $schema, draft-07 by default', () => {
    expect(schemaDraft({ $schema: 'http://json-schema.org/draft-04/schema#' })).toBe('4');
    expect(schemaDraft({ $schema: 'http://json-schema.org/draft-07/schema#' })).toBe('7');
    expect(schemaDraft({ $schema: 'https://json-schema.org/draft/2019-09/schema' })).toBe(
      '2019-09',
    );
    expect(schemaDraft({ $schema: 'https://json-schema.org/draft/2020-12/schema' })).toBe(
      '2020-12',
    );
    expect(schemaDraft({})).toBe('7');
  });
});

describe('lintYamlAgainstSchema', () => {
  it('accepts a valid document, and says nothing about blank or unparsable text', () => {
    expect(
      lint('http:\n  - name: a\n    url: http://x\n    method: POST\n    body: "{}"\n'),
    ).toEqual([]);
    expect(lint('')).toEqual([]);
    expect(lint('http: [unclosed')).toEqual([]);
  });

  it('finds the draft-07 if/then rule: a body only with POST or PUT, on the method', () => {
    const text = 'http:\n  - name: a\n    url: http://x\n    method: GET\n    body: hello\n';
    expect(lint(text)).toEqual([{ message: 'Expected one of POST, PUT', marked: 'GET' }]);
    // Without a method, the rule asks for one, marked on the list item's first line.
    expect(lint('http:\n  - name: a\n    url: http://x\n    body: hello\n')).toEqual([
      { message: 'Missing property "method"', marked: 'name: a' },
    ]);
  });

  it('finds const (draft-06 and later)', () => {
    const text = 'http:\n  - name: a\n    url: http://x\n    kind: tcp\n';
    expect(lint(text)).toEqual([{ message: 'Value does not match "http"', marked: 'tcp' }]);
  });

  it('marks an unknown key, a missing property, a wrong type and a branch with no match', () => {
    const text = [
      'bogusKey: 1',
      'http:',
      '  - url: http://x',
      '  - name: b',
      '    responseCodes: [200, "x"]',
      '',
    ].join('\n');
    expect(lint(text)).toEqual([
      { message: 'Property "bogusKey" is not allowed', marked: 'bogusKey' },
      { message: 'Missing property "name"', marked: 'url: http://x' },
      { message: 'Needs one of the properties url, endpoint', marked: 'name: b' },
      { message: 'Value type "string" is invalid. Expected "integer"', marked: '"x"' },
    ]);
  });
});
