import { describe, expect, it } from 'vitest';
import { NETWORK_MESSAGES, messageFromBody } from './client';

describe('messageFromBody', () => {
  it('reads the message of the API error shapes', () => {
    expect(messageFromBody({ error: 'check (x) was not found' })).toBe('check (x) was not found');
    expect(messageFromBody({ message: 'relation does not exist' })).toBe('relation does not exist');
    expect(messageFromBody('plain text')).toBe('plain text');
  });

  it("reads Kratos' nested error (the sign-in rate limit among them)", () => {
    expect(
      messageFromBody({
        error: {
          code: 429,
          status: 'Too Many Requests',
          message: 'Too many sign-in attempts. Try again in 15 minutes.',
        },
      }),
    ).toBe('Too many sign-in attempts. Try again in 15 minutes.');
  });

  it('falls back to the generic message', () => {
    expect(messageFromBody({ error: { code: 500 } })).toBe(NETWORK_MESSAGES.generic);
    expect(messageFromBody(null)).toBe(NETWORK_MESSAGES.generic);
  });
});
