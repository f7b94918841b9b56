import { describe, expect, it } from 'vitest';
import { parseAttributes } from '../runtime/attributes';
import {
  incidentFilterAttribute,
  incidentSubjectOf,
  incidentSummaryAttributes,
  subjectIdAttribute,
} from './incident-summary-attributes';
import { emptyTitleFor, incidentListLink } from './incident-summary';

const ID = 'adfa196c-bac7-47c1-ac31-9ee6a7976176';

describe('subjectIdAttribute', () => {
  const spec = subjectIdAttribute('component');
  it('accepts a uuid (lower-cased), leaves absence to the pair check, and blocks otherwise', () => {
    expect(spec.blocking).toBe(true);
    expect(spec.parse(` ${ID.toUpperCase()} `)).toEqual({ value: ID });
    expect(spec.parse(null)).toEqual({ value: undefined });
    expect(spec.parse('  ')).toEqual({ value: undefined });
    expect(spec.parse('payments')).toMatchObject({
      value: undefined,
      problem: expect.stringContaining('"payments" is not a component id (a uuid'),
    });
    expect(spec.parse(`${ID}x`).problem).toBeDefined();
  });
});

describe('incidentSubjectOf', () => {
  it('needs exactly one of component-id and config-id', () => {
    expect(incidentSubjectOf(ID, undefined)).toEqual({ subject: { kind: 'component', id: ID } });
    expect(incidentSubjectOf(undefined, ID)).toEqual({ subject: { kind: 'config', id: ID } });
    expect(incidentSubjectOf(undefined, undefined).problem).toMatchObject({
      attribute: 'component-id',
      message: expect.stringContaining('component-id or config-id is required'),
    });
    expect(incidentSubjectOf(ID, ID).problem).toMatchObject({
      attribute: 'config-id',
      message: expect.stringContaining('both set'),
    });
  });
});

describe('incidentFilterAttribute', () => {
  const type = incidentSummaryAttributes.type;
  it('maps any case to the stored spelling, accepts all, and blocks unknown values', () => {
    expect(type.blocking).toBe(true);
    expect(type.parse(null)).toEqual({ value: 'all' });
    expect(type.parse('TechnicalDebt')).toEqual({ value: 'technicalDebt' });
    expect(type.parse('technical_debt')).toEqual({ value: 'technicalDebt' });
    expect(type.parse('Availability')).toEqual({ value: 'availability' });
    expect(type.parse('ALL')).toEqual({ value: 'all' });
    expect(type.parse('outage').problem).toBe(
      '"outage" is not one of availability, compliance, cost, integration, performance, reliability, security, technicalDebt, all.',
    );
  });

  it('gives status its default of open and severity all', () => {
    expect(incidentSummaryAttributes.status.parse(null)).toEqual({ value: 'open' });
    expect(incidentSummaryAttributes.status.parse('Investigating')).toEqual({
      value: 'investigating',
    });
    expect(incidentSummaryAttributes.severity.parse('Info')).toEqual({ value: 'info' });
    expect(incidentSummaryAttributes.severity.parse('sev1').problem).toContain('"sev1"');
    const custom = incidentFilterAttribute(['a'], 'a');
    expect(custom.parse('b')).toMatchObject({ value: 'a', problem: expect.any(String) });
  });
});

describe('incidentSummaryAttributes', () => {
  it('parses a full element and reports problems by attribute', () => {
    const attributes: Record<string, string> = {
      'component-id': ID,
      status: 'all',
      limit: '500',
      layout: 'grid',
      'no-list': '',
      'console-url': 'javascript:alert(1)',
    };
    const { values, problems } = parseAttributes(
      incidentSummaryAttributes,
      (name) => attributes[name] ?? null,
    );
    expect(values).toMatchObject({
      componentId: ID,
      configId: undefined,
      status: 'all',
      type: 'all',
      severity: 'all',
      limit: 10,
      layout: 'counts',
      noList: true,
      noCounts: false,
      noTitle: false,
      consoleUrl: undefined,
    });
    expect(problems.map((problem) => [problem.attribute, problem.blocking])).toEqual([
      ['limit', false],
      ['layout', false],
      ['console-url', false],
    ]);
  });
});

describe('emptyTitleFor', () => {
  it('uses "No open incidents" by default and the spec text with filters', () => {
    expect(emptyTitleFor({ status: 'open', type: 'all', severity: 'all' })).toBe(
      'No open incidents',
    );
    expect(emptyTitleFor({ status: 'all', type: 'all', severity: 'all' })).toBe('No incidents');
    expect(emptyTitleFor({ status: 'open', type: 'cost', severity: 'all' })).toBe(
      'There are no incidents matching this criteria',
    );
    expect(emptyTitleFor({ status: 'closed', type: 'all', severity: 'all' })).toBe(
      'There are no incidents matching this criteria',
    );
  });
});

describe('incidentListLink', () => {
  it("opens the console's incident list of a component with the filters; none for a config", () => {
    const filters = { status: 'open', type: 'all', severity: 'high' };
    expect(incidentListLink('https://c.example', { kind: 'component', id: ID }, filters)).toBe(
      `https://c.example/incidents?component=${ID}&status=open&severity=high`,
    );
    expect(
      incidentListLink('https://c.example', { kind: 'config', id: ID }, filters),
    ).toBeUndefined();
  });
});
