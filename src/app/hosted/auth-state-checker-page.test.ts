import { describe, expect, it } from 'vitest';
import { authStateTarget } from './auth-state-checker-page';

describe('/auth-state-checker', () => {
  it('signed out → sign-in with the return path', () => {
    expect(authStateTarget(false, '/catalog?x=1')).toBe('/login?return_to=%2Fcatalog%3Fx%3D1');
    expect(authStateTarget(false, null)).toBe('/login');
  });

  it('never returns to another origin', () => {
    expect(authStateTarget(false, 'https://evil.example.com')).toBe('/login');
    expect(authStateTarget(false, '//evil.example.com')).toBe('/login');
  });

  it('signed in (a live token was refused) → the bad-session page', () => {
    expect(authStateTarget(true, '/catalog')).toBe('/error?error_code=BAD_SESSION');
  });
});
