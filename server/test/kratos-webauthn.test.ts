/**
 * WebAuthn at the server level: a software authenticator (P-256, `none` attestation) registers a
 * key through the settings flow and signs the aal2 login's challenge.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/types';
import { buildApp, openTestDb, type TestApp } from './fixtures/app';
import {
  Browser,
  errorId,
  names,
  newAddress,
  node,
  passwordLogin,
  register,
} from './fixtures/kratos';

let db: Db;
let t: TestApp;

beforeAll(async () => {
  db = await openTestDb();
  t = buildApp(db, { auth: 'basic' });
});
afterAll(async () => db.close());

// ---- a minimal CBOR encoder (unsigned/negative ints, bytes, text, maps) ----
type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;
function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const out = Buffer.alloc(3);
  out[0] = (major << 5) | 25;
  out.writeUInt16BE(length, 1);
  return out;
}
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array)
    return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts = [head(5, value.size)];
  for (const [key, entry] of value) parts.push(cbor(key), cbor(entry));
  return Buffer.concat(parts);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

class SoftwareKey {
  readonly id = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private counter = 0;
  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicJwk = pair.publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  }

  register(options: { challenge: string; rp: { id: string } }, origin: string) {
    const clientData = Buffer.from(
      JSON.stringify({
        type: 'webauthn.create',
        challenge: options.challenge,
        origin,
        crossOrigin: false,
      }),
    );
    const cose = cbor(
      new Map<number | string, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(this.publicJwk.x, 'base64url')],
        [-3, Buffer.from(this.publicJwk.y, 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.id.length);
    const authData = Buffer.concat([
      sha256(options.rp.id),
      Buffer.from([0x41]),
      Buffer.alloc(4),
      Buffer.alloc(16),
      idLength,
      this.id,
      cose,
    ]);
    const attestation = cbor(
      new Map<number | string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: b64url(this.id),
      rawId: b64url(this.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        attestationObject: b64url(attestation),
        transports: ['usb'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'cross-platform',
    };
  }

  assert(options: { challenge: string; rpId: string }, origin: string) {
    this.counter += 1;
    const clientData = Buffer.from(
      JSON.stringify({
        type: 'webauthn.get',
        challenge: options.challenge,
        origin,
        crossOrigin: false,
      }),
    );
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const authData = Buffer.concat([sha256(options.rpId), Buffer.from([0x01]), count]);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientData)]),
      this.privateKey,
    );
    return {
      id: b64url(this.id),
      rawId: b64url(this.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
    };
  }
}

const ORIGIN = 'http://localhost';
const PASSWORD = 'Webauthn-Test-Pass-77';

describe('WebAuthn as a second factor', () => {
  const email = newAddress('webauthn');
  const key = new SoftwareKey();

  it('registers a security key through the settings flow', async () => {
    const { browser } = await register(t.app, email, PASSWORD);
    const started = await browser.start('settings');
    const options = JSON.parse(
      String(node(started.body, 'webauthn_register_trigger')?.attributes.value),
    ) as {
      challenge: string;
      rp: { id: string };
    };
    const forged = await browser.submit('settings', started.body, {
      method: 'webauthn',
      webauthn_register: JSON.stringify(
        key.register({ ...options, challenge: b64url(randomBytes(32)) }, ORIGIN),
      ),
    });
    expect(forged.status).toBe(400);
    const wrongOrigin = await browser.submit('settings', started.body, {
      method: 'webauthn',
      webauthn_register: JSON.stringify(key.register(options, 'https://evil.example')),
    });
    expect(wrongOrigin.status).toBe(400);
    const saved = await browser.submit('settings', started.body, {
      method: 'webauthn',
      webauthn_register: JSON.stringify(key.register(options, ORIGIN)),
      webauthn_register_displayname: 'My key',
    });
    expect(saved.status, JSON.stringify(saved.body.ui?.messages)).toBe(200);
    expect(saved.body.state).toBe('success');
    const remove = node(saved.body, 'webauthn_remove');
    expect(remove?.attributes.value).toBe(b64url(key.id));
    const stored = await db.query<{ display_name: string; counter: string; transports: string[] }>(
      'SELECT display_name, counter, transports FROM vigil_webauthn_credentials',
    );
    expect(stored.rows).toEqual([
      { display_name: 'My key', counter: expect.anything(), transports: ['usb'] },
    ]);
    expect((await browser.whoami()).body.authenticator_assurance_level).toBe('aal2');
  });

  it('signs the aal2 login challenge; a wrong signature or key is refused', async () => {
    const login = await passwordLogin(t.app, email, PASSWORD);
    expect(login.status).toBe(422);
    const browser = login.browser;
    expect((await browser.whoami()).status).toBe(403);
    const aal2 = await browser.start('login', '?aal=aal2');
    expect(names(aal2.body)).toEqual([
      'default:csrf_token',
      'webauthn:webauthn_login_trigger',
      'webauthn:webauthn_login',
    ]);
    const trigger = node(aal2.body, 'webauthn_login_trigger');
    expect(trigger?.attributes).toMatchObject({ onclickTrigger: 'oryWebAuthnLogin' });
    const options = JSON.parse(String(trigger?.attributes.value)) as {
      challenge: string;
      rpId: string;
      allowCredentials: { id: string }[];
    };
    expect(options.allowCredentials.map((entry) => entry.id)).toEqual([b64url(key.id)]);

    const stranger = new SoftwareKey();
    const unknown = await browser.submit('login', aal2.body, {
      method: 'webauthn',
      webauthn_login: JSON.stringify(stranger.assert(options, ORIGIN)),
    });
    expect(unknown.status).toBe(400);
    const stale = await browser.submit('login', aal2.body, {
      method: 'webauthn',
      webauthn_login: JSON.stringify(
        key.assert({ ...options, challenge: b64url(randomBytes(32)) }, ORIGIN),
      ),
    });
    expect(stale.status).toBe(400);
    const ok = await browser.submit('login', aal2.body, {
      method: 'webauthn',
      webauthn_login: JSON.stringify(key.assert(options, ORIGIN)),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await browser.whoami()).body.authenticator_assurance_level).toBe('aal2');
    expect((await browser.request('/api/auth/whoami')).status).toBe(200);
  });

  it('removes the key; then a password is enough again', async () => {
    const login = await passwordLogin(t.app, email, PASSWORD);
    const aal2 = await login.browser.start('login', '?aal=aal2');
    const options = JSON.parse(
      String(node(aal2.body, 'webauthn_login_trigger')?.attributes.value),
    ) as {
      challenge: string;
      rpId: string;
    };
    expect(
      (
        await login.browser.submit('login', aal2.body, {
          method: 'webauthn',
          webauthn_login: JSON.stringify(key.assert(options, ORIGIN)),
        })
      ).status,
    ).toBe(200);
    const settings = await login.browser.start('settings');
    const removed = await login.browser.submit('settings', settings.body, {
      method: 'webauthn',
      webauthn_remove: b64url(key.id),
    });
    expect(removed.status).toBe(200);
    expect(node(removed.body, 'webauthn_remove')).toBeUndefined();
    const plain = await passwordLogin(t.app, email, PASSWORD);
    expect(plain.status).toBe(200);
    expect(errorId(plain.body)).toBeUndefined();
  });
});

void Browser;
