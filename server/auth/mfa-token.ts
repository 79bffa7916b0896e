/**
 * Limits of the mfa_token of a sign-in that needs a second factor (issue 38). The token itself is
 * made and hashed as a session key is (session-key.ts): 32 random bytes as hex, stored as SHA-256.
 */

/** How long an mfa_token is valid after the right password: 10 minutes, in ms. */
export const MFA_TOKEN_TTL_MS = 10 * 60_000;

/** Wrong codes one mfa_token survives; the next sign-in starts again from the password. */
export const MFA_TOKEN_MAX_FAILURES = 5;
