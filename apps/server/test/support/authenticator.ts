import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/*
 * A software WebAuthn authenticator for API tests: one P-256 key per credential, attestation
 * "none", authenticator data and the few CBOR items (RFC 8949) built by hand as the W3C's Web
 * Authentication standard lays them out (its "Authenticator Data" and "Attestation" sections),
 * so the server's verification runs on real signatures with nothing mocked.
 */

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** A CBOR head: major type and argument (lengths here stay below 65536). */
function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
}
const cborBytes = (b: Uint8Array) => Buffer.concat([head(2, b.length), b]);
const cborText = (s: string) => Buffer.concat([head(3, Buffer.byteLength(s)), Buffer.from(s)]);
/** Small integers, positive or negative, as COSE keys use them. */
const cborInt = (n: number) => (n >= 0 ? head(0, n) : head(1, -1 - n));

/** The credential's public key as a COSE_Key: EC2, ES256, P-256, x and y. */
function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  const x = Buffer.from(jwk.x!, 'base64url');
  const y = Buffer.from(jwk.y!, 'base64url');
  return Buffer.concat([
    Buffer.from([0xa5]),
    cborInt(1),
    cborInt(2),
    cborInt(3),
    cborInt(-7),
    cborInt(-1),
    cborInt(1),
    cborInt(-2),
    cborBytes(x),
    cborInt(-3),
    cborBytes(y),
  ]);
}

const FLAG = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 } as const;

function counterBytes(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

export interface SoftCredential {
  id: string;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export interface AuthenticatorOptions {
  origin: string;
  /** Whether it verifies the user (biometrics, PIN); default true. */
  userVerified?: boolean;
  /** How much the signature counter moves per use; 0 for an authenticator that keeps none. */
  counterStep?: number;
}

/** One authenticator (a phone, a security key) that keeps the credentials it created. */
export function softAuthenticator({ origin, userVerified = true, counterStep = 1 }: AuthenticatorOptions) {
  const credentials: SoftCredential[] = [];
  const flags = (extra: number) => FLAG.UP | (userVerified ? FLAG.UV : 0) | extra;

  return {
    credentials,

    /** navigator.credentials.create: the RegistrationResponseJSON for these options. */
    create(options: CreationOptions, overrides: { origin?: string; challenge?: string } = {}) {
      const rpId = options.rp.id!;
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const id = randomBytes(16);
      const credential: SoftCredential = {
        id: b64url(id),
        rpId,
        userHandle: options.user.id,
        privateKey,
        publicKey,
        counter: 0,
      };
      const idLength = Buffer.from([id.length >> 8, id.length & 0xff]);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([flags(FLAG.AT)]),
        counterBytes(0),
        Buffer.alloc(16), // AAGUID: none given
        idLength,
        id,
        coseKey(publicKey),
      ]);
      const attestationObject = Buffer.concat([
        Buffer.from([0xa3]),
        cborText('fmt'),
        cborText('none'),
        cborText('attStmt'),
        Buffer.from([0xa0]),
        cborText('authData'),
        cborBytes(authData),
      ]);
      const clientData = JSON.stringify({
        type: 'webauthn.create',
        challenge: overrides.challenge ?? options.challenge,
        origin: overrides.origin ?? origin,
        crossOrigin: false,
      });
      credentials.push(credential);
      return {
        credential,
        response: {
          id: credential.id,
          rawId: credential.id,
          type: 'public-key' as const,
          authenticatorAttachment: 'platform' as const,
          response: {
            clientDataJSON: b64url(clientData),
            attestationObject: b64url(attestationObject),
            transports: ['internal'],
          },
          clientExtensionResults: {},
        },
      };
    },

    /** navigator.credentials.get with one of its credentials: the AuthenticationResponseJSON. */
    get(
      options: RequestOptions,
      credential: SoftCredential = credentials[0]!,
      overrides: { origin?: string; counter?: number; tamper?: boolean } = {},
    ) {
      credential.counter = overrides.counter ?? credential.counter + counterStep;
      const authData = Buffer.concat([
        sha256(options.rpId ?? credential.rpId),
        Buffer.from([flags(0)]),
        counterBytes(credential.counter),
      ]);
      const clientData = JSON.stringify({
        type: 'webauthn.get',
        challenge: options.challenge,
        origin: overrides.origin ?? origin,
        crossOrigin: false,
      });
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), credential.privateKey);
      // A flipped bit in the signature's last byte: a DER signature is never empty.
      if (overrides.tamper)
        signature.writeUInt8(signature.readUInt8(signature.length - 1) ^ 0x01, signature.length - 1);
      return {
        id: credential.id,
        rawId: credential.id,
        type: 'public-key' as const,
        authenticatorAttachment: 'platform' as const,
        response: {
          clientDataJSON: b64url(clientData),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
      };
    },
  };
}
