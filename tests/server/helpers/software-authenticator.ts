/**
 * A passkey made in the test (issue 38, ADR 754): an ES256 key pair from node:crypto and the
 * browser's answers built by hand as a platform authenticator and the browser would build them:
 * clientDataJSON, authenticatorData (SHA-256 of the relying party id, flags, signature counter,
 * and at registration the credential with its COSE public key in CBOR), attestation 'none'.
 * The answers are the JSON @simplewebauthn/browser posts (RegistrationResponseJSON,
 * AuthenticationResponseJSON).
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/** Flags of authenticatorData: user present, user verified, attested credential data included. */
const USER_PRESENT = 0x01;
const USER_VERIFIED = 0x04;
const ATTESTED_CREDENTIAL = 0x40;

/** What the browser signs for: the ceremony's challenge and the page's origin. */
export interface Ceremony {
  /** The options' challenge (base64url), or any other to forge one. */
  challenge: string;
  origin: string;
  /** The relying party id the authenticator hashes into authenticatorData. */
  rpId: string;
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

function clientDataJSON(type: 'webauthn.create' | 'webauthn.get', { challenge, origin }: Ceremony): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** A 32-bit big-endian signature counter. */
function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

/** One authenticator holding one passkey. `counter` is the signature counter of its next assertion. */
export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  counter = 0;

  /** The credential id as the server stores it (base64url). */
  get id(): string {
    return b64url(this.credentialId);
  }

  /** The public key as a COSE_Key (EC2, ES256, P-256) in CBOR. */
  private cosePublicKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<string | number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(String(jwk.x), 'base64url'))],
        [-3, new Uint8Array(Buffer.from(String(jwk.y), 'base64url'))],
      ]),
    );
  }

  /** The answer of navigator.credentials.create to `ceremony` (attestation 'none'). */
  register(ceremony: Ceremony): RegistrationResponseJSON {
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(ceremony.rpId),
      Buffer.from([USER_PRESENT | USER_VERIFIED | ATTESTED_CREDENTIAL]),
      counterBytes(this.counter),
      Buffer.alloc(16), // AAGUID: none given
      idLength,
      this.credentialId,
      this.cosePublicKey(),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string | number, string | Uint8Array | Map<string | number, never>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string | number, never>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(clientDataJSON('webauthn.create', ceremony)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /**
   * The answer of navigator.credentials.get to `ceremony`, signed with the passkey's private key at
   * the current counter, which then moves on by one (`counter` overrides it, for a cloned device).
   */
  assert(ceremony: Ceremony, counter: number = ++this.counter): AuthenticationResponseJSON {
    const authData = Buffer.concat([
      sha256(ceremony.rpId),
      Buffer.from([USER_PRESENT | USER_VERIFIED]),
      counterBytes(counter),
    ]);
    const clientData = clientDataJSON('webauthn.get', ceremony);
    // ES256: ECDSA P-256 over authenticatorData || SHA-256(clientDataJSON), DER-encoded.
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
    };
  }
}
