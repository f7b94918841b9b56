/**
 * The health-check and scraper form rules (spec doc 3 §4, §5): required fields by kind, number
 * texts and minimums, the body only for POST and PUT, exclusive authentication modes, script
 * types clearing the old text, secret value modes, retention names.
 */
import { describe, expect, it } from 'vitest';
import {
  authenticationMode,
  checkKind,
  CHECK_KINDS,
  numberFieldError,
  readSecretValue,
  validateCheck,
  withAuthenticationMode,
  withScriptType,
  writeSecretValue,
} from './health-check-kinds';
import { validateSpecForm } from './spec-form-rules';

describe('health-check form rules', () => {
  it('number fields say required, not a number, and 0 or more', () => {
    expect(numberFieldError('', { required: true })).toBe('This field is required');
    expect(numberFieldError('')).toBeUndefined();
    expect(numberFieldError('12x')).toBe('This field must be a number');
    expect(numberFieldError('-1', { min: 0 })).toBe('This field must be 0 or more');
    expect(numberFieldError('3.5', { min: 0 })).toBeUndefined();
  });

  it('require each kind’s fields (URL, host, address, script, folder path…)', () => {
    const required = (id: string) =>
      Object.keys(validateCheck(checkKind(id)!, { name: 'x' })).sort();
    expect(required('http')).toEqual(['url']);
    expect(required('tcp')).toEqual(['endpoint']);
    expect(required('icmp')).toEqual(['endpoint']);
    expect(required('redis')).toEqual(['addr']);
    expect(required('exec')).toEqual(['script']);
    expect(required('folder')).toEqual(['path']);
    expect(required('elasticsearch')).toEqual(['index', 'query', 'url']);
    expect(required('alertmanager')).toEqual(['url']);
    expect(validateCheck(checkKind('tcp')!, { endpoint: 'db:5432' })).toEqual({
      name: 'This field is required',
    });
    expect(CHECK_KINDS.map((kind) => kind.id)).toEqual(
      expect.arrayContaining(['http', 'tcp', 'icmp', 'dns', 'redis', 'exec']),
    );
  });

  it('keep minimums and the body only for POST and PUT', () => {
    const http = checkKind('http')!;
    expect(
      validateCheck(http, { name: 'a', url: 'https://x', thresholdMillis: -5, maxSSLExpiry: 'x' }),
    ).toEqual({
      thresholdMillis: 'This field must be 0 or more',
      maxSSLExpiry: 'This field must be a number',
    });
    expect(validateCheck(http, { name: 'a', url: 'https://x', method: 'GET', body: '{}' })).toEqual(
      {
        body: 'A body is sent only with POST or PUT',
      },
    );
    expect(validateCheck(http, { name: 'a', url: 'https://x', method: 'PUT', body: '{}' })).toEqual(
      {},
    );
    const icmp = checkKind('icmp')!;
    expect(
      validateCheck(icmp, { name: 'a', endpoint: 'h', packetCount: -1, packetLossThreshold: -1 }),
    ).toEqual({
      packetCount: 'This field must be 0 or more',
      packetLossThreshold: 'This field must be 0 or more',
    });
  });

  it('make authentication modes exclusive and script types clear the old text', () => {
    const basic = withAuthenticationMode({ url: 'u', ntlm: true }, 'Basic');
    expect(basic).toEqual({ url: 'u', username: '', password: '' });
    expect(authenticationMode(basic)).toBe('Basic');
    const ntlm2 = withAuthenticationMode({ ...basic, username: 'me' }, 'NTLMv2');
    expect(ntlm2).toEqual({ url: 'u', username: 'me', password: '', ntlmv2: true });
    expect(withAuthenticationMode(ntlm2, 'None')).toEqual({ url: 'u' });
    expect(withScriptType('Javascript')).toEqual({ javascript: '' });
    expect(withScriptType('JSONPath')).toEqual({ jsonPath: '' });
    expect(withScriptType('None')).toBeUndefined();
  });

  it('read and write secret values in the three modes', () => {
    expect(readSecretValue('p')).toMatchObject({ mode: 'Static', value: 'p' });
    const secret = { valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } };
    expect(readSecretValue(secret)).toMatchObject({ mode: 'Secret', name: 'db', key: 'password' });
    expect(writeSecretValue(readSecretValue(secret))).toEqual(secret);
    expect(writeSecretValue({ mode: 'Config Map', name: 'cm', key: 'k', value: '' })).toEqual({
      valueFrom: { configMapKeyRef: { name: 'cm', key: 'k' } },
    });
    expect(
      validateCheck(checkKind('postgres')!, {
        name: 'db',
        url: { valueFrom: { secretKeyRef: { name: 'db', key: '' } } },
      }),
    ).toEqual({ url: 'This field is required' });
  });
});

describe('scraper and incident-rule form rules', () => {
  it('require the kind’s fields and retention names', () => {
    expect(validateSpecForm('scraper', { kubernetes: [{}] })).toEqual({
      'item.clusterName': 'This field is required',
    });
    expect(validateSpecForm('scraper', { githubActions: [{ owner: 'o' }] })).toEqual({
      'item.repository': 'This field is required',
    });
    expect(
      Object.keys(validateSpecForm('scraper', { sql: [{ query: 'SELECT 1' }] })).sort(),
    ).toEqual(['item.connection', 'item.id', 'item.type']);
    expect(
      validateSpecForm('scraper', {
        kubernetes: [{ clusterName: 'prod' }],
        retention: { changes: [{ age: '7d', count: -1 }], types: [{}] },
      }),
    ).toEqual({
      'retention.changes.0.name': 'This field is required',
      'retention.changes.0.count': 'This field must be 0 or more',
      'retention.types.0.name': 'This field is required',
    });
    expect(validateSpecForm('incident-rule', { priority: 'high' })).toEqual({
      priority: 'This field must be a number',
    });
    expect(validateSpecForm('health-check', { tcp: [{ name: 'db' }] })).toEqual({
      'check.endpoint': 'This field is required',
    });
  });
});
