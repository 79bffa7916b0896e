/**
 * JSON Schemas of the passkey calls' bodies (issue 38, ADR 754): the browser's answers as
 * @simplewebauthn/browser's startRegistration and startAuthentication give them
 * (RegistrationResponseJSON, AuthenticationResponseJSON), every binary field base64url and
 * bounded; unknown properties refused except inside clientExtensionResults, whose members each
 * browser names as it likes.
 */
import { idSchema, sessionBodySchema, sessionKeySchema } from './request-schemas.ts';
import { mfaTokenSchema } from './sign-in-security-request-schemas.ts';

/** base64url without padding, at most `maxLength` characters. */
const base64url = (maxLength: number) =>
  ({ type: 'string', pattern: '^[A-Za-z0-9_-]*$', maxLength }) as const;

/** A credential id: at most 1023 bytes (WebAuthn), 1364 base64url characters. */
const credentialId = { ...base64url(1364), minLength: 1 } as const;

/** What both answers share around their `response`. */
const credentialProperties = {
  id: credentialId,
  rawId: credentialId,
  type: { type: 'string', const: 'public-key' },
  authenticatorAttachment: { type: 'string', enum: ['platform', 'cross-platform'] },
  clientExtensionResults: { type: 'object', maxProperties: 20 },
} as const;

/** The answer of navigator.credentials.create (a new passkey), as JSON. */
const registrationResponse = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'rawId', 'type', 'response', 'clientExtensionResults'],
  properties: {
    ...credentialProperties,
    response: {
      type: 'object',
      additionalProperties: false,
      required: ['clientDataJSON', 'attestationObject'],
      properties: {
        clientDataJSON: base64url(4096),
        // Attestation 'none' is asked for; a device that attests anyway may add certificates.
        attestationObject: base64url(32768),
        authenticatorData: base64url(16384),
        transports: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 40 } },
        publicKeyAlgorithm: { type: 'integer' },
        publicKey: base64url(8192),
      },
    },
  },
} as const;

/** The answer of navigator.credentials.get (a passkey's signature), as JSON. */
const authenticationResponse = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'rawId', 'type', 'response', 'clientExtensionResults'],
  properties: {
    ...credentialProperties,
    response: {
      type: 'object',
      additionalProperties: false,
      required: ['clientDataJSON', 'authenticatorData', 'signature'],
      properties: {
        clientDataJSON: base64url(4096),
        authenticatorData: base64url(16384),
        signature: base64url(8192),
        userHandle: base64url(128),
      },
    },
  },
} as const;

/** A passkey's name as its owner types it ("Work laptop"); not blank. */
const passkeyName = { type: 'string', minLength: 1, maxLength: 60, pattern: '\\S' } as const;

/** auth/mfa/passkey-register: the browser's new passkey and its name. */
export const passkeyRegisterBodySchema = sessionBodySchema(
  { response: registrationResponse, name: passkeyName },
  ['response', 'name'],
);

/** auth/mfa/passkey-remove: one of the caller's passkeys. */
export const passkeyRemoveBodySchema = sessionBodySchema({ id: idSchema }, ['id']);

/** auth/mfa/passkey-options: the sign-in's mfa_token. Open: a session_key is ignored. */
export const passkeyOptionsBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['mfa_token'],
  properties: { session_key: sessionKeySchema, mfa_token: mfaTokenSchema },
} as const;

/** auth/mfa/passkey-verify: the sign-in's mfa_token and the passkey's signature. Open. */
export const passkeyVerifyBodySchema = {
  ...passkeyOptionsBodySchema,
  required: ['mfa_token', 'response'],
  properties: { ...passkeyOptionsBodySchema.properties, response: authenticationResponse },
} as const;
