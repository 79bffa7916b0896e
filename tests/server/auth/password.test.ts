import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../../server/auth/hash-password.ts';
import { hashSessionKey, newSessionKey } from '../../../server/auth/session-key.ts';
import { verifyPassword } from '../../../server/auth/verify-password.ts';

describe('passwords (scrypt, per-user salt)', () => {
  it('verifies the password it hashed and nothing else (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.string({ minLength: 1, maxLength: 40 }),
        async (a, b) => {
          const hash = await hashPassword(a);
          expect(await verifyPassword(a, hash)).toBe(true);
          expect(await verifyPassword(b, hash)).toBe(a === b);
        },
      ),
      { numRuns: 8 },
    );
  });

  it('salts every hash', async () => {
    expect(await hashPassword('demo1234')).not.toBe(await hashPassword('demo1234'));
  });

  it('answers false for malformed hashes instead of throwing', async () => {
    for (const stored of ['', 'plain', 'scrypt$zz$zz', 'bcrypt$aa$bb', 'scrypt$00$0011']) {
      expect(await verifyPassword('demo1234', stored)).toBe(false);
    }
  });
});

describe('session keys', () => {
  it('are 32 random bytes in hex and hash to a different SHA-256 hex', () => {
    const keys = new Set(Array.from({ length: 50 }, newSessionKey));
    expect(keys.size).toBe(50);
    for (const key of keys) {
      expect(key).toMatch(/^[0-9a-f]{64}$/);
      const hash = hashSessionKey(key);
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect(hash).not.toBe(key);
      expect(hashSessionKey(key)).toBe(hash);
    }
  });
});
