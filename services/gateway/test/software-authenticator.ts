import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array): string => Buffer.from(data).toString('base64url');
const u32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/** flags of authenticator data (WebAuthn §6.1): user present, user verified, attested credential data */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

/**
 * A software authenticator for tests: one ES256 key pair, a resident credential per `register`,
 * `none` attestation, user presence and verification always given. It answers as a browser would
 * (RegistrationResponseJSON, AuthenticationResponseJSON) for the `origin` it is told it runs on,
 * so a test can also make it answer for the wrong site, lie about its counter, or sign for a
 * challenge it was not given.
 */
export const createSoftwareAuthenticator = (options: { origin: string }) => {
  const credentials: {
    id: Uint8Array;
    rpId: string;
    userHandle: string;
    privateKey: KeyObject;
    counter: number;
  }[] = [];

  const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    /** answers `navigator.credentials.create({ publicKey: options })` */
    register: (creation: CreationOptions, overrides: { origin?: string; rpId?: string } = {}) => {
      const rpId = overrides.rpId ?? creation.rp.id ?? new URL(options.origin).hostname;
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
      const id = new Uint8Array(randomBytes(16));
      const credential = { id, rpId, userHandle: creation.user.id, privateKey, counter: 0 };
      credentials.push(credential);
      // COSE_Key (RFC 9053): kty EC2, alg ES256, crv P-256, x, y
      const coseKey = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, isoBase64URL.toBuffer(jwk.x)],
          [-3, isoBase64URL.toBuffer(jwk.y)],
        ]),
      );
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([UP | UV | AT]),
        u32(credential.counter),
        Buffer.alloc(16), // AAGUID: none
        idLength,
        id,
        coseKey,
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', new Uint8Array(authData)],
        ]) as never,
      );
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key' as const,
        authenticatorAttachment: 'platform' as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', creation.challenge, overrides.origin ?? options.origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
      };
    },

    /**
     * answers `navigator.credentials.get({ publicKey: options })` with the newest credential for
     * the RP (or the one named), moving its counter on unless told which counter to report
     */
    authenticate: (
      request: RequestOptions,
      overrides: { origin?: string; credentialId?: string; counter?: number; userHandle?: string } = {},
    ) => {
      const rpId = request.rpId ?? new URL(options.origin).hostname;
      const credential = [...credentials]
        .reverse()
        .find((c) => c.rpId === rpId && (!overrides.credentialId || b64url(c.id) === overrides.credentialId));
      if (!credential) throw new Error(`no credential for ${rpId}`);
      credential.counter = overrides.counter ?? credential.counter + 1;
      const authData = Buffer.concat([sha256(rpId), Buffer.from([UP | UV]), u32(credential.counter)]);
      const clientDataJSON = clientData('webauthn.get', request.challenge, overrides.origin ?? options.origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key' as const,
        authenticatorAttachment: 'platform' as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: overrides.userHandle ?? credential.userHandle,
        },
      };
    },
  };
};
