/**
 * The first super-admin of a production database (issue 39): production seeds no demo accounts,
 * so `npm run superadmin:create -- --email E` makes one. The password must pass the same rules as
 * a password set through the API: the `password` of change-password's body schema, and not a
 * common password (server/auth/common-password.ts, issue 38).
 */
import Ajv from 'ajv';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../auth/common-password.ts';
import { hashPassword } from '../auth/hash-password.ts';
import type { Executor } from '../db/database.ts';
import { insertUser, userIdByEmail } from '../repositories/users-repository.ts';
import { changePasswordBodySchema } from '../routes/account-request-schemas.ts';

/** The name a super-admin made by the command gets (they can change it in their profile). */
export const SUPER_ADMIN_NAME = 'Super-admin';

const validEmail = new Ajv().compile({
  type: 'string',
  minLength: 3,
  maxLength: 254,
  pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
});
const validPassword = new Ajv().compile(
  (changePasswordBodySchema.properties as Record<string, object>).password,
);

/** What was done: the new user's id, or why nothing was. */
export type SuperAdminResult = { created: true; userId: number } | { created: false; problem: string };

/**
 * Creates a super-admin with `email` (trimmed, lower-cased, as sign-in compares it) and
 * `password` (scrypt-hashed). Refuses, changing nothing, an invalid e-mail, a password the
 * API's rules refuse (at least 8 characters, at most 200, not a common password), or an e-mail
 * already in use.
 */
export async function createSuperAdmin(
  db: Executor,
  email: string,
  password: string,
): Promise<SuperAdminResult> {
  const normalised = email.trim().toLowerCase();
  if (!validEmail(normalised))
    return { created: false, problem: `${JSON.stringify(email)} is not an e-mail address.` };
  if (!validPassword(password))
    return { created: false, problem: 'The password must be 8 to 200 characters long.' };
  if (await isCommonPassword(password)) return { created: false, problem: COMMON_PASSWORD_MESSAGE };
  if ((await userIdByEmail(db, normalised)) !== null)
    return { created: false, problem: `A user with the e-mail ${normalised} already exists.` };
  const userId = await insertUser(db, {
    email: normalised,
    name: SUPER_ADMIN_NAME,
    role: 'super-admin',
    password_hash: await hashPassword(password),
    company_id: null,
  });
  return { created: true, userId };
}
