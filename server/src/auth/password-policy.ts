/**
 * The password policy of registration and settings (docs/identity.md "Reference server"): at least
 * 8 and at most 256 characters (scrypt has no 72-byte limit, so none is imposed), not the e-mail
 * address or its local part (nor containing that local part, when it has 4+ characters), and not
 * in the breached-password list shipped with the server (`server/data/breached-passwords.txt`,
 * compared case-insensitively). Failures are Kratos message 4000005 "The password can not be used
 * because …".
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './invites';

export const BREACHED_PASSWORDS_FILE = fileURLToPath(
  new URL('../../data/breached-passwords.txt', import.meta.url),
);

let breached: Set<string> | undefined;

/** The breached-password list, read once. */
export function breachedPasswords(): Set<string> {
  if (!breached) {
    const text = readFileSync(BREACHED_PASSWORDS_FILE, 'utf8');
    breached = new Set(
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line !== '' && !line.startsWith('#'))
        .map((line) => line.toLowerCase()),
    );
  }
  return breached;
}

/** Why the password is refused (the part after "because"), or undefined when it is fine. */
export function passwordPolicyProblem(password: string, email: string): string | undefined {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) {
    return `password length must be at least ${MIN_PASSWORD_LENGTH} characters but only got ${length}`;
  }
  if (length > MAX_PASSWORD_LENGTH) {
    return `password length must be at most ${MAX_PASSWORD_LENGTH} characters but got ${length}`;
  }
  const lower = password.toLowerCase();
  const address = email.trim().toLowerCase();
  const local = address.split('@')[0] ?? '';
  if (
    (address && lower === address) ||
    (local && lower === local) ||
    (local.length >= 4 && lower.includes(local))
  ) {
    return 'the password is too similar to the user identifier';
  }
  if (breachedPasswords().has(lower)) {
    return 'the password has been found in data breaches and must no longer be used';
  }
  return undefined;
}

/** Kratos message 4000005 for a policy problem. */
export function passwordPolicyMessage(reason: string): { id: number; text: string; type: string } {
  return { id: 4000005, text: `The password can not be used because ${reason}.`, type: 'error' };
}
