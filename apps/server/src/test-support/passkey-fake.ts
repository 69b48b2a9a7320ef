import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/** The WebAuthn options the server sends (`POST .../passkey/options`), as far as an authenticator reads them. */
interface PasskeyOptions {
  challenge: string;
  user?: { id: string };
}

const base64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/**
 * A passkey made in the test, as a platform authenticator would make and use it (ES256, attestation
 * `none`, the person verified): its answers to the server's registration and sign-in options, for
 * the relying party `rpId` at `origin` (the server's `relyingParty(config)`).
 */
export interface SoftwarePasskey {
  /** The credential id, base64url: what the server finds the passkey by. */
  id: string;
  /** The answer to `POST /auth/second-factors/passkey/options`' options (navigator.credentials.create). */
  register(options: PasskeyOptions): Record<string, unknown>;
  /** The answer to a sign-in's options (navigator.credentials.get), signed by the passkey's key. */
  authenticate(options: PasskeyOptions): Record<string, unknown>;
}

export function softwarePasskey(rp: { id: string; origin: string }): SoftwarePasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = randomBytes(16);
  const id = base64url(credentialId);
  let userHandle: string | undefined;
  let counter = 0;

  /** rpIdHash, flags (user present and verified; attested credential data when made), counter. */
  const authenticatorData = (attested: Uint8Array | null) => {
    const counterBytes = Buffer.alloc(4);
    counterBytes.writeUInt32BE(++counter);
    const flags = Buffer.from([attested ? 0x45 : 0x05]);
    return Buffer.concat([sha256(rp.id), flags, counterBytes, ...(attested ? [attested] : [])]);
  };
  const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: rp.origin, crossOrigin: false }), 'utf8');

  return {
    id,
    register(options) {
      userHandle = options.user?.id;
      const attested = Buffer.concat([
        Buffer.alloc(16), // AAGUID: none
        Buffer.from([credentialId.length >> 8, credentialId.length & 0xff]),
        credentialId,
        coseKey(publicKey),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', new Uint8Array(authenticatorData(attested))],
        ]) as never,
      );
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: base64url(clientData('webauthn.create', options.challenge)),
          attestationObject: base64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    authenticate(options) {
      const data = authenticatorData(null);
      const client = clientData('webauthn.get', options.challenge);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: base64url(client),
          authenticatorData: base64url(data),
          signature: base64url(signature),
          ...(userHandle && { userHandle }),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}

/** The public key as COSE (EC2, ES256, P-256), as an authenticator puts it in the attested data. */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, unknown>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
    ]) as never,
  );
}
