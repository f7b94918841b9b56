/**
 * The browser half of WebAuthn (the one place that imports @simplewebauthn/browser): a trigger
 * node's `value` is the server's options as JSON (simplewebauthn's `…OptionsJSON` shapes,
 * docs/identity.md); the result goes back to the server as a JSON string.
 */
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

type Browser = typeof import('@simplewebauthn/browser');

/**
 * The browser calls, held in one object so a unit test can stand in for the ceremony (the test
 * runner shares modules between files, so a module mock would not reach an already loaded copy).
 */
export const webAuthnBrowser: Pick<Browser, 'startRegistration' | 'startAuthentication'> = {
  // Loaded at the ceremony: the library stays out of the sign-in pages' first load.
  startRegistration: async (options) =>
    (await import('@simplewebauthn/browser')).startRegistration(options),
  startAuthentication: async (options) =>
    (await import('@simplewebauthn/browser')).startAuthentication(options),
};

export type WebAuthnTrigger = 'oryWebAuthnRegistration' | 'oryWebAuthnLogin';

/** The hidden field a trigger fills: `webauthn_register` or `webauthn_login`. */
export function webAuthnResultField(trigger: WebAuthnTrigger): string {
  return trigger === 'oryWebAuthnRegistration' ? 'webauthn_register' : 'webauthn_login';
}

export function isWebAuthnTrigger(value: unknown): value is WebAuthnTrigger {
  return value === 'oryWebAuthnRegistration' || value === 'oryWebAuthnLogin';
}

function parseOptions(value: unknown): Record<string, unknown> {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!parsed || typeof parsed !== 'object')
    throw new Error('The security key options are missing.');
  // Kratos wraps the options as `{publicKey: {...}}`; simplewebauthn's JSON is the inner object.
  const record = parsed as Record<string, unknown>;
  return record.publicKey && typeof record.publicKey === 'object'
    ? (record.publicKey as Record<string, unknown>)
    : record;
}

/** Run the ceremony for a trigger node; resolves to the JSON string to submit. */
export async function runWebAuthn(
  trigger: WebAuthnTrigger,
  optionsValue: unknown,
): Promise<string> {
  const options = parseOptions(optionsValue);
  const response =
    trigger === 'oryWebAuthnRegistration'
      ? await webAuthnBrowser.startRegistration({
          optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
        })
      : await webAuthnBrowser.startAuthentication({
          optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
        });
  return JSON.stringify(response);
}

/** A readable reason for a failed or cancelled ceremony. */
export function webAuthnErrorText(error: unknown): string {
  if (error instanceof Error && error.name === 'NotAllowedError') {
    return 'The security key request was cancelled or timed out.';
  }
  if (error instanceof Error && error.message) return error.message;
  return 'The security key could not be used.';
}
