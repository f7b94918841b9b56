import { describe, expect, it } from 'vitest';
import {
  CONNECTION_TYPES,
  CONNECTION_TYPE_SPECS,
  MASK,
  NUMBER_MESSAGE,
  REQUIRED_MESSAGE,
  buildUrl,
  connectionFormFromRow,
  connectionInputFromForm,
  connectionTypeSpec,
  formatSecretValue,
  newConnectionForm,
  parseSecretValue,
  pickerTypes,
  validateConnectionForm,
  visibleFields,
  type ConnectionRow,
  type ConnectionTypeSpec,
} from './connection-types';

function spec(type: string): ConnectionTypeSpec {
  const found = connectionTypeSpec(type);
  if (!found) throw new Error(`no spec for ${type}`);
  return found;
}

const row = (patch: Partial<ConnectionRow>): ConnectionRow => ({
  id: 'c1',
  name: 'db',
  namespace: 'prod',
  type: 'postgres',
  url: null,
  username: null,
  password: null,
  certificate: null,
  properties: null,
  insecure_tls: null,
  ...patch,
});

describe('the 25 connection types', () => {
  it('describes each type of the spec once, in the spec’s list', () => {
    expect(CONNECTION_TYPES).toHaveLength(25);
    expect(CONNECTION_TYPE_SPECS.map((item) => item.type).sort()).toEqual(
      [...CONNECTION_TYPES].sort(),
    );
    for (const item of CONNECTION_TYPE_SPECS) {
      expect(item.fields.length, item.type).toBeGreaterThan(0);
      expect(new Set(item.fields.map((field) => field.target)).size, item.type).toBe(
        item.fields.length,
      );
    }
  });

  it('hides jmeter from the picker and groups the others by category', () => {
    const offered = pickerTypes().flatMap((group) => group.specs.map((item) => item.type));
    expect(offered).toHaveLength(24);
    expect(offered).not.toContain('jmeter');
    expect(pickerTypes('postgre').flatMap((group) => group.specs.map((item) => item.type))).toEqual(
      ['postgres'],
    );
    expect(pickerTypes('azure dev').flatMap((g) => g.specs.map((item) => item.type))).toEqual([
      'azure_devops',
    ]);
    expect(pickerTypes('nothing like it')).toEqual([]);
  });

  it('starts a new connection at the spec’s defaults', () => {
    expect(newConnectionForm(spec('redis')).values['properties.db']).toBe('0');
    expect(newConnectionForm(spec('sftp')).values['properties.port']).toBe('22');
    expect(newConnectionForm(spec('smb')).values['properties.port']).toBe('445');
    expect(newConnectionForm(spec('git')).values['properties.ref']).toBe('main');
    expect(newConnectionForm(spec('git')).values['form.auth']).toBe('basic');
    expect(newConnectionForm(spec('http')).values.insecure_tls).toBe(false);
    expect(newConnectionForm(spec('postgres')).namespace).toBe('default');
  });
});

describe('validation', () => {
  it('requires Name, Namespace and the type’s required fields', () => {
    const form = { ...newConnectionForm(spec('postgres')), namespace: ' ' };
    expect(validateConnectionForm(spec('postgres'), form)).toEqual({
      name: REQUIRED_MESSAGE,
      namespace: REQUIRED_MESSAGE,
      url: REQUIRED_MESSAGE,
    });
    const aws = newConnectionForm(spec('aws'));
    expect(Object.keys(validateConnectionForm(spec('aws'), { ...aws, name: 'a' })).sort()).toEqual([
      'password',
      'username',
    ]);
  });

  it('checks numbers and incomplete secret references', () => {
    const form = newConnectionForm(spec('sftp'));
    form.name = 'files';
    form.values.url = 'files.example.com';
    form.values['properties.port'] = 'twenty-two';
    form.values.username = 'secret://sftp-creds/';
    expect(validateConnectionForm(spec('sftp'), form)).toEqual({
      'properties.port': NUMBER_MESSAGE,
      username: REQUIRED_MESSAGE,
    });
    form.values['properties.port'] = '2222';
    form.values.username = 'secret://sftp-creds/user';
    expect(validateConnectionForm(spec('sftp'), form)).toEqual({});
  });

  it('asks for the SSH key only when git uses SSH', () => {
    const form = newConnectionForm(spec('git'));
    form.name = 'repo';
    form.values.url = 'git@github.com:org/repo.git';
    expect(visibleFields(spec('git'), form.values).map((field) => field.target)).toContain(
      'password',
    );
    expect(validateConnectionForm(spec('git'), form)).toEqual({});
    form.values['form.auth'] = 'ssh';
    expect(validateConnectionForm(spec('git'), form)).toEqual({ certificate: REQUIRED_MESSAGE });
  });
});

