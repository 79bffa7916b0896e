/**
 * JSON Schemas of the request bodies of the second factor and session calls (issue 38), checked
 * at the edge like request-schemas.ts: unknown properties refused, strings bounded, session_key
 * never `required` (the auth hook answers 401 first).
 */
import { idSchema, sessionBodySchema, sessionKeySchema } from './request-schemas.ts';

/** An mfa_token as login answers it (64 hex characters; anything else matches no challenge). */
export const mfaTokenSchema = { type: 'string', minLength: 1, maxLength: 200 } as const;
/** A TOTP code (6 digits) or a recovery code (`xxxxx-xxxxx`), as typed. */
const code = { type: 'string', minLength: 1, maxLength: 40 } as const;

/** auth/mfa/verify: the token of the password step and a code. Open: a session_key is ignored. */
export const mfaVerifyBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['mfa_token', 'code'],
  properties: { session_key: sessionKeySchema, mfa_token: mfaTokenSchema, code },
} as const;

/** auth/mfa/totp-enroll: a session, or the mfa_token of a sign-in that must enrol first. */
export const totpEnrolBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { session_key: sessionKeySchema, mfa_token: mfaTokenSchema },
} as const;

/** auth/mfa/totp-confirm: the first code, with a session or the enrolling sign-in's mfa_token. */
export const totpConfirmBodySchema = {
  ...totpEnrolBodySchema,
  required: ['code'],
  properties: { ...totpEnrolBodySchema.properties, code },
} as const;

/** auth/sessions/revoke: one of the caller's sessions. */
export const sessionRevokeBodySchema = sessionBodySchema({ id: idSchema }, ['id']);
