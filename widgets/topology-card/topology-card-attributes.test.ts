import { describe, expect, it } from 'vitest';
import { parseAttributes } from '../runtime/attributes';
import { topologyCardLink } from './topology-card';
import { componentIdAttribute, topologyCardAttributes } from './topology-card-attributes';

const ID = '0190a1b2-c3d4-4e5f-8a9b-0c1d2e3f4a5b';

describe('componentIdAttribute', () => {
  const spec = componentIdAttribute();
  it('requires a uuid and blocks otherwise', () => {
    expect(spec.blocking).toBe(true);
    expect(spec.parse(` ${ID.toUpperCase()} `)).toEqual({ value: ID });
    expect(spec.parse(null).problem).toContain('is required');
    expect(spec.parse('  ').problem).toContain('is required');
    expect(spec.parse('cluster-1').problem).toBe('"cluster-1" is not a component id (a uuid).');
  });
});

describe('topologyCardAttributes', () => {
  const parse = (attributes: Record<string, string>) =>
    parseAttributes(topologyCardAttributes, (name) => attributes[name] ?? null);

  it('reads size, console-url and the no-… switches', () => {
    const { values, problems } = parse({
      'component-id': ID,
      size: 'small',
      'console-url': 'https://vigil.example.com',
      'no-properties': '',
      'no-summary': 'false',
    });
    expect(problems).toEqual([]);
    expect(values).toEqual({
      componentId: ID,
      size: 'small',
      consoleUrl: 'https://vigil.example.com',
      noProperties: true,
      noSummary: false,
    });
  });

  it('falls back for a bad size or console-url, and blocks for a bad id', () => {
    const { values, problems } = parse({
      'component-id': 'x',
      size: 'huge',
      'console-url': 'javascript:alert(1)',
    });
    expect(values.size).toBe('extra_large');
    expect(values.consoleUrl).toBeUndefined();
    expect(problems.map((problem) => [problem.attribute, problem.blocking])).toEqual([
      ['component-id', true],
      ['size', false],
      ['console-url', false],
    ]);
    expect(problems[1]?.message).toBe(
      'Attribute size value "huge" is not one of small, medium, large, extra_large; using extra_large.',
    );
  });
});

describe('topologyCardLink', () => {
  it("opens the component's page in the console", () => {
    expect(topologyCardLink('https://vigil.example.com/', ID)).toBe(
      `https://vigil.example.com/topology/${ID}`,
    );
    expect(topologyCardLink('https://vigil.example.com/ops', 'a b')).toBe(
      'https://vigil.example.com/ops/topology/a%20b',
    );
  });
});