describe('secret values', () => {
  it('reads and writes the three modes', () => {
    expect(parseSecretValue('hunter2')).toEqual({
      mode: 'static',
      value: 'hunter2',
      name: '',
      key: '',
    });
    expect(parseSecretValue('secret://db/password')).toMatchObject({
      mode: 'secret',
      name: 'db',
      key: 'password',
    });
    expect(parseSecretValue('configmap://settings/user')).toMatchObject({
      mode: 'configmap',
      name: 'settings',
      key: 'user',
    });
    expect(formatSecretValue({ mode: 'secret', value: '', name: 'db', key: 'password' })).toBe(
      'secret://db/password',
    );
    expect(formatSecretValue({ mode: 'configmap', value: '', name: '', key: '' })).toBe('');
  });
});

describe('rows and forms', () => {
  it('writes the columns and properties of a form, blank values as null', () => {
    const form = newConnectionForm(spec('redis'));
    form.name = ' cache ';
    form.values.url = 'redis:6379';
    form.values.password = 'secret://redis/password';
    form.values['properties.db'] = '3';
    expect(connectionInputFromForm(spec('redis'), form)).toEqual({
      name: 'cache',
      namespace: 'default',
      type: 'redis',
      url: 'redis:6379',
      username: null,
      password: 'secret://redis/password',
      certificate: null,
      properties: { db: '3' },
      insecure_tls: false,
    });
  });

  it('keeps masked secrets as the mask (the server keeps the stored value) and other properties', () => {
    const stored = row({
      type: 'sftp',
      url: 'files.example.com',
      username: MASK,
      password: MASK,
      properties: { port: '2222', extra: 'kept' },
    });
    const form = connectionFormFromRow(spec('sftp'), stored);
    expect(form.values.password).toBe(MASK);
    expect(form.values['properties.port']).toBe('2222');
    expect(validateConnectionForm(spec('sftp'), form)).toEqual({});
    const input = connectionInputFromForm(spec('sftp'), form, stored);
    expect(input.password).toBe(MASK);
    expect(input.username).toBe(MASK);
    expect(input.properties).toEqual({ port: '2222', extra: 'kept' });
  });

  it('drops the fields a git connection no longer shows', () => {
    const stored = row({ type: 'git', url: 'https://x/repo.git', username: MASK, password: MASK });
    const form = connectionFormFromRow(spec('git'), stored);
    expect(form.values['form.auth']).toBe('basic');
    form.values['form.auth'] = 'ssh';
    form.values.certificate = '-----BEGIN OPENSSH PRIVATE KEY-----\n…';
    const input = connectionInputFromForm(spec('git'), form, stored);
    expect(input.username).toBeNull();
    expect(input.password).toBeNull();
    expect(input.certificate).toContain('OPENSSH');
    expect(
      connectionFormFromRow(spec('git'), { ...stored, certificate: MASK }).values['form.auth'],
    ).toBe('ssh');
  });

  it('builds an Azure DevOps URL from an organization name', () => {
    expect(buildUrl('azure_devops', 'my-org')).toBe('https://dev.azure.com/my-org');
    expect(buildUrl('azure_devops', 'https://dev.azure.com/x')).toBe('https://dev.azure.com/x');
    expect(buildUrl('postgres', ' postgres://h/db ')).toBe('postgres://h/db');
  });
});
