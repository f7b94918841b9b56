import { describe, expect, it } from 'vitest';
import { CONNECTION_TOASTS, testResultOf } from './connections';

describe('testResultOf (spec doc 3 §8)', () => {
  it('is a success only for 200 with message ok', () => {
    expect(testResultOf(200, { message: 'ok' })).toEqual({
      ok: true,
      message: 'Connection successful',
    });
    expect(testResultOf(200, { message: 'maybe' })).toEqual({
      ok: false,
      message: 'Testing connection failed!',
    });
  });

  it('names the unsupported types', () => {
    expect(testResultOf(501, { error: 'not implemented' })).toEqual({
      ok: false,
      message: 'We currently do not support testing this connection type',
    });
  });

  it('shows a bad request’s error, formatted when it is JSON', () => {
    expect(testResultOf(400, { error: 'database "nope" does not exist' }).message).toBe(
      'database "nope" does not exist',
    );
    expect(testResultOf(400, { error: '{"code":"28P01"}' }).message).toBe(
      '{\n  "code": "28P01"\n}',
    );
    expect(testResultOf(400, {}).message).toBe(CONNECTION_TOASTS.testFailed);
    expect(testResultOf(500, { error: 'boom' }).message).toBe(CONNECTION_TOASTS.testFailed);
    expect(testResultOf(404, { error: 'connection was not found' }).message).toBe(
      'Testing connection failed!',
    );
  });
});
