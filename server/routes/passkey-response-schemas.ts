/**
 * JSON Schemas of the `data` the passkey calls answer (issue 38, ADR 754), keyed by
 * `<METHOD> <route url>`: the WebAuthn options as @simplewebauthn/server makes them (the JSON of
 * PublicKeyCredentialCreationOptions and PublicKeyCredentialRequestOptions, binary fields in
 * base64url), which @simplewebauthn/browser takes as `optionsJSON`; the passkey list; the session
 * of a passkey sign-in.
 */
import { AUTHENTICATOR_TRANSPORTS } from '../services/passkey-service.ts';
import { signedInSchema } from './auth-response-schemas.ts';
import { recoveryCodesSchema } from './sign-in-security-response-schemas.ts';

const base64url = { type: 'string', description: 'base64url, no padding.' } as const;
const publicKeyType = { type: 'string', enum: ['public-key'] } as const;
const userVerification = { type: 'string', enum: ['required', 'preferred', 'discouraged'] } as const;
const transports = { type: 'array', items: { type: 'string', enum: AUTHENTICATOR_TRANSPORTS } } as const;

/** A passkey the browser should leave out (registration) or may use (sign-in). */
const credentialDescriptor = {
  type: 'object',
  required: ['id', 'type'],
  properties: { id: base64url, type: publicKeyType, transports },
} as const;

/** A passkey as its owner's list shows it. */
const listedPasskey = {
  type: 'object',
  required: ['id', 'name', 'created_at', 'transports'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string', examples: ['Work laptop'] },
    created_at: { type: 'string', description: 'ISO 8601 timestamp.' },
    transports: { ...transports, description: 'How the browser reached the authenticator.' },
  },
} as const;

export const PASSKEY_ANSWER_SCHEMAS: Readonly<Record<string, object>> = {
  'POST /api/auth/mfa/passkey-register-options': {
    type: 'object',
    description: 'The `optionsJSON` of startRegistration (@simplewebauthn/browser).',
    required: ['challenge', 'rp', 'user', 'pubKeyCredParams'],
    properties: {
      challenge: base64url,
      rp: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string' },
          id: { type: 'string', description: 'The relying party id (WEBAUTHN_RP_ID).' },
        },
      },
      user: {
        type: 'object',
        required: ['id', 'name', 'displayName'],
        properties: { id: base64url, name: { type: 'string' }, displayName: { type: 'string' } },
      },
      pubKeyCredParams: {
        type: 'array',
        items: {
          type: 'object',
          required: ['alg', 'type'],
          properties: { alg: { type: 'integer', description: 'A COSE algorithm.' }, type: publicKeyType },
        },
      },
      timeout: { type: 'integer', description: 'Milliseconds.' },
      attestation: { type: 'string', enum: ['none', 'indirect', 'direct', 'enterprise'] },
      excludeCredentials: { type: 'array', items: credentialDescriptor },
      authenticatorSelection: {
        type: 'object',
        properties: {
          authenticatorAttachment: { type: 'string', enum: ['platform', 'cross-platform'] },
          residentKey: { type: 'string', enum: ['discouraged', 'preferred', 'required'] },
          requireResidentKey: { type: 'boolean' },
          userVerification,
        },
      },
      extensions: { type: 'object', properties: { credProps: { type: 'boolean' } } },
      hints: { type: 'array', items: { type: 'string', enum: ['hybrid', 'security-key', 'client-device'] } },
    },
  },
  'POST /api/auth/mfa/passkey-register': {
    type: 'object',
    required: ['passkey'],
    properties: { passkey: listedPasskey, recovery_codes: recoveryCodesSchema },
  },
  'POST /api/auth/mfa/passkeys-list': {
    type: 'object',
    required: ['passkeys'],
    properties: { passkeys: { type: 'array', items: listedPasskey } },
  },
  'POST /api/auth/mfa/passkey-remove': {
    type: 'object',
    required: ['removed_id'],
    properties: { removed_id: { type: 'integer' } },
  },
  'POST /api/auth/mfa/passkey-options': {
    type: 'object',
    description: 'The `optionsJSON` of startAuthentication (@simplewebauthn/browser).',
    required: ['challenge'],
    properties: {
      challenge: base64url,
      rpId: { type: 'string', description: 'The relying party id (WEBAUTHN_RP_ID).' },
      allowCredentials: { type: 'array', items: credentialDescriptor },
      timeout: { type: 'integer', description: 'Milliseconds.' },
      userVerification,
    },
  },
  'POST /api/auth/mfa/passkey-verify': signedInSchema,
};
