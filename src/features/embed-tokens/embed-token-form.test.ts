import { describe, expect, it } from 'vitest';
import {
  describeScope,
  emptyEmbedTokenValues,
  parseIdList,
  parseLabelLines,
  validateEmbedTokenForm,
  type EmbedTokenFormValues,
} from './embed-token-form';

const A = '0190a0a0-0000-7000-8000-00000000000a';
const B = '0190A0A0-0000-7000-8000-00000000000B';

function values(patch: Partial<EmbedTokenFormValues> = {}): EmbedTokenFormValues {
  return { ...emptyEmbedTokenValues(), name: 'wiki', ...patch };
}

describe('embed token form', () => {
  it('splits ids on lines, commas and spaces, lower-cases and de-duplicates them', () => {
    expect(parseIdList(`${A}\n${B}, ${A.toUpperCase()}  `)).toEqual({
      ids: [A, B.toLowerCase()],
    });
    expect(parseIdList(`${A}, not-an-id`)).toEqual({ ids: [A], invalid: 'not-an-id' });
    expect(parseIdList('  \n ')).toEqual({ ids: [] });
  });

  it('reads key=value label lines and names a bad line', () => {
    expect(parseLabelLines('team=payments\n\n env = prod ')).toEqual({
      labels: { team: 'payments', env: 'prod' },
    });
    expect(parseLabelLines('team=payments\noops').error).toBe('Line 2: write labels as key=value');
    expect(parseLabelLines('=x').error).toBe('Line 1: write labels as key=value');
  });

  it('builds the request with only the scope keys in use', () => {
    const result = validateEmbedTokenForm(
      values({
        name: '  Payments wiki ',
        expiresIn: '7d',
        ids: { ...emptyEmbedTokenValues().ids, checks: `${A}\n${B}`, incident_components: A },
        labels: 'team=payments',
      }),
    );
    expect(result).toEqual({
      ok: true,
      request: {
        name: 'Payments wiki',
        expires_in: '7d',
        scope: {
          checks: [A, B.toLowerCase()],
          incident_components: [A],
          check_labels: { team: 'payments' },
        },
      },
    });
  });

  it('requires a name and at least one resource, and names bad ids per field', () => {
    expect(validateEmbedTokenForm(values({ name: ' ' }))).toEqual({
      ok: false,
      errors: { name: 'This field is required' },
    });
    expect(validateEmbedTokenForm(values())).toEqual({
      ok: false,
      errors: { scope: 'Name at least one resource the token may read' },
    });
    const bad = validateEmbedTokenForm(
      values({ ids: { ...emptyEmbedTokenValues().ids, components: 'web-1' }, labels: 'x' }),
    );
    expect(bad).toEqual({
      ok: false,
      errors: {
        components: '"web-1" is not a component id',
        labels: 'Line 1: write labels as key=value',
      },
    });
    const many = Array.from({ length: 101 }, (_, i) =>
      A.replace(/.{3}$/, String(i).padStart(3, '0')),
    );
    const tooMany = validateEmbedTokenForm(
      values({ ids: { ...emptyEmbedTokenValues().ids, configs: many.join('\n') } }),
    );
    expect(tooMany).toEqual({ ok: false, errors: { configs: 'At most 100 ids' } });
  });

  it('describes a scope in form order, labels last', () => {
    expect(describeScope({ check_labels: { team: 'sre' }, components: [A], checks: [B] })).toEqual([
      { label: 'Health checks', values: [B] },
      { label: 'Components', values: [A] },
      { label: 'Checks labelled', values: ['team=sre'] },
    ]);
  });
});
