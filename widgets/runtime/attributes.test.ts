import { describe, expect, it } from 'vitest';
import {
  booleanAttribute,
  commonAttributes,
  enumAttribute,
  numberAttribute,
  parseAttributes,
  stringRecordAttribute,
  toAttributeName,
  urlAttribute,
} from './attributes';

describe('toAttributeName', () => {
  it('maps camelCase props to kebab-case attributes', () => {
    expect(toAttributeName('apiBase')).toBe('api-base');
    expect(toAttributeName('noTitle')).toBe('no-title');
    expect(toAttributeName('namespace')).toBe('namespace');
  });
});

describe('booleanAttribute', () => {
  const spec = booleanAttribute();
  it('is false when absent and true when present, except "false"', () => {
    expect(spec.parse(null).value).toBe(false);
    expect(spec.parse('').value).toBe(true);
    expect(spec.parse('no-title').value).toBe(true);
    expect(spec.parse('FALSE').value).toBe(false);
  });
});

describe('numberAttribute', () => {
  const spec = numberAttribute({ defaultValue: 60, min: 0, unit: 'seconds' });
  it('parses numbers and falls back on bad or out-of-range values', () => {
    expect(spec.parse('15').value).toBe(15);
    expect(spec.parse(' 0 ').value).toBe(0);
    expect(spec.parse(null)).toEqual({ value: 60 });
    expect(spec.parse('soon')).toMatchObject({
      value: 60,
      problem: expect.stringContaining('soon'),
    });
    expect(spec.parse('-5').problem).toContain('at least 0');
  });
});

describe('enumAttribute', () => {
  const spec = enumAttribute(['light', 'dark', 'auto'], 'light');
  it('accepts exact values only, like the CSS attribute selectors', () => {
    expect(spec.parse('dark').value).toBe('dark');
    expect(spec.parse('DARK')).toMatchObject({ value: 'light', problem: expect.any(String) });
    expect(spec.parse(null).value).toBe('light');
  });
});

describe('stringRecordAttribute', () => {
  const spec = stringRecordAttribute();
  it('parses a flat JSON object of strings and blocks on anything else', () => {
    expect(spec.blocking).toBe(true);
    expect(spec.parse('{"team":"payments"}').value).toEqual({ team: 'payments' });
    expect(spec.parse(null).value).toEqual({});
    expect(spec.parse('{bad').problem).toContain('not valid JSON');
    expect(spec.parse('["a"]').problem).toContain('JSON object');
    expect(spec.parse('{"n":1}').problem).toContain('"n"');
  });

  it('drops prototype keys', () => {
    const { value } = spec.parse('{"__proto__":"x","team":"a"}');
    expect(Object.keys(value)).toEqual(['team']);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });
});

describe('urlAttribute', () => {
  const spec = urlAttribute({ blocking: false });
  it('keeps http(s) and relative URLs as written, refuses other schemes', () => {
    expect(spec.parse('/api').value).toBe('/api');
    expect(spec.parse('https://mc.example/api').value).toBe('https://mc.example/api');
    expect(spec.parse('javascript:alert(1)')).toMatchObject({
      value: undefined,
      problem: expect.stringContaining('http(s)'),
    });
  });
});

describe('parseAttributes', () => {
  it('reads kebab-case attributes and reports problems with their name and severity', () => {
    const attributes: Record<string, string> = {
      'api-base': 'https://mc.example/api',
      theme: 'purple',
      labels: '{oops',
    };
    const { values, problems } = parseAttributes(
      { ...commonAttributes, labels: stringRecordAttribute() },
      (name) => attributes[name] ?? null,
    );
    expect(values).toMatchObject({
      apiBase: 'https://mc.example/api',
      theme: 'light',
      refresh: 60,
      embedToken: undefined,
      labels: {},
    });
    expect(problems.map((problem) => [problem.attribute, problem.blocking])).toEqual([
      ['theme', false],
      ['labels', true],
    ]);
    expect(problems[0]?.message).toBe(
      'Attribute theme value "purple" is not one of light, dark, auto; using light.',
    );
  });
});
