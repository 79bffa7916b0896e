/**
 * A password sign-in with its audit event (issue 38): `auth.login` for the account that signed in,
 * `auth.login_failed` for a refused attempt (targeting the account the e-mail names, if any, so
 * its agency's trail shows guesses at its users). docs/decisions/719-append-only-audit-trail.md.
 */
import type { FastifyRequest } from 'fastify';
import { auditCallerOf, recordAuditEvent } from '../audit/record-audit-event.ts';
import type { Executor } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { findAccountByEmail } from '../repositories/accounts-repository.ts';

/** What a sign-in answers: at least the user signed in and their agency. */
interface SignedIn {
  user: { id: number; mga_company: { id: number } | null };
}

/**
 * Runs `signIn` (the sign-in of `email`) and records its outcome; answers what it answers and
 * rethrows what it throws (a 401 after recording auth.login_failed).
 */
export async function auditedSignIn<T extends SignedIn>(
  db: Executor,
  request: FastifyRequest,
  email: string,
  signIn: () => Promise<T>,
): Promise<T> {
  let answer: T;
  try {
    answer = await signIn();
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 401) {
      const account = await findAccountByEmail(db, email);
      await recordAuditEvent(db, auditCallerOf(request, account?.user.id ?? null), {
        action: 'auth.login_failed',
        companyId: account?.user.company_id ?? null,
        target: account ? { type: 'user', id: account.user.id } : null,
      });
    }
    throw error;
  }
  await recordAuditEvent(db, auditCallerOf(request, answer.user.id), {
    action: 'auth.login',
    companyId: answer.user.mga_company?.id ?? null,
    target: { type: 'user', id: answer.user.id },
  });
  return answer;
}
