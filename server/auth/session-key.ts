import { createHash, randomBytes } from 'node:crypto';

/** How long a session key is valid after login: 12 hours, in ms. Issue 2 §4 Auth. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/** A new session key: 32 random bytes as 64 hex characters. Only its hash is stored. */
export function newSessionKey(): string {
  return randomBytes(32).toString('hex');
}

/** SHA-256 hex of a session key: what the sessions table stores, so a leaked table grants nothing. */
export function hashSessionKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
