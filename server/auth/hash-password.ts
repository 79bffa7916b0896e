import { randomBytes, scrypt } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/** Derived key length in bytes. */
export const PASSWORD_KEY_LENGTH = 64;

/**
 * Hashes a password with scrypt and a fresh 16-byte salt: `scrypt$<salt hex>$<key hex>`.
 * Issue 2 §4 Auth.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, PASSWORD_KEY_LENGTH);
  return `scrypt$${salt.toString('hex')}$${key.toString('hex')}`;
}
