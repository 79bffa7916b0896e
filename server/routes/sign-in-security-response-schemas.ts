/**
 * JSON Schemas of the `data` the second factor and session calls answer (issue 38), keyed by
 * `<METHOD> <route url>`; server/http/openapi-answers.ts puts each in the success envelope.
 */
import { signedInSchema } from './auth-response-schemas.ts';

const timestamp = { type: 'string', description: 'ISO 8601 timestamp.' } as const;
/** Recovery codes as the call that turns a factor on answers them (TOTP, a first passkey: ADR 755). */
export const recoveryCodesSchema = {
  type: 'array',
  minItems: 8,
  items: { type: 'string', examples: ['k7m2p-x9qrt'] },
  description: 'One-time codes, shown this once: each signs in once in place of an app code or a passkey.',
} as const;

/** A session as its owner's list shows it. */
const listedSession = {
  type: 'object',
  required: ['id', 'created_at', 'last_seen_at', 'client_address', 'browser', 'current'],
  properties: {
    id: { type: 'integer' },
    created_at: timestamp,
    last_seen_at: { ...timestamp, description: 'Last call, to the minute.' },
    client_address: { type: ['string', 'null'] },
    browser: { type: ['string', 'null'], examples: ['Chrome 120 on Linux'] },
    current: { type: 'boolean', description: 'The session of this call.' },
  },
} as const;

export const SIGN_IN_SECURITY_ANSWER_SCHEMAS: Readonly<Record<string, object>> = {
  'POST /api/auth/mfa/verify': signedInSchema,
  'POST /api/auth/mfa/totp-enroll': {
    type: 'object',
    required: ['secret', 'otpauth_uri'],
    properties: {
      secret: { type: 'string', description: 'Base32 (RFC 4648), for typing into an app.' },
      otpauth_uri: {
        type: 'string',
        examples: ['otpauth://totp/MGA%20Agent%20Portal:a%40b.test?secret=...'],
      },
    },
  },
  'POST /api/auth/mfa/totp-confirm': {
    type: 'object',
    required: ['recovery_codes'],
    properties: {
      recovery_codes: recoveryCodesSchema,
      // With an mfa_token, the sign-in completes: the session as auth/mfa/verify answers it.
      ...signedInSchema.properties,
    },
  },
  'POST /api/auth/mfa/status': {
    type: 'object',
    required: ['totp_enabled', 'recovery_codes_left', 'passkeys', 'required_by_company'],
    properties: {
      totp_enabled: { type: 'boolean' },
      recovery_codes_left: { type: 'integer' },
      passkeys: { type: 'integer', description: 'Passkeys registered.' },
      required_by_company: { type: 'boolean' },
    },
  },
  'POST /api/auth/sessions/list': {
    type: 'object',
    required: ['sessions'],
    properties: { sessions: { type: 'array', items: listedSession } },
  },
  'POST /api/auth/sessions/revoke': {
    type: 'object',
    required: ['revoked_id'],
    properties: { revoked_id: { type: 'integer' } },
  },
  'POST /api/auth/sessions/revoke-others': { type: 'null' },
  'POST /api/users/revoke-sessions': {
    type: 'object',
    required: ['user_id'],
    properties: { user_id: { type: 'integer', description: 'The user whose sessions ended.' } },
  },
  'POST /api/users/reset-mfa': {
    type: 'object',
    required: ['user_id', 'totp_removed', 'passkeys_removed'],
    properties: {
      user_id: { type: 'integer', description: 'The user whose second factor was removed.' },
      totp_removed: { type: 'boolean', description: 'The authenticator app was on.' },
      passkeys_removed: { type: 'integer', description: 'Passkeys removed.' },
    },
  },
};
